// Steps the auth tests share: register through /sf/register-user, read the mail, follow its link.
import { expect } from 'vitest';
import { settleJobs } from './jobs';
import type { Mail, TestServer } from './test-server';

export const PASSWORD = 'Str0ng!pass';
let counter = 0;

export interface Registration {
  email: string;
  password: string;
  username: string;
}

export function newRegistration(prefix = 'reader'): Registration & { first_name: string; last_name: string } {
  counter += 1;
  const tag = `${prefix}${counter}${Math.random().toString(36).slice(2, 7)}`;
  return {
    email: `${tag}@example.test`,
    password: PASSWORD,
    username: tag,
    first_name: 'Ada',
    last_name: 'Lovelace',
  };
}

/** Registers through /sf/register-user and checks the documented answer. */
export async function register(
  s: TestServer,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Promise<Registration> {
  const reg = newRegistration();
  const { status, body } = await s.sf('register-user', { ...reg, ...extra }, undefined, headers);
  expect(status, JSON.stringify(body)).toBe(200);
  expect(body.code).toBe('confirmation_sent');
  return reg;
}

export async function latestMail(s: TestServer, to: string): Promise<Mail> {
  const [mail] = await s.mails(to);
  if (!mail) throw new Error(`no mail for ${to}`);
  return mail;
}

/** The verify URL a mail's link carries as `confirmation_url`. */
export function confirmationUrl(mail: Mail): string {
  const link = mail.links[0];
  if (!link) throw new Error('mail without a link');
  const verify = new URL(link).searchParams.get('confirmation_url');
  if (!verify) throw new Error(`link without confirmation_url: ${link}`);
  return verify;
}

/** Opens a verify URL as a browser would, and answers where it redirects to. */
export async function followLink(verifyUrl: string, headers: Record<string, string> = {}): Promise<URL> {
  const res = await fetch(verifyUrl, { redirect: 'manual', headers });
  expect(res.status).toBe(303);
  return new URL(res.headers.get('location') ?? '');
}

export const fragmentOf = (url: URL) => new URLSearchParams(url.hash.slice(1));

/** Registers and confirms the address by following the link in the mail. */
export async function registerConfirmed(
  s: TestServer,
  headers: Record<string, string> = {},
): Promise<Registration> {
  const reg = await register(s, {}, headers);
  const landed = await followLink(confirmationUrl(await latestMail(s, reg.email)), headers);
  expect(fragmentOf(landed).get('access_token')).toBeTruthy();
  return reg;
}

/** A raw /auth/v1 call with the anon key, as supabase-js makes it. */
export async function authFetch(
  s: TestServer,
  path: string,
  init: { method?: string; body?: unknown; token?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: any; headers: Headers }> {
  const res = await fetch(`${s.url}/auth/v1${path}`, {
    method: init.method ?? 'POST',
    headers: {
      apikey: s.anonKey,
      authorization: `Bearer ${init.token ?? s.anonKey}`,
      'content-type': 'application/json',
      'x-supabase-api-version': '2024-01-01',
      ...init.headers,
    },
    body:
      init.body === undefined
        ? undefined
        : typeof init.body === 'string'
          ? init.body
          : JSON.stringify(init.body),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: the text itself is the answer under test
  }
  return { status: res.status, body, headers: res.headers };
}

/**
 * Counts of every table an auth call could write, to prove a refused call wrote nothing; counted once the
 * outbox has run what is due (unless the test paused the worker), so mail work queued by an earlier call
 * lands before, not during, the count.
 */
export async function authTableCounts(
  s: TestServer,
  { settle = true } = {},
): Promise<Record<string, number>> {
  if (settle) await settleJobs(s.t.deps.db);
  const [row] = await s.t.deps.db.query<Record<string, number>>(
    `select (select count(*) from auth.users) as users, (select count(*) from auth.identities) as identities,
            (select count(*) from auth.sessions) as sessions, (select count(*) from auth.refresh_tokens) as refresh_tokens,
            (select count(*) from auth.one_time_tokens) as one_time_tokens, (select count(*) from auth.flow_state) as flows,
            (select count(*) from auth.mail) as mails, (select count(*) from public.profiles) as profiles,
            (select count(*) from auth.users where email_confirmed_at is not null) as confirmed,
            (select count(*) from auth.users where email_change is not null) as email_changes,
            (select count(*) from auth.refresh_tokens where revoked) as revoked,
            (select count(*) from jobs.queue) as jobs`,
  );
  return row ?? {};
}
