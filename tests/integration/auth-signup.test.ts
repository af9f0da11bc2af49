// Registration through /sf/register-user, the confirmation mail, and its link, driven over HTTP with the
// real supabase-js client.
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIRMATION_SENT_MESSAGE } from '@shared/api/accounts';
import { PASSWORD_RULE_MESSAGE } from '@shared/domain/account-validation';
import {
  authFetch,
  authTableCounts,
  confirmationUrl,
  followLink,
  fragmentOf,
  latestMail,
  newRegistration,
  register,
} from '../support/auth-flows';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';

let s: TestServer;
beforeAll(async () => {
  // The second site stands for a development server on its own port (npm run dev adds it to SITE_URL).
  s = await startTestServer({ config: { siteUrls: ['https://shelfwise.example', 'http://localhost:5173'] } });
});
afterAll(() => s.close());

const pkcePair = () => {
  const verifier = randomBytes(48).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

describe('register-user', () => {
  it('creates an unconfirmed account and profile and mails a confirmation link', async () => {
    const reg = newRegistration();
    const { status, body } = await s.sf('register-user', { ...reg, email: `  ${reg.email.toUpperCase()} ` });
    expect(status).toBe(200);
    expect(body).toEqual({ code: 'confirmation_sent', message: CONFIRMATION_SENT_MESSAGE });

    const [profile] = await s.t.deps.db.query<any>(
      `select p.username, p.first_name, p.last_name, p.is_admin, u.email, u.email_confirmed_at
         from public.profiles p join auth.users u on u.id = p.id where u.email = $1`,
      [reg.email],
    );
    expect(profile).toEqual({
      username: reg.username,
      first_name: 'Ada',
      last_name: 'Lovelace',
      is_admin: false,
      email: reg.email,
      email_confirmed_at: null,
    });

    const mail = await latestMail(s, reg.email);
    expect(mail.subject).toBe('Confirm your Shelfwise account');
    expect(mail.to).toBe(reg.email);
    const link = mail.links[0] ?? '';
    expect(link.startsWith(`${s.url}/confirm-signup?confirmation_url=`)).toBe(true);
    expect(mail.text).toContain(link);
    expect(mail.html).toContain('Confirm Email');
    const verify = new URL(confirmationUrl(mail));
    expect(verify.origin + verify.pathname).toBe(`${s.url}/auth/v1/verify`);
    expect(verify.searchParams.get('type')).toBe('signup');
    expect(verify.searchParams.get('redirect_to')).toBe(`${s.url}/`);
  });

  it('cannot sign in before the address is confirmed', async () => {
    const reg = await register(s);
    const { data, error } = await s
      .client()
      .auth.signInWithPassword({ email: reg.email, password: reg.password });
    expect(data.session).toBeNull();
    expect(error?.code).toBe('email_not_confirmed');
    expect(error?.status).toBe(400);
  });

  it('confirms through the link once, signs in, and refuses the link a second time', async () => {
    const reg = await register(s, { redirect_to: 'https://shelfwise.example/welcome' });
    const verify = confirmationUrl(await latestMail(s, reg.email));
    const landed = await followLink(verify);
    expect(landed.origin + landed.pathname).toBe('https://shelfwise.example/welcome');
    const fragment = fragmentOf(landed);
    expect(fragment.get('type')).toBe('signup');
    expect(fragment.get('token_type')).toBe('bearer');
    expect(fragment.get('expires_in')).toBe('3600');
    const client = s.client();
    const { data: viaLink } = await client.auth.getUser(fragment.get('access_token') ?? '');
    expect(viaLink.user?.email).toBe(reg.email);
    expect(viaLink.user?.email_confirmed_at).toBeTruthy();

    const again = await followLink(verify);
    expect(again.origin + again.pathname).toBe('https://shelfwise.example/welcome');
    expect(again.searchParams.get('error')).toBe('access_denied');
    expect(again.searchParams.get('error_code')).toBe('otp_expired');
    expect(again.searchParams.get('error_description')).toBe('Email link is invalid or has expired');
    expect(again.hash).toBe('');

    const { data, error } = await client.auth.signInWithPassword({
      email: reg.email,
      password: reg.password,
    });
    expect(error).toBeNull();
    expect(data.session?.token_type).toBe('bearer');
    expect(data.session?.expires_in).toBe(3600);
    expect(data.user?.identities?.map((i) => i.provider)).toEqual(['email']);
    expect(data.user?.aud).toBe('authenticated');
  });

  it('links mails to the requesting web origin when it is ours, else to the public URL', async () => {
    const local = await register(s, {}, { origin: 'http://localhost:5173' });
    expect((await latestMail(s, local.email)).links[0]).toMatch(
      /^http:\/\/localhost:5173\/confirm-signup\?confirmation_url=/,
    );
    const evil = await register(s, {}, { origin: 'https://evil.example' });
    expect((await latestMail(s, evil.email)).links[0]?.startsWith(`${s.url}/confirm-signup?`)).toBe(true);
    const evilRedirect = await register(s, { redirect_to: 'https://evil.example/steal' });
    const verify = new URL(confirmationUrl(await latestMail(s, evilRedirect.email)));
    expect(verify.searchParams.get('redirect_to')).toBe(`${s.url}/`);
  });

  it('gives the desktop app shelfwise:// links', async () => {
    const reg = await register(s, { redirect_to: 'shelfwise://auth/callback' });
    const mail = await latestMail(s, reg.email);
    expect(mail.links[0]).toMatch(/^shelfwise:\/\/confirm-signup\?confirmation_url=/);
    const landed = await followLink(confirmationUrl(mail));
    expect(landed.protocol).toBe('shelfwise:');
    expect(fragmentOf(landed).get('refresh_token')).toBeTruthy();
  });

  it('answers a PKCE client with a code only its verifier can exchange, once', async () => {
    const { verifier, challenge } = pkcePair();
    const reg = await register(s, { code_challenge: challenge, code_challenge_method: 's256' });
    const landed = await followLink(confirmationUrl(await latestMail(s, reg.email)));
    const code = landed.searchParams.get('code') ?? '';
    expect(code).toBeTruthy();
    expect(landed.hash).toBe('');

    const wrong = await authFetch(s, '/token?grant_type=pkce', {
      body: { auth_code: code, code_verifier: pkcePair().verifier },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('bad_code_verifier');
    const right = await authFetch(s, '/token?grant_type=pkce', {
      body: { auth_code: code, code_verifier: verifier },
    });
    expect(right.status).toBe(200);
    expect(right.body.user.email).toBe(reg.email);
    expect(right.body.refresh_token).toBeTruthy();
    const replay = await authFetch(s, '/token?grant_type=pkce', {
      body: { auth_code: code, code_verifier: verifier },
    });
    expect(replay.status).toBe(404);
    expect(replay.body.code).toBe('flow_state_not_found');
  });

  it('refuses a plain PKCE challenge', async () => {
    const reg = newRegistration();
    const { status, body } = await s.sf('register-user', {
      ...reg,
      code_challenge: 'x'.repeat(43),
      code_challenge_method: 'plain',
    });
    expect(status).toBe(400);
    expect(body.code).toBe('invalid_input');
  });

  it('confirms with POST /verify and token_hash (supabase-js verifyOtp)', async () => {
    const reg = await register(s);
    const token = new URL(confirmationUrl(await latestMail(s, reg.email))).searchParams.get('token') ?? '';
    const client = s.client();
    const { data, error } = await client.auth.verifyOtp({ type: 'signup', token_hash: token });
    expect(error).toBeNull();
    expect(data.session?.user.email).toBe(reg.email);
    const second = await s.client().auth.verifyOtp({ type: 'signup', token_hash: token });
    expect(second.error?.code).toBe('otp_expired');
    expect(second.error?.status).toBe(403);
  });

  it('refuses an expired link', async () => {
    const reg = await register(s);
    await s.t.deps.db.query(
      `update auth.one_time_tokens set expires_at = now() - interval '1 second'
        where user_id = (select id from auth.users where email = $1)`,
      [reg.email],
    );
    const landed = await followLink(confirmationUrl(await latestMail(s, reg.email)));
    expect(landed.searchParams.get('error_code')).toBe('otp_expired');
    const [user] = await s.t.deps.db.query<any>(
      'select email_confirmed_at from auth.users where email = $1',
      [reg.email],
    );
    expect(user.email_confirmed_at).toBeNull();
  });

  it('refuses a taken username or address with the SPEC messages, and writes nothing', async () => {
    const taken = await register(s);
    const before = await authTableCounts(s);
    const sameName = await s.sf('register-user', {
      ...newRegistration(),
      username: taken.username.toUpperCase(),
    });
    expect(sameName.status).toBe(409);
    expect(sameName.body).toEqual({
      code: 'username_taken',
      error: 'Username already exists. Please choose another.',
    });
    const sameEmail = await s.sf('register-user', { ...newRegistration(), email: taken.email.toUpperCase() });
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.body).toEqual({
      code: 'user_already_exists',
      error: 'An account with this email already exists. Please log in instead.',
    });
    expect(await authTableCounts(s)).toEqual(before);
  });

  it('checks every field on the server, with the SPEC password message, and writes nothing', async () => {
    const before = await authTableCounts(s);
    const cases: [Record<string, unknown>, RegExp | string][] = [
      [{ password: 'weakpass' }, `password: ${PASSWORD_RULE_MESSAGE}`],
      [{ password: 'NoDigits!!' }, `password: ${PASSWORD_RULE_MESSAGE}`],
      [{ password: 12345678 }, /^password: /],
      [{ first_name: '   ' }, 'first_name: First name is required.'],
      [{ first_name: undefined }, 'first_name: First name is required.'],
      [{ username: 'ab' }, /^username: Username must be 3 to 30/],
      [{ username: 'has space' }, /^username: /],
      [{ username: 'x'.repeat(31) }, /^username: /],
      [{ username: "robert');drop" }, /^username: /],
      [{ email: 'not-an-address' }, 'email: Enter a valid email address.'],
      [{ email: '' }, 'email: Email is required.'],
      [{ last_name: 'x'.repeat(101) }, /^last_name: /],
    ];
    for (const [change, message] of cases) {
      const { status, body } = await s.sf('register-user', { ...newRegistration(), ...change });
      expect(status, JSON.stringify(change)).toBe(400);
      expect(body.code).toBe('invalid_input');
      if (typeof message === 'string') expect(body.error).toBe(message);
      else expect(body.error).toMatch(message);
    }
    expect(await authTableCounts(s)).toEqual(before);
  });

  it('lets nobody sign up through /auth/v1/signup (registration goes through /sf/register-user)', async () => {
    const before = await authTableCounts(s);
    const reg = newRegistration();
    const { data, error } = await s.client().auth.signUp({ email: reg.email, password: reg.password });
    expect(data.user).toBeNull();
    expect(error?.code).toBe('signup_disabled');
    expect(error?.status).toBe(422);
    expect(await authTableCounts(s)).toEqual(before);
  });
});
