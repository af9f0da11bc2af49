// The app built in-process on a fresh database, for tests that call app.request(...).
import type { Hono } from 'hono';
import type { ErrorBody } from '@shared/api/common';
import type { EndpointName, ResponseOf } from '@shared/api/endpoints';
import { createApp } from '../../server/app';
import { openSigningKeys, startJobs } from '../../server/bootstrap';
import { createGoogleOidc } from '../../server/auth/google-oidc';
import { createKeys } from '../../server/auth/keys';
import { createRateLimiter } from '../../server/auth/rate-limiter';
import { loadConfig } from '../../server/config';
import type { Config } from '../../server/config';
import type { SeedWork } from '../../server/db/seed/catalogue';
import { seedCatalogue } from '../../server/db/seed/catalogue';
import type { AppDeps } from '../../server/deps';
import { createCatalogueImporter } from '../../server/features/catalogue/importer';
import { createJobRunner } from '../../server/jobs/job-runner';
import { createMailer } from '../../server/mail/mailer';
import { createOpenLibraryClient } from '../../server/metadata/openlibrary';
import type { GateOptions } from '../../server/metadata/openlibrary-gate';
import { openTestDb } from './test-db';

/** An /sf/ call's answer: its response on success, the uniform error body (shared/api/common.ts) on failure. */
export interface SfAnswer<N extends EndpointName> {
  status: number;
  body: ResponseOf<N> & Partial<ErrorBody>;
}

export const TEST_SECRET = new TextEncoder().encode('test-secret-test-secret-test-secret-0123456789');

export interface TestApp {
  app: Hono;
  deps: AppDeps;
  /**
   * POSTs JSON to /sf/{name} and answers status and parsed body. The body is typed by the endpoint's
   * response, so a test cannot read a field the server never sends; a failure's error fields are there too.
   * The request body is any JSON, since tests also send what the schema refuses.
   */
  sf<N extends EndpointName>(name: N, body?: unknown, token?: string): Promise<SfAnswer<N>>;
  close(): Promise<void>;
}

export async function createTestApp(
  options: {
    seed?: SeedWork[];
    openLibraryUrl?: string;
    /** The Open Library client's rate limit and breaker (server/metadata/openlibrary-gate.ts). */
    openLibraryGate?: GateOptions;
    config?: Partial<Config>;
    /** false leaves the job worker unstarted (jobs wait in the queue until startJobs(t.deps)). */
    jobs?: boolean;
  } = {},
): Promise<TestApp> {
  const { db, drop } = await openTestDb();
  if (options.seed) await seedCatalogue(db, options.seed);
  const config: Config = {
    ...loadConfig({ NODE_ENV: 'test', DATA_DIR: '/nonexistent' }),
    openLibraryUrl: options.openLibraryUrl ?? 'http://127.0.0.1:9',
    ...options.config,
  };
  const openLibrary = createOpenLibraryClient({
    baseUrl: config.openLibraryUrl,
    userAgent: 'Shelfwise/test',
    timeoutMs: 2000,
    gate: options.openLibraryGate,
  });
  const deps: AppDeps = {
    config,
    db,
    keys: await createKeys(TEST_SECRET, await openSigningKeys(config, db, TEST_SECRET)),
    catalogue: createCatalogueImporter(db, openLibrary),
    openLibrary,
    // The local mailbox unless a test sets smtpUrl, kept quiet: tests read mails from /dev/mail or auth.mail.
    mailer: createMailer(config, { log: () => undefined }),
    rateLimiter: createRateLimiter(db, config.rateLimits),
    google: createGoogleOidc(config),
    // Quick retries and polls, so tests of a mail server that comes back need not wait minutes.
    jobs: createJobRunner(db, { pollMs: 1000, retryDelayMs: () => 50, log: () => undefined }),
  };
  if (options.jobs !== false) startJobs(deps);
  const app = createApp(deps);
  return {
    app,
    deps,
    async sf(name, body, token) {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (token) headers.authorization = `Bearer ${token}`;
      const res = await app.request(`/sf/${name}`, {
        method: 'POST',
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      return { status: res.status, body: text ? (JSON.parse(text) as SfAnswer<typeof name>['body']) : null! };
    },
    async close() {
      await deps.jobs.stop();
      await drop();
    },
  };
}
