// Issue 31: what Shelfwise does not offer under /auth/v1 answers in GoTrue's error shape and codes
// (internal/api/errorcodes.go), so supabase-js raises its usual AuthApiError: never an HTML 404 or a 5xx.
import { isAuthApiError } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authFetch } from '../support/auth-flows';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s?.close());

function expectApiError(error: unknown, status: number, code: string) {
  expect(isAuthApiError(error)).toBe(true);
  expect(error).toMatchObject({ status, code });
}

describe('unsupported Supabase Auth calls', () => {
  it('signInAnonymously: 422 anonymous_provider_disabled', async () => {
    const { error } = await s.client().auth.signInAnonymously();
    expectApiError(error, 422, 'anonymous_provider_disabled');
  });

  it('signInWithSSO: 404 saml_provider_disabled', async () => {
    const { error } = await s.client().auth.signInWithSSO({ domain: 'example.com' });
    expectApiError(error, 404, 'saml_provider_disabled');
  });

  it('auth.admin without the service key: 403 bad_jwt / not_admin, not a 404', async () => {
    const { error } = await s.client().auth.admin.listUsers();
    expect(isAuthApiError(error)).toBe(true);
    expect(error!.status).toBeGreaterThanOrEqual(400);
    expect(error!.status).toBeLessThan(500);
  });

  it('exchangeCodeForSession with a code we never issued: an AuthApiError, not a 5xx', async () => {
    const client = s.client();
    // supabase-js needs a stored verifier to send the exchange at all.
    await client.auth.signInWithOAuth({ provider: 'google', options: { skipBrowserRedirect: true } });
    const { error } = await client.auth.exchangeCodeForSession('00000000-0000-0000-0000-000000000000');
    expect(isAuthApiError(error)).toBe(true);
    expect(error!.status).toBeLessThan(500);
  });

  it('an unsupported grant_type and an unknown route answer GoTrue-shaped errors', async () => {
    const grant = await authFetch(s, '/token?grant_type=id_token', {
      body: {},
      headers: { 'x-supabase-api-version': '' },
    });
    expect(grant.status).toBe(400);
    expect(grant.body).toMatchObject({ code: 400, msg: 'unsupported_grant_type' });
    expect(grant.headers.get('x-sb-error-code')).toBe(grant.body.error_code);

    for (const method of ['GET', 'POST']) {
      const unknown = await authFetch(s, '/no-such-endpoint', {
        method,
        body: method === 'POST' ? {} : undefined,
      });
      expect(unknown.status).toBe(404);
      expect(unknown.headers.get('content-type')).toMatch(/application\/json/);
      expect(unknown.body).toMatchObject({ code: 'not_found' });
      expect(unknown.headers.get('x-sb-error-code')).toBe('not_found');
    }
  });
});
