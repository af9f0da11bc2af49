// Forgotten password: the reset mail, its link (PKCE code), the new password, and what happens to the
// sessions that were open before.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_RULE_MESSAGE } from '@shared/domain/account-validation';
import {
  authFetch,
  authTableCounts,
  confirmationUrl,
  followLink,
  fragmentOf,
  latestMail,
  registerConfirmed,
} from '../support/auth-flows';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ config: { siteUrls: ['https://shelfwise.example'] } });
});
afterAll(() => s.close());

const RESET_PAGE = 'https://shelfwise.example/reset-password';
const NEW_PASSWORD = 'N3w!password';

describe('password recovery', () => {
  it('mails a reset link, and the PKCE code it yields signs in for a new password that ends old sessions', async () => {
    const reg = await registerConfirmed(s);
    const elsewhere = s.client();
    await elsewhere.auth.signInWithPassword({ email: reg.email, password: reg.password });
    const oldToken = (await elsewhere.auth.getSession()).data.session?.access_token ?? '';

    const client = s.client();
    const { error } = await client.auth.resetPasswordForEmail(reg.email, { redirectTo: RESET_PAGE });
    expect(error).toBeNull();
    const mail = await latestMail(s, reg.email);
    expect(mail.subject).toBe('Reset your Shelfwise password');
    expect(mail.links[0]).toMatch(new RegExp(`^${s.url}/confirm-reset\\?confirmation_url=`));
    const verify = new URL(confirmationUrl(mail));
    expect(verify.searchParams.get('type')).toBe('recovery');
    expect(verify.searchParams.get('redirect_to')).toBe(RESET_PAGE);

    const landed = await followLink(verify.toString());
    expect(landed.origin + landed.pathname).toBe(RESET_PAGE);
    const code = landed.searchParams.get('code') ?? '';
    const events: string[] = [];
    client.auth.onAuthStateChange((event) => void events.push(event));
    const exchanged = await client.auth.exchangeCodeForSession(code);
    expect(exchanged.error).toBeNull();
    expect(exchanged.data).toMatchObject({ redirectType: 'recovery' });
    expect(events).toContain('PASSWORD_RECOVERY');
    expect(exchanged.data.user?.email).toBe(reg.email);

    const weak = await client.auth.updateUser({ password: 'short' });
    expect(weak.error?.code).toBe('weak_password');
    expect(weak.error?.status).toBe(422);
    expect(weak.error?.message).toBe(PASSWORD_RULE_MESSAGE);
    const same = await client.auth.updateUser({ password: reg.password });
    expect(same.error?.code).toBe('same_password');

    const updated = await client.auth.updateUser({ password: NEW_PASSWORD });
    expect(updated.error).toBeNull();
    // The reset session stays; every other session ended with the old password.
    expect((await client.auth.getUser()).data.user?.email).toBe(reg.email);
    expect((await s.sf('register-oauth-user', {}, oldToken)).status).toBe(401);
    expect((await elsewhere.auth.getUser()).error?.name).toBe('AuthSessionMissingError');

    const old = await s.client().auth.signInWithPassword({ email: reg.email, password: reg.password });
    expect(old.error?.code).toBe('invalid_credentials');
    const fresh = await s.client().auth.signInWithPassword({ email: reg.email, password: NEW_PASSWORD });
    expect(fresh.error).toBeNull();

    const replay = await followLink(verify.toString());
    expect(replay.searchParams.get('error_code')).toBe('otp_expired');
  });

  it('answers 200 for an address with no account, and sends nothing', async () => {
    const before = await authTableCounts(s);
    const { data, error } = await s.client().auth.resetPasswordForEmail('nobody-at-all@example.test', {
      redirectTo: RESET_PAGE,
    });
    expect(error).toBeNull();
    expect(data).toEqual({});
    expect(await s.mails('nobody-at-all@example.test')).toEqual([]);
    expect(await authTableCounts(s)).toEqual(before);
  });

  it('falls back to the public URL for a redirect that is not on the allow list', async () => {
    const reg = await registerConfirmed(s);
    await s
      .client()
      .auth.resetPasswordForEmail(reg.email, { redirectTo: 'https://evil.example/reset-password' });
    const verify = new URL(confirmationUrl(await latestMail(s, reg.email)));
    expect(verify.searchParams.get('redirect_to')).toBe(s.url);
    const landed = await followLink(verify.toString());
    expect(landed.origin).toBe(s.url);
  });

  it('voids an earlier reset link when a new one is sent', async () => {
    const reg = await registerConfirmed(s);
    await s.client().auth.resetPasswordForEmail(reg.email, { redirectTo: RESET_PAGE });
    const first = confirmationUrl(await latestMail(s, reg.email));
    await s.client().auth.resetPasswordForEmail(reg.email, { redirectTo: RESET_PAGE });
    const second = confirmationUrl(await latestMail(s, reg.email));
    expect(second).not.toBe(first);
    expect((await followLink(first)).searchParams.get('error_code')).toBe('otp_expired');
    expect((await followLink(second)).searchParams.get('code')).toBeTruthy();
  });

  it('hands an implicit-flow client its session in the fragment', async () => {
    const reg = await registerConfirmed(s);
    const res = await authFetch(s, `/recover?redirect_to=${encodeURIComponent(RESET_PAGE)}`, {
      body: { email: reg.email },
    });
    expect(res.status).toBe(200);
    const landed = await followLink(confirmationUrl(await latestMail(s, reg.email)));
    const fragment = fragmentOf(landed);
    expect(fragment.get('type')).toBe('recovery');
    const user = await authFetch(s, '/user', { method: 'GET', token: fragment.get('access_token') ?? '' });
    expect(user.body.email).toBe(reg.email);
    expect(user.body.recovery_sent_at).toBeTruthy();
  });
});
