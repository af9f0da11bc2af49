// The app on a real port (127.0.0.1, port 0), for tests that drive it with the real supabase-js client and
// plain fetch. The app is built after the port is known, so its publicUrl (links in mails, the OAuth
// callback) is the address the tests reach it at.
import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createClient } from '@supabase/supabase-js';
import type { SupabaseClient } from '@supabase/supabase-js';
import ws from 'ws';
import type { MailboxEntry } from '@shared/mailbox-entry';
import type { Config } from '../../server/config';
import { KEEP_ALIVE_TIMEOUT_MS } from '../../server/http/keep-alive';
import type { GateOptions } from '../../server/metadata/openlibrary-gate';
import { settleJobs } from './jobs';
import { createTestApp } from './test-app';
import type { TestApp } from './test-app';

/** A mail in the local mailbox (GET /dev/mail). */
export type Mail = MailboxEntry;

export interface TestServer {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  t: TestApp;
  /** A fresh supabase-js client (PKCE, in-memory storage, no auto refresh), as the web app makes it. */
  /** `fetch` stands in for the client's (a cookie jar's, say, as the browser's fetch has one). */
  client(options?: { headers?: Record<string, string>; fetch?: typeof fetch }): SupabaseClient;
  /** POSTs to /sf/{name} over HTTP; `headers` adds to (or replaces) the defaults. */
  sf(
    name: string,
    body?: unknown,
    token?: string,
    headers?: Record<string, string>,
  ): Promise<{ status: number; body: any }>;
  /** The local mailbox for `to`, newest first, from GET /dev/mail, once the outbox has sent what is due. */
  mails(to: string): Promise<Mail[]>;
  close(): Promise<void>;
}

export function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

type ConfigFor = Partial<Config> | ((url: string) => Partial<Config> | Promise<Partial<Config>>);

export async function startTestServer(
  options: { config?: ConfigFor; jobs?: boolean; openLibraryGate?: GateOptions } = {},
): Promise<TestServer> {
  let app: TestApp['app'] | null = null;
  const server = serve({
    fetch: (req, env) => (app ? app.fetch(req, env) : new Response('starting', { status: 503 })),
    port: 0,
    hostname: '127.0.0.1',
  }) as Server;
  // As the real server does (server/main.ts): a test that pauses longer than Node's default 5 s must not meet
  // a keep-alive socket the server is closing.
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  if (!server.listening) await once(server, 'listening');
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const extra = typeof options.config === 'function' ? await options.config(url) : (options.config ?? {});
  const t = await createTestApp({
    config: { publicUrl: url, ...extra },
    jobs: options.jobs,
    openLibraryGate: options.openLibraryGate,
  });
  app = t.app;
  const { anonKey, serviceRoleKey } = t.deps.keys;

  return {
    url,
    anonKey,
    serviceRoleKey,
    t,
    client: (clientOptions = {}) =>
      createClient(url, anonKey, {
        global: {
          headers: clientOptions.headers ?? {},
          ...(clientOptions.fetch ? { fetch: clientOptions.fetch } : {}),
        },
        auth: {
          flowType: 'pkce',
          persistSession: true,
          storage: memoryStorage(),
          autoRefreshToken: false,
          detectSessionInUrl: false,
        },
        realtime: { transport: ws as never },
      }),
    async sf(name, body, token, headers = {}) {
      const res = await fetch(`${url}/sf/${name}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${token ?? anonKey}`,
          ...headers,
        },
        body: JSON.stringify(body ?? {}),
      });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : null };
    },
    async mails(to) {
      await settleJobs(t.deps.db);
      const res = await fetch(`${url}/dev/mail?to=${encodeURIComponent(to)}`);
      if (!res.ok) throw new Error(`GET /dev/mail answered ${res.status}`);
      return (await res.json()) as Mail[];
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await t.close();
    },
  };
}
