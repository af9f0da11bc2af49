// "Send the link again": supabase-js auth.resend({type: 'signup'}) against POST /auth/v1/resend. The same
// answer for an unconfirmed, a confirmed and an unknown address; a new mail only for the unconfirmed one;
// the new link confirms the address and voids the earlier one; limits per client address and per e-mail.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../server/auth/limits';
import {
  authFetch,
  authTableCounts,
  confirmationUrl,
  followLink,
  fragmentOf,
  latestMail,
  register,
  registerConfirmed,
} from '../support/auth-flows';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';

const SITE = 'https://shelfwise.example';
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({
    config: {
      trustProxy: true,
      siteUrls: [SITE],
      rateLimits: {
        ...DEFAULT_RATE_LIMITS,
        resend_ip: { max: 4, windowSeconds: 600 },
        resend_email: { max: 2, windowSeconds: 600 },
      },
    },
  });
});
afterAll(() => s.close());

let ips = 0;
const from = () => {
  ips += 1;
  return { 'x-forwarded-for': `198.51.100.${ips}` };
};

async function resend(email: string, headers = from(), emailRedirectTo?: string) {
  const client = s.client({ headers });
  return client.auth.resend({ type: 'signup', email, options: { emailRedirectTo } });
}

describe('resend a sign-up confirmation', () => {
  it('answers the same for unconfirmed, confirmed and unknown addresses, and mails only the unconfirmed', async () => {
    const waiting = await register(s);
    const confirmed = await registerConfirmed(s);
    const unknown = `nobody-${Date.now()}@example.test`;
    const mailsBefore = {
      waiting: (await s.mails(waiting.email)).length,
      confirmed: (await s.mails(confirmed.email)).length,
    };

    const answers = [];
    for (const email of [waiting.email, confirmed.email, unknown]) {
      const res = await authFetch(s, '/resend', { body: { type: 'signup', email }, headers: from() });
      answers.push({ status: res.status, body: res.body });
    }
    expect(answers).toEqual([
      { status: 200, body: {} },
      { status: 200, body: {} },
      { status: 200, body: {} },
    ]);
    const { data, error } = await resend(confirmed.email);
    expect(error).toBeNull();
    expect(data).toEqual({ user: null, session: null });

    expect((await s.mails(waiting.email)).length).toBe(mailsBefore.waiting + 1);
    expect((await s.mails(confirmed.email)).length).toBe(mailsBefore.confirmed);
    expect(await s.mails(unknown)).toEqual([]);
  });

  it('mails a new link that confirms the address, and voids the first one', async () => {
    const reg = await register(s);
    const first = confirmationUrl(await latestMail(s, reg.email));
    const { error } = await resend(reg.email, from(), `${SITE}/`);
    expect(error).toBeNull();
    const mail = await latestMail(s, reg.email);
    expect(mail.subject).toBe((await s.mails(reg.email))[1]?.subject);
    const second = confirmationUrl(mail);
    expect(second).not.toBe(first);
    expect(new URL(second).searchParams.get('redirect_to')).toBe(`${SITE}/`);

    expect((await followLink(first)).searchParams.get('error_code')).toBe('otp_expired');
    const signIn = await s.client().auth.signInWithPassword({ email: reg.email, password: reg.password });
    expect(signIn.error?.code).toBe('email_not_confirmed');

    // supabase-js runs the PKCE flow: the link comes back with a code for this client's verifier.
    const client = s.client();
    await client.auth.resend({ type: 'signup', email: reg.email, options: { emailRedirectTo: `${SITE}/` } });
    const landed = await followLink(confirmationUrl(await latestMail(s, reg.email)));
    expect(landed.origin).toBe(SITE);
    const exchanged = await client.auth.exchangeCodeForSession(landed.searchParams.get('code') ?? '');
    expect(exchanged.error).toBeNull();
    expect(exchanged.data.user?.email).toBe(reg.email);
    expect(exchanged.data.user?.email_confirmed_at).toBeTruthy();
    const again = await s.client().auth.signInWithPassword({ email: reg.email, password: reg.password });
    expect(again.error).toBeNull();
  });

  it('keeps a desktop client in the app: a shelfwise:// link back to its own callback', async () => {
    const reg = await register(s);
    const callback = 'shelfwise://auth/callback?state=abcdefghijklmnopqrstuvwxyz012345';
    const res = await authFetch(s, `/resend?redirect_to=${encodeURIComponent(callback)}`, {
      body: { type: 'signup', email: reg.email },
      headers: from(),
    });
    expect(res.status).toBe(200);
    const mail = await latestMail(s, reg.email);
    expect(mail.links[0]).toMatch(/^shelfwise:\/\/confirm-signup\?confirmation_url=/);
    const landed = await followLink(confirmationUrl(mail));
    expect(landed.protocol).toBe('shelfwise:');
    expect(fragmentOf(landed).get('access_token')).toBeTruthy();
  });

  it('falls back to the site for a redirect that is not on the allow list', async () => {
    const reg = await register(s);
    expect((await resend(reg.email, from(), 'https://evil.example/')).error).toBeNull();
    const verify = new URL(confirmationUrl(await latestMail(s, reg.email)));
    expect(verify.searchParams.get('redirect_to')).toBe(`${s.url}/`);
  });

  it('limits resends per e-mail (known or not) and per client address, and a refused one writes nothing', async () => {
    const reg = await register(s);
    const unknown = `nobody-limit-${Date.now()}@example.test`;
    for (const email of [reg.email, unknown]) {
      expect((await resend(email)).error).toBeNull();
      expect((await resend(email)).error).toBeNull();
      const before = await authTableCounts(s);
      const refused = await resend(email);
      expect(refused.error?.status).toBe(429);
      expect(refused.error?.code).toBe('over_request_rate_limit');
      expect(await authTableCounts(s)).toEqual(before);
    }

    const ip = from();
    for (let i = 0; i < 4; i += 1)
      expect((await resend(`ip-${i}-${Date.now()}@example.test`, ip)).error).toBeNull();
    const refused = await resend(`ip-last-${Date.now()}@example.test`, ip);
    expect(refused.error?.code).toBe('over_request_rate_limit');
  });

  it('refuses other types and bad addresses with GoTrue messages', async () => {
    const change = await authFetch(s, '/resend', {
      body: { type: 'email_change', email: 'a@b.co' },
      headers: from(),
    });
    expect(change.status).toBe(400);
    expect(change.body.code).toBe('validation_failed');
    const bad = await authFetch(s, '/resend', {
      body: { type: 'signup', email: 'not-an-address' },
      headers: from(),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Unable to validate email address: invalid format');
  });
});
