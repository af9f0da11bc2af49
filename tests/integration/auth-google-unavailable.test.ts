// 'Login with Google' on a server without Google configured (SPEC.md keeps the button): GET /settings says
// so before a client leaves its page, and a browser that goes to /authorize anyway is sent back with GoTrue's
// error parameters instead of being stranded on a JSON error.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOOGLE_UNAVAILABLE_MESSAGE } from '@shared/api/accounts';
import { authFetch } from '../support/auth-flows';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';

const SITE = 'https://shelfwise.example';
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ config: { siteUrls: [SITE] } });
});
afterAll(() => s.close());

async function browse(url: string): Promise<{ status: number; location: URL }> {
  const res = await fetch(url, { redirect: 'manual' });
  return { status: res.status, location: new URL(res.headers.get('location') ?? '', url) };
}

describe('Google sign-in on a server without Google', () => {
  it('says so in /settings', async () => {
    const res = await authFetch(s, '/settings', { method: 'GET' });
    expect(res.status).toBe(200);
    expect(res.body.external).toMatchObject({ google: false, email: true });
  });

  it('sends the browser from supabase-js signInWithOAuth back to its redirect_to with the message', async () => {
    const { data, error } = await s.client().auth.signInWithOAuth({
      provider: 'google',
      options: { redirectTo: `${SITE}/`, skipBrowserRedirect: true },
    });
    expect(error).toBeNull();
    const { status, location } = await browse(data.url ?? '');
    expect(status).toBe(302);
    expect(`${location.origin}${location.pathname}`).toBe(`${SITE}/`);
    expect(location.searchParams.get('error')).toBe('invalid_request');
    expect(location.searchParams.get('error_code')).toBe('provider_disabled');
    expect(location.searchParams.get('error_description')).toBe(GOOGLE_UNAVAILABLE_MESSAGE);
  });

  it('uses the login page when the redirect_to is not allowed, and a desktop callback as asked', async () => {
    const pkce = `code_challenge=${'a'.repeat(43)}&code_challenge_method=s256`;
    const evil = encodeURIComponent('https://evil.example/');
    const away = await browse(`${s.url}/auth/v1/authorize?provider=google&redirect_to=${evil}&${pkce}`);
    expect(`${away.location.origin}${away.location.pathname}`).toBe(`${s.url}/login`);
    expect(away.location.searchParams.get('error_description')).toBe(GOOGLE_UNAVAILABLE_MESSAGE);

    const callback = encodeURIComponent('shelfwise://auth/callback?state=s1');
    const desktop = await browse(
      `${s.url}/auth/v1/authorize?provider=google&redirect_to=${callback}&${pkce}`,
    );
    expect(desktop.location.protocol).toBe('shelfwise:');
    expect(desktop.location.searchParams.get('state')).toBe('s1');
    expect(desktop.location.searchParams.get('error_code')).toBe('provider_disabled');
  });

  it('still refuses an unknown provider and a missing PKCE challenge as before', async () => {
    expect((await authFetch(s, '/authorize?provider=github', { method: 'GET' })).status).toBe(400);
    expect((await authFetch(s, '/authorize?provider=google', { method: 'GET' })).status).toBe(400);
  });
});
