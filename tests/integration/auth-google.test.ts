// Google sign-in end to end against a local OpenID provider standing in for Google: the browser redirects
// played with fetch, finished with supabase-js exchangeCodeForSession, then the profile made by
// register-oauth-user.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authFetch,
  authTableCounts,
  newRegistration,
  register,
  registerConfirmed,
} from '../support/auth-flows';
import { browseSignIn, startOidcProvider } from '../support/oidc-provider';
import type { TestOidcProvider } from '../support/oidc-provider';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';

const APP = 'http://localhost:5173/';
let s: TestServer;
let google: TestOidcProvider;
beforeAll(async () => {
  s = await startTestServer({
    config: async (url) => {
      google = await startOidcProvider(`${url}/auth/v1/callback`);
      return {
        googleIssuer: google.issuer,
        googleClientId: google.clientId,
        googleClientSecret: google.clientSecret,
        siteUrls: [new URL(APP).origin],
      };
    },
  });
});
afterAll(async () => {
  await s.close();
  await google.close();
});

let subs = 0;
function googleAccount(
  email: string,
  extra: Partial<Parameters<TestOidcProvider['addAccount']>[1]> = {},
): string {
  subs += 1;
  const sub = `google-${subs}-${Date.now()}`;
  google.addAccount(sub, {
    email,
    email_verified: true,
    name: 'Grace Brewster Hopper',
    picture: 'https://example.test/g.png',
    ...extra,
  });
  return sub;
}

async function signInWithGoogle(sub: string | null, redirectTo = APP) {
  const client = s.client();
  const { data, error } = await client.auth.signInWithOAuth({ provider: 'google', options: { redirectTo } });
  expect(error).toBeNull();
  const landed = await browseSignIn(data.url ?? '', google, sub);
  return { client, landed };
}

