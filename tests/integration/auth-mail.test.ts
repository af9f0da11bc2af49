// Mail delivery: over SMTP when SMTP_URL is set (a fake SMTP server here), the local mailbox otherwise, and
// what happens when the mail server cannot be reached.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { authFetch, newRegistration, registerConfirmed } from '../support/auth-flows';
import { startFakeSmtp } from '../support/fake-smtp';
import { settleJobs } from '../support/jobs';
import type { FakeSmtp } from '../support/fake-smtp';
import { createTestApp } from '../support/test-app';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';

/** The text of a quoted-printable MIME message, soft line breaks joined. */
const decode = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

describe('with SMTP_URL set', () => {
  let smtp: FakeSmtp;
  let s: TestServer;
  beforeAll(async () => {
    smtp = await startFakeSmtp();
    s = await startTestServer({
      config: { smtpUrl: smtp.url, mailFrom: 'Shelfwise <no-reply@shelfwise.test>' },
    });
  });
  afterAll(async () => {
    await s.close();
    await smtp.close();
  });

  it('sends the confirmation mail through the SMTP server and keeps no copy', async () => {
    const reg = newRegistration();
    const { status } = await s.sf('register-user', reg);
    expect(status).toBe(200);
    await settleJobs(s.t.deps.db);
    const mail = smtp.received.at(-1);
    expect(mail?.to).toEqual([`<${reg.email}>`]);
    expect(mail?.from).toBe('<no-reply@shelfwise.test>');
    const text = decode(mail?.data ?? '');
    expect(text).toContain('Subject: Confirm your Shelfwise account');
    expect(text).toMatch(new RegExp(`${s.url}/confirm-signup\\?confirmation_url=`));
    expect(await s.mails(reg.email)).toEqual([]);
  });
});

describe('with an SMTP server that cannot be reached', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ config: { smtpUrl: 'smtp://127.0.0.1:1' } });
  });
  afterAll(() => s.close());

  it('still registers: the confirmation mail waits in the outbox and is retried, never lost silently', async () => {
    const reg = newRegistration();
    const { status, body } = await s.sf('register-user', reg);
    expect(status).toBe(200);
    expect(body.code).toBe('confirmation_sent');
    const [user] = await s.t.deps.db.query<{ email_confirmed_at: string | null }>(
      'select email_confirmed_at from auth.users where email = $1',
      [reg.email],
    );
    expect(user).toEqual({ email_confirmed_at: null });
    for (let i = 0; i < 300; i += 1) {
      const [job] = await s.t.deps.db.query<{ last_error: string | null }>(
        `select last_error from jobs.queue where kind = 'mail'`,
      );
      if (job?.last_error) break;
      await new Promise((r) => setTimeout(r, 10));
    }
    const [job] = await s.t.deps.db.query<{ attempts: number; last_error: string }>(
      `select attempts, last_error from jobs.queue where kind = 'mail'`,
    );
    expect(job?.attempts).toBeGreaterThanOrEqual(1);
    expect(job?.last_error).toMatch(/mail delivery failed/);
  });

  it('still answers /recover with 200, so the answer tells nothing about the account', async () => {
    const [user] = await s.t.deps.db.query<{ email: string }>(
      `insert into auth.users (email, email_confirmed_at) values ('known@example.test', now()) returning email`,
    );
    for (const email of [user?.email, 'unknown@example.test']) {
      const res = await authFetch(s, '/recover', { body: { email } });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({});
    }
  });
});

describe('the local mailbox', () => {
  it('is on by default outside production; MAIL_MAILBOX=0 turns it off, MAIL_MAILBOX=1 on', () => {
    const mailbox = (env: Record<string, string>) => loadConfig({ DATA_DIR: '/nonexistent', ...env }).mailbox;
    expect(mailbox({})).toBe(true);
    expect(mailbox({ MAIL_MAILBOX: '0' })).toBe(false);
    expect(mailbox({ NODE_ENV: 'production' })).toBe(false);
    expect(mailbox({ NODE_ENV: 'production', MAIL_MAILBOX: '1' })).toBe(true);
  });

  it('is served at /dev/mail only when config.mailbox is on', async () => {
    const off = await createTestApp({ config: { mailbox: false } });
    try {
      expect((await off.app.request('/dev/mail?to=a@b.co')).status).toBe(404);
    } finally {
      await off.close();
    }
  });

  it('answers only clients on this machine, by the socket address, never by a header', async () => {
    // Even a server told to trust X-Forwarded-For (TRUST_PROXY=1) must not take it as a local client.
    const t = await createTestApp({ config: { trustProxy: true } });
    const from = (remoteAddress: string, headers: Record<string, string> = {}) =>
      t.app.request('/dev/mail?to=a@b.co', { headers }, { incoming: { socket: { remoteAddress } } });
    try {
      for (const local of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) {
        expect((await from(local)).status, local).toBe(200);
      }
      for (const remote of ['203.0.113.9', '10.0.0.5', '::ffff:192.0.2.1', 'fe80::1']) {
        const res = await from(remote, { 'x-forwarded-for': '127.0.0.1', host: 'localhost' });
        expect(res.status, remote).toBe(403);
        expect(await res.json()).toEqual({
          error: 'The local mailbox answers only on the machine the server runs on.',
          code: 'forbidden',
        });
      }
      // A proxy on this machine connects from loopback: what it forwards is not a local client.
      for (const header of ['x-forwarded-for', 'forwarded', 'x-real-ip']) {
        expect((await from('127.0.0.1', { [header]: '203.0.113.9' })).status, header).toBe(403);
      }
      // In-process requests have no socket at all.
      expect((await t.app.request('/dev/mail?to=a@b.co')).status).toBe(403);
    } finally {
      await t.close();
    }
  });

  it('answers the mails for one address, newest first, with their links', async () => {
    const s = await startTestServer();
    try {
      const reg = await registerConfirmed(s);
      await authFetch(s, '/recover', { body: { email: reg.email.toUpperCase() } });
      const mails = await s.mails(reg.email.toUpperCase());
      expect(mails.map((m) => m.subject)).toEqual([
        'Reset your Shelfwise password',
        'Confirm your Shelfwise account',
      ]);
      expect(Object.keys(mails[0] ?? {}).sort()).toEqual([
        'created_at',
        'html',
        'links',
        'subject',
        'text',
        'to',
      ]);
      expect(mails[0]?.links[0]).toMatch(/\/confirm-reset\?confirmation_url=/);
      expect(await s.mails('someone-else@example.test')).toEqual([]);
    } finally {
      await s.close();
    }
  });
});
