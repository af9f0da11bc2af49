// Mail delivery: over SMTP when SMTP_URL is set (a fake SMTP server here), the local mailbox otherwise, and
// what happens when the mail server cannot be reached.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../server/auth/passwords';
import { authFetch, authTableCounts, newRegistration, registerConfirmed } from '../support/auth-flows';
import { startFakeSmtp } from '../support/fake-smtp';
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

  it('refuses the registration and keeps nothing, rather than make an account nobody can confirm', async () => {
    const before = await authTableCounts(s);
    const { status, body } = await s.sf('register-user', newRegistration());
    expect(status).toBe(503);
    expect(body.code).toBe('mail_unavailable');
    expect(await authTableCounts(s)).toEqual(before);
  });

  it('refuses an e-mail change it cannot confirm, changing nothing', async () => {
    const email = 'changer@example.test';
    await s.t.deps.db.query(
      `insert into auth.users (email, encrypted_password, email_confirmed_at) values ($1, $2, now())`,
      [email, await hashPassword('Str0ng!pass')],
    );
    const client = s.client();
    expect((await client.auth.signInWithPassword({ email, password: 'Str0ng!pass' })).error).toBeNull();
    const before = await authTableCounts(s);
    const { error } = await client.auth.updateUser({
      email: 'changed@example.test',
      data: { theme: 'dark' },
    });
    // A 5xx, as from Supabase Auth: supabase-js reports it as a retryable failure without reading the body.
    expect(error?.status).toBe(500);
    expect(error?.name).toBe('AuthRetryableFetchError');
    expect(await authTableCounts(s)).toEqual(before);
    const raw = await authFetch(s, '/user', {
      method: 'PUT',
      token: (await client.auth.getSession()).data.session?.access_token ?? '',
      body: { email: 'changed@example.test' },
    });
    expect(raw.body).toEqual({ code: 'unexpected_failure', message: 'Error sending email change email' });
    const user = (await client.auth.getUser()).data.user;
    expect(user?.new_email).toBeUndefined();
    expect(user?.user_metadata).not.toHaveProperty('theme');
  });

  it('still answers /recover with 200, so the answer tells nothing about the account', async () => {
    const [user] = await s.t.deps.db.query<{ email: string }>(
      `insert into auth.users (email, email_confirmed_at) values ('known@example.test', now()) returning email`,
    );
    const before = await authTableCounts(s);
    for (const email of [user?.email, 'unknown@example.test']) {
      const res = await authFetch(s, '/recover', { body: { email } });
      expect(res.status).toBe(200);
    }
    expect(await authTableCounts(s)).toEqual(before);
  });
});

describe('the local mailbox', () => {
  it('is served at /dev/mail only when config.mailbox is on', async () => {
    const off = await createTestApp({ config: { mailbox: false } });
    try {
      expect((await off.app.request('/dev/mail?to=a@b.co')).status).toBe(404);
    } finally {
      await off.close();
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