describe('Google sign-in', () => {
  it('creates the user on a first sign-in and hands the app a PKCE code', async () => {
    const email = `grace${Date.now()}@example.test`;
    const { client, landed } = await signInWithGoogle(googleAccount(email));
    expect(landed.origin + landed.pathname).toBe(APP);
    const code = landed.searchParams.get('code') ?? '';
    expect(code).toBeTruthy();

    const { data, error } = await client.auth.exchangeCodeForSession(code);
    expect(error).toBeNull();
    const user = data.user;
    expect(user?.email).toBe(email);
    expect(user?.email_confirmed_at).toBeTruthy();
    expect(user?.app_metadata).toEqual({ provider: 'google', providers: ['google'] });
    expect(user?.user_metadata).toMatchObject({
      full_name: 'Grace Brewster Hopper',
      avatar_url: 'https://example.test/g.png',
    });
    expect(user?.identities?.map((i) => i.provider)).toEqual(['google']);

    // The app sees no profile yet and asks for one (SPEC.md §4): names split, username from the address.
    const token = data.session?.access_token ?? '';
    const made = await s.sf(
      'register-oauth-user',
      { user_id: user?.id, email, first_name: 'Grace', last_name: 'Hopper' },
      token,
    );
    expect(made.status).toBe(200);
    expect(made.body).toEqual({ ok: true, created: true, username: email.split('@')[0] });
    const [profile] = await s.t.deps.db.query<any>(
      'select first_name, last_name, avatar_url from public.profiles where id = $1',
      [user?.id],
    );
    expect(profile).toEqual({
      first_name: 'Grace',
      last_name: 'Hopper',
      avatar_url: 'https://example.test/g.png',
    });
    const again = await s.sf('register-oauth-user', {}, token);
    expect(again.body).toEqual({ ok: true, created: false, username: email.split('@')[0] });

    // A second sign-in finds the same user.
    const second = await signInWithGoogle(await subOf(user?.id ?? ''));
    const next = await second.client.auth.exchangeCodeForSession(
      second.landed.searchParams.get('code') ?? '',
    );
    expect(next.data.user?.id).toBe(user?.id);
  });

  it('makes usernames unique when two addresses give the same one', async () => {
    const local = `twin${Date.now()}`;
    const usernames: string[] = [];
    for (const domain of ['a.example', 'b.example']) {
      const { client, landed } = await signInWithGoogle(googleAccount(`${local}@${domain}`));
      const { data } = await client.auth.exchangeCodeForSession(landed.searchParams.get('code') ?? '');
      const made = await s.sf('register-oauth-user', {}, data.session?.access_token);
      expect(made.status).toBe(200);
      usernames.push(made.body.username);
    }
    expect(usernames[0]).toBe(local);
    expect(usernames[1]).toMatch(new RegExp(`^${local}\\d{4}$`));
    // With no names sent, they come from the Google profile: first and last word of the full name.
    const [profile] = await s.t.deps.db.query<any>(
      'select first_name, last_name from public.profiles where username = $1',
      [usernames[1]],
    );
    expect(profile).toEqual({ first_name: 'Grace', last_name: 'Hopper' });
  });

  it('links a Google account to the existing account with the same verified address', async () => {
    const reg = await registerConfirmed(s);
    const { client, landed } = await signInWithGoogle(googleAccount(reg.email.toUpperCase()));
    const { data } = await client.auth.exchangeCodeForSession(landed.searchParams.get('code') ?? '');
    const [owner] = await s.t.deps.db.query<any>('select id from auth.users where email = $1', [reg.email]);
    expect(data.user?.id).toBe(owner.id);
    expect(data.user?.identities?.map((i) => i.provider).sort()).toEqual(['email', 'google']);
    expect((data.user?.app_metadata.providers as string[]).sort()).toEqual(['email', 'google']);
    // The password still works too.
    expect(
      (await s.client().auth.signInWithPassword({ email: reg.email, password: reg.password })).error,
    ).toBeNull();
  });

  it('takes an unconfirmed account over from whoever registered it, by removing its password', async () => {
    const squatter = await register(s); // never confirmed: whoever registered it may not own the address
    const { client, landed } = await signInWithGoogle(googleAccount(squatter.email));
    const { data } = await client.auth.exchangeCodeForSession(landed.searchParams.get('code') ?? '');
    expect(data.user?.email).toBe(squatter.email);
    expect(data.user?.email_confirmed_at).toBeTruthy();
    const { error } = await s
      .client()
      .auth.signInWithPassword({ email: squatter.email, password: squatter.password });
    expect(error?.code).toBe('invalid_credentials');
  });

  it('refuses a Google account whose address is not verified', async () => {
    const before = await authTableCounts(s);
    const { landed } = await signInWithGoogle(
      googleAccount(newRegistration().email, { email_verified: false }),
    );
    expect(landed.searchParams.get('error_code')).toBe('provider_email_needs_verification');
    expect(landed.searchParams.get('code')).toBeNull();
    expect(await authTableCounts(s)).toEqual(before);
  });

  it('sends a cancelled sign-in back to the app with the provider error', async () => {
    const { landed } = await signInWithGoogle(null);
    expect(landed.origin + landed.pathname).toBe(APP);
    expect(landed.searchParams.get('error')).toBe('access_denied');
    expect(landed.searchParams.get('error_code')).toBe('provider_error');
  });

  it('accepts the desktop app redirect and refuses redirects off the allow list', async () => {
    const desktop = await signInWithGoogle(
      googleAccount(newRegistration().email),
      'shelfwise://auth/callback',
    );
    expect(desktop.landed.protocol).toBe('shelfwise:');
    expect(desktop.landed.searchParams.get('code')).toBeTruthy();
    const evil = await fetch(
      `${s.url}/auth/v1/authorize?provider=google&redirect_to=${encodeURIComponent('https://evil.example/')}&code_challenge=${'a'.repeat(43)}&code_challenge_method=s256`,
      { redirect: 'manual' },
    );
    expect(evil.status).toBe(302);
    const [flow] = await s.t.deps.db.query<any>(
      'select redirect_to from auth.flow_state order by created_at desc limit 1',
    );
    expect(flow.redirect_to).toBe(s.url);
  });

  it('refuses a callback with an unknown or replayed state', async () => {
    const callbackError = async (url: string) => {
      const res = await fetch(url, { redirect: 'manual' });
      expect(res.status).toBe(302);
      return new URL(res.headers.get('location') ?? '');
    };
    const unknown = await callbackError(`${s.url}/auth/v1/callback?code=abc&state=made-up`);
    expect(unknown.origin).toBe(s.url);
    expect(unknown.searchParams.get('error_code')).toBe('bad_oauth_state');

    const trail: URL[] = [];
    const client = s.client();
    const { data } = await client.auth.signInWithOAuth({ provider: 'google', options: { redirectTo: APP } });
    const landed = await browseSignIn(data.url ?? '', google, googleAccount(newRegistration().email), trail);
    expect(landed.searchParams.get('code')).toBeTruthy();
    const callback = trail.find((u) => u.origin === s.url && u.pathname === '/auth/v1/callback');
    const replay = await callbackError(callback?.toString() ?? '');
    expect(replay.searchParams.get('error_code')).toBe('bad_oauth_state');
    expect(replay.searchParams.get('code')).toBeNull();
  });

  it('requires PKCE with S256 and a known provider', async () => {
    const challenge = 'a'.repeat(43);
    const cases = [
      `provider=google`,
      `provider=google&code_challenge=${challenge}&code_challenge_method=plain`,
      `provider=google&code_challenge=short&code_challenge_method=s256`,
      `provider=github&code_challenge=${challenge}&code_challenge_method=s256`,
      `code_challenge=${challenge}&code_challenge_method=s256`,
    ];
    const before = await authTableCounts(s);
    for (const query of cases) {
      const res = await authFetch(s, `/authorize?${query}`, { method: 'GET' });
      expect(res.status, query).toBe(400);
      expect(res.body.code, query).toBe('validation_failed');
    }
    expect(await authTableCounts(s)).toEqual(before);
  });
});

async function subOf(userId: string): Promise<string> {
  const [row] = await s.t.deps.db.query<{ provider_id: string }>(
    `select provider_id from auth.identities where user_id = $1 and provider = 'google'`,
    [userId],
  );
  return row?.provider_id ?? '';
}
