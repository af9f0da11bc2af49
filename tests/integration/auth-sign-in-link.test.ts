// Sign-in links by e-mail (issue 31): supabase-js auth.signInWithOtp({email}) against POST /auth/v1/otp, the
// link in the mail (PKCE: /verify redirects with ?code=, exchangeCodeForSession finishes) and the six-digit
// code in the same mail (verifyOtp {type: 'email', email, token}). Only existing, confirmed accounts get a
// mail; every address gets the same answer; link and code are one credential, used once, dead after an
// hour; wrong codes are limited; a verified second factor is still owed after either.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../../server/auth/mfa/totp';
import type { Mail } from '../support/test-server';
import {
  authFetch,
  authTableCounts,
  confirmationUrl,
  followLink,
  fragmentOf,
  latestMail,
  PASSWORD,
  register,
  registerConfirmed,
} from '../support/auth-flows';
import { enrolTotp } from '../support/mfa-flows';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';

const SITE = 'https://shelfwise.example';
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ config: { trustProxy: true, siteUrls: [SITE] } });
});
afterAll(() => s.close());

let ips = 0;
const from = () => {
  ips += 1;
  return { 'x-forwarded-for': `203.0.113.${ips}` };
};

/** The six-digit code a sign-in mail carries. */
function codeOf(mail: Mail): string {
  const code = /enter this code in Shelfwise: (\d{6})/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code in: ${mail.text}`);
  return code;
}

async function askForLink(email: string, client = s.client({ headers: from() })) {
  const sent = await client.auth.signInWithOtp({ email, options: { emailRedirectTo: `${SITE}/` } });
  expect(sent.error).toBeNull();
  return client;
}

describe('signInWithOtp: a sign-in link and code by e-mail', () => {
  it('mails a link that signs in through PKCE on the web', async () => {
    const reg = await registerConfirmed(s);
    const client = await askForLink(reg.email);
    const mail = await latestMail(s, reg.email);
    expect(mail.subject).toBe('Your Shelfwise sign-in link');
    expect(new URL(mail.links[0] ?? '').pathname).toBe('/confirm-sign-in');
    expect(codeOf(mail)).toMatch(/^\d{6}$/);
    expect(mail.text).toContain('expire in 60 minutes');

    const verify = new URL(confirmationUrl(mail));
    expect(verify.searchParams.get('type')).toBe('magiclink');
    const landed = await followLink(verify.href);
    expect(landed.origin + landed.pathname).toBe(`${SITE}/`);
    const code = landed.searchParams.get('code') ?? '';
    expect(code).toBeTruthy();
    expect(fragmentOf(landed).get('access_token')).toBeNull(); // no session without the verifier

    const { data, error } = await client.auth.exchangeCodeForSession(code);
    expect(error).toBeNull();
    expect(data.user?.email).toBe(reg.email);
    const claims = await client.auth.getClaims();
    expect(claims.data?.claims.aal).toBe('aal1');
    expect(claims.data?.claims.amr).toEqual([expect.objectContaining({ method: 'otp' })]);

    // Used once: the same link again is an error on the redirect, and the code from the mail is spent too.
    const again = await followLink(verify.href);
    expect(again.searchParams.get('error_code')).toBe('otp_expired');
    const code2 = await s.client().auth.verifyOtp({ email: reg.email, token: codeOf(mail), type: 'email' });
    expect(code2.error?.code).toBe('otp_expired');
  });

  it('signs in with the code from the mail, once; the link of that mail is spent with it', async () => {
    const reg = await registerConfirmed(s);
    await askForLink(reg.email); // asked for under PKCE: the code still signs in where it is typed
    const mail = await latestMail(s, reg.email);

    const reader = s.client({ headers: from() });
    const { data, error } = await reader.auth.verifyOtp({
      email: reg.email,
      token: codeOf(mail),
      type: 'email',
    });
    expect(error).toBeNull();
    expect(data.session?.user.email).toBe(reg.email);
    const me = await reader.auth.getUser();
    expect(me.data.user?.email).toBe(reg.email);

    const replay = await s.client().auth.verifyOtp({ email: reg.email, token: codeOf(mail), type: 'email' });
    expect(replay.error?.code).toBe('otp_expired');
    expect(replay.data.session).toBeNull();
    const link = await followLink(confirmationUrl(mail));
    expect(link.searchParams.get('error_code')).toBe('otp_expired');
  });

  it('answers the same for confirmed, unconfirmed and unknown addresses, and mails only the confirmed one', async () => {
    const confirmed = await registerConfirmed(s);
    const waiting = await register(s);
    const unknown = `nobody-${Date.now()}@example.test`;
    const mailsBefore = {
      confirmed: (await s.mails(confirmed.email)).length,
      waiting: (await s.mails(waiting.email)).length,
    };
    const before = await authTableCounts(s);

    const answers = [];
    for (const email of [confirmed.email, waiting.email, unknown]) {
      // create_user as supabase-js sends it by default: ignored, this route never makes an account.
      const res = await authFetch(s, '/otp', {
        body: { email, create_user: true, data: { username: 'someone' } },
        headers: from(),
      });
      answers.push({ status: res.status, body: res.body });
    }
    expect(answers).toEqual([
      { status: 200, body: {} },
      { status: 200, body: {} },
      { status: 200, body: {} },
    ]);
    const viaClient = await s.client({ headers: from() }).auth.signInWithOtp({ email: unknown });
    expect(viaClient.error).toBeNull();
    expect(viaClient.data).toEqual({ user: null, session: null, messageId: undefined });

    expect((await s.mails(confirmed.email)).length).toBe(mailsBefore.confirmed + 1);
    expect((await s.mails(waiting.email)).length).toBe(mailsBefore.waiting);
    expect(await s.mails(unknown)).toEqual([]);
    const after = await authTableCounts(s);
    expect(after.users).toBe(before.users);
    expect(after.confirmed).toBe(before.confirmed);
    expect(after.one_time_tokens).toBe((before.one_time_tokens ?? 0) + 1);
  });

  it('refuses a code or link past its hour, and a new mail voids the one before', async () => {
    const reg = await registerConfirmed(s);
    await askForLink(reg.email);
    const first = await latestMail(s, reg.email);
    await askForLink(reg.email);
    const second = await latestMail(s, reg.email);

    const stale = await s.client().auth.verifyOtp({ email: reg.email, token: codeOf(first), type: 'email' });
    // The two codes may be equal by chance (one in a million); the first mail's link is void either way.
    if (codeOf(first) !== codeOf(second)) expect(stale.error?.code).toBe('otp_expired');
    expect((await followLink(confirmationUrl(first))).searchParams.get('error_code')).toBe('otp_expired');

    await s.t.deps.db.query(
      `update auth.one_time_tokens set expires_at = now() - interval '1 second'
        where token_type = 'magiclink' and user_id = (select id from auth.users where email = $1)`,
      [reg.email],
    );
    const late = await s.client().auth.verifyOtp({ email: reg.email, token: codeOf(second), type: 'email' });
    expect(late.error?.code).toBe('otp_expired');
    expect((await followLink(confirmationUrl(second))).searchParams.get('error_code')).toBe('otp_expired');
  });

  it('counts wrong codes per address: after five, even the right code waits', async () => {
    const reg = await registerConfirmed(s);
    await askForLink(reg.email);
    const right = codeOf(await latestMail(s, reg.email));
    const wrong = right === '000000' ? '000001' : '000000';

    // A right code given back does not count against the limit.
    for (let i = 0; i < 5; i += 1) {
      const res = await authFetch(s, '/verify', {
        body: { type: 'email', email: reg.email, token: wrong },
        headers: from(),
      });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('otp_expired');
    }
    const limited = await authFetch(s, '/verify', {
      body: { type: 'email', email: reg.email, token: right },
      headers: from(),
    });
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('over_request_rate_limit');
    expect(limited.body).not.toHaveProperty('access_token');

    // An unknown address is counted the same way, so the limit tells nothing about who has an account.
    const unknown = `ghost-${Date.now()}@example.test`;
    const statuses = [];
    for (let i = 0; i < 6; i += 1) {
      const res = await authFetch(s, '/verify', { body: { type: 'email', email: unknown, token: wrong } });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([403, 403, 403, 403, 403, 429]);

    // The link of the same mail is not held by the code limit.
    const landed = await followLink(confirmationUrl(await latestMail(s, reg.email)));
    expect(landed.searchParams.get('code')).toBeTruthy();
  });

  it('still asks for a verified second factor after the code or the link', async () => {
    const reg = await registerConfirmed(s);
    const owner = s.client();
    expect((await owner.auth.signInWithPassword({ email: reg.email, password: PASSWORD })).error).toBeNull();
    const { secret } = await enrolTotp(owner);

    const byCode = s.client({ headers: from() });
    await askForLink(reg.email);
    const mail = await latestMail(s, reg.email);
    expect(
      (await byCode.auth.verifyOtp({ email: reg.email, token: codeOf(mail), type: 'email' })).error,
    ).toBeNull();
    const level = await byCode.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });
    const { data: session } = await byCode.auth.getSession();
    const refused = await s.sf('get-profile', {}, session.session?.access_token);
    expect(refused).toMatchObject({ status: 403, body: { code: 'aal2_required' } });

    const factor = (await byCode.auth.mfa.listFactors()).data?.totp[0];
    const verified = await byCode.auth.mfa.challengeAndVerify({
      factorId: factor?.id ?? '',
      code: totpCode(secret, Date.now() + 30_000),
    });
    expect(verified.error).toBeNull();
    expect((await byCode.auth.mfa.getAuthenticatorAssuranceLevel()).data?.currentLevel).toBe('aal2');
    const { data: raised } = await byCode.auth.getSession();
    expect((await s.sf('get-profile', {}, raised.session?.access_token)).status).toBe(200);

    const byLink = await askForLink(reg.email);
    const landed = await followLink(confirmationUrl(await latestMail(s, reg.email)));
    expect(
      (await byLink.auth.exchangeCodeForSession(landed.searchParams.get('code') ?? '')).error,
    ).toBeNull();
    expect((await byLink.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({
      currentLevel: 'aal1',
      nextLevel: 'aal2',
    });
  });

  it('answers a phone number as GoTrue does with SMS off, and refuses a malformed address', async () => {
    const phone = await authFetch(s, '/otp', { body: { phone: '+15555550100' } });
    expect(phone.status).toBe(422);
    expect(phone.body.code).toBe('phone_provider_disabled');
    const bad = await authFetch(s, '/otp', { body: { email: 'not an address' } });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('validation_failed');
  });
});
