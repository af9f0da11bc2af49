// Mail leaves through the durable outbox (jobs.queue), drained by the worker: /recover does the same work
// for every address, a mail server that is down is retried, and mailed links point only at our origins.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJobs } from '../../server/bootstrap';
import {
  authFetch,
  authTableCounts,
  latestMail,
  newRegistration,
  PASSWORD,
  registerConfirmed,
} from '../support/auth-flows';
import { startFakeSmtp } from '../support/fake-smtp';
import type { FakeSmtp } from '../support/fake-smtp';
import { settleJobs } from '../support/jobs';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';

const SITE = 'https://shelfwise.example';

const queued = (s: TestServer) =>
  s.t.deps.db.query<{ kind: string; payload: Record<string, unknown> }>(
    `select kind, payload from jobs.queue where singleton_key is null order by id`,
  );

describe('/recover with the worker paused', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ jobs: false });
  });
  afterAll(() => s.close());

  it('only queues one job, the same for a known and an unknown address; the worker then mails the known one', async () => {
    const email = 'known-recover@example.test';
    await s.t.deps.db.query(`insert into auth.users (email, email_confirmed_at) values ($1, now())`, [email]);
    const before = await authTableCounts(s, { settle: false });
    for (const address of [email, 'unknown-recover@example.test']) {
      const res = await authFetch(s, '/recover', { body: { email: address } });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({});
    }
    // Nothing about the account was read into the answer or written yet: no link, no flow, no mail.
    expect(await authTableCounts(s, { settle: false })).toEqual({ ...before, jobs: (before.jobs ?? 0) + 2 });
    const jobs = await queued(s);
    expect(jobs.map((j) => j.kind)).toEqual(['auth.recover', 'auth.recover']);
    expect(jobs.map((j) => Object.keys(j.payload).sort())).toEqual([
      ['code_challenge', 'email', 'origin', 'redirect_to'],
      ['code_challenge', 'email', 'origin', 'redirect_to'],
    ]);

    startJobs(s.t.deps);
    await settleJobs(s.t.deps.db);
    expect((await latestMail(s, email)).subject).toBe('Reset your Shelfwise password');
    expect(await s.mails('unknown-recover@example.test')).toEqual([]);
    expect(await queued(s)).toEqual([]);
  });
});

describe('links in mails', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ config: { siteUrls: [SITE] } });
  });
  afterAll(() => s.close());

  it('point at a configured web origin the request names, and at PUBLIC_URL for any other', async () => {
    const reg = await registerConfirmed(s);
    const linkFor = async (headers: Record<string, string>) => {
      await authFetch(s, '/recover', { body: { email: reg.email }, headers });
      return new URL((await latestMail(s, reg.email)).links[0] ?? '').origin;
    };
    expect(await linkFor({ origin: SITE })).toBe(SITE);
    expect(await linkFor({ origin: 'https://evil.example' })).toBe(s.url);
    // A loopback port that is not configured is someone else's listener on this machine.
    expect(await linkFor({ origin: 'http://localhost:5999' })).toBe(s.url);
    expect(await linkFor({ origin: 'http://127.0.0.1:1' })).toBe(s.url);
    expect(await linkFor({ 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' })).toBe(s.url);
    expect(await linkFor({ origin: `${SITE}.evil.example` })).toBe(s.url);
  });

  it('of sign-up mails follow the same rule', async () => {
    for (const [origin, expected] of [
      [SITE, SITE],
      ['http://localhost:5999', s.url],
    ] as const) {
      const reg = newRegistration();
      expect((await s.sf('register-user', reg, undefined, { origin })).status).toBe(200);
      const link = new URL((await latestMail(s, reg.email)).links[0] ?? '');
      expect(link.origin).toBe(expected);
    }
  });
});

describe('with a mail server that is down for a while', () => {
  let smtp: FakeSmtp;
  let s: TestServer;
  beforeAll(async () => {
    smtp = await startFakeSmtp();
    s = await startTestServer({ config: { smtpUrl: smtp.url } });
  });
  afterAll(async () => {
    await s.close();
    await smtp.close();
  });

  const failedAttempts = async () =>
    Number(
      (
        await s.t.deps.db.query<{ n: number }>(
          `select coalesce(max(attempts), 0) as n from jobs.queue where kind = 'mail' and last_error is not null`,
        )
      )[0]?.n,
    );
  const waitFor = async (check: () => Promise<boolean> | boolean) => {
    for (let i = 0; i < 500 && !(await check()); i += 1) await new Promise((r) => setTimeout(r, 10));
    expect(await check()).toBe(true);
  };

  it('creates the account at once and delivers its confirmation mail once the server is back', async () => {
    smtp.refuse(true);
    const reg = newRegistration();
    const { status, body } = await s.sf('register-user', reg);
    expect(status).toBe(200);
    expect(body.code).toBe('confirmation_sent');
    await waitFor(async () => (await failedAttempts()) >= 1);
    expect(smtp.received).toEqual([]);
    smtp.refuse(false);
    await waitFor(() => smtp.received.some((m) => m.to.includes(`<${reg.email}>`)));
    await waitFor(async () => (await queued(s)).length === 0);
  });

  it('keeps an e-mail change and retries its confirmation mail', async () => {
    const email = 'outbox-changer@example.test';
    const { hashPassword } = await import('../../server/auth/passwords');
    await s.t.deps.db.query(
      `insert into auth.users (email, encrypted_password, email_confirmed_at) values ($1, $2, now())`,
      [email, await hashPassword(PASSWORD)],
    );
    const client = s.client();
    expect((await client.auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
    smtp.refuse(true);
    const { data, error } = await client.auth.updateUser({ email: 'outbox-changed@example.test' });
    expect(error).toBeNull();
    expect(data.user?.new_email).toBe('outbox-changed@example.test');
    await waitFor(async () => (await failedAttempts()) >= 1);
    smtp.refuse(false);
    await waitFor(() => smtp.received.some((m) => m.to.includes('<outbox-changed@example.test>')));
  });
});
