// Bad input on every auth and account endpoint: the documented status and error code, never a 500, and
// nothing written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authFetch, authTableCounts, registerConfirmed } from '../support/auth-flows';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';

let s: TestServer;
let token: string;
let userId: string;
beforeAll(async () => {
  s = await startTestServer();
  const reg = await registerConfirmed(s);
  const { data } = await s.client().auth.signInWithPassword({ email: reg.email, password: reg.password });
  token = data.session?.access_token ?? '';
  userId = data.user?.id ?? '';
});
afterAll(() => s.close());

type Case = [
  label: string,
  path: string,
  init: Parameters<typeof authFetch>[2],
  status: number,
  code: string,
];

const json = { 'content-type': 'application/json' };
const S256 = 'a'.repeat(43);

const cases = (): Case[] => [
  // GoTrue's answer for a grant it does not serve (internal/api/token.go).
  ['no grant type', '/token', { body: {} }, 400, 'invalid_credentials'],
  ['unknown grant type', '/token?grant_type=client_credentials', { body: {} }, 400, 'invalid_credentials'],
  ['malformed JSON', '/token?grant_type=password', { body: '{"email":' }, 400, 'bad_json'],
  ['array body', '/token?grant_type=password', { body: [1] }, 400, 'bad_json'],
  ['null body', '/token?grant_type=password', { body: 'null' }, 400, 'bad_json'],
  [
    'text body',
    '/token?grant_type=password',
    { body: 'email=x', headers: { 'content-type': 'text/plain' } },
    415,
    'validation_failed',
  ],
  [
    'oversize body',
    '/token?grant_type=password',
    { body: { email: 'a'.repeat(1_100_000) } },
    413,
    'validation_failed',
  ],
  [
    'number email',
    '/token?grant_type=password',
    { body: { email: 42, password: 'x' } },
    400,
    'validation_failed',
  ],
  [
    'object password',
    '/token?grant_type=password',
    { body: { email: 'a@b.co', password: {} } },
    400,
    'validation_failed',
  ],
  ['no email', '/token?grant_type=password', { body: { password: 'x' } }, 400, 'validation_failed'],
  [
    'phone sign-in',
    '/token?grant_type=password',
    { body: { phone: '+15555550100', password: 'x' } },
    422,
    'phone_provider_disabled',
  ],
  [
    'huge email',
    '/token?grant_type=password',
    { body: { email: 'a'.repeat(5000), password: 'x' } },
    400,
    'validation_failed',
  ],
  [
    'number refresh token',
    '/token?grant_type=refresh_token',
    { body: { refresh_token: 123 } },
    400,
    'validation_failed',
  ],
  ['no verifier', '/token?grant_type=pkce', { body: { auth_code: 'x' } }, 400, 'validation_failed'],
  [
    'unknown code',
    '/token?grant_type=pkce',
    { body: { auth_code: 'x', code_verifier: S256 } },
    404,
    'flow_state_not_found',
  ],
  ['recover without email', '/recover', { body: {} }, 400, 'validation_failed'],
  ['recover bad email', '/recover', { body: { email: 'not-an-address' } }, 400, 'validation_failed'],
  [
    'recover plain PKCE',
    '/recover',
    { body: { email: 'a@b.co', code_challenge: S256, code_challenge_method: 'plain' } },
    400,
    'validation_failed',
  ],
  ['verify unknown type', '/verify', { body: { type: 'invite', token_hash: 'x' } }, 400, 'validation_failed'],
  ['verify without token', '/verify', { body: { type: 'signup' } }, 400, 'validation_failed'],
  [
    'verify OTP code',
    '/verify',
    { body: { type: 'signup', token: '123456', email: 'a@b.co' } },
    400,
    'validation_failed',
  ],
  ['verify number token', '/verify', { body: { type: 'signup', token_hash: 5 } }, 400, 'validation_failed'],
  [
    'verify unknown token',
    '/verify',
    { body: { type: 'recovery', token_hash: 'guess' } },
    403,
    'otp_expired',
  ],
  ['user with the anon key', '/user', { method: 'GET' }, 403, 'bad_jwt'],
  [
    'user without a bearer',
    '/user',
    { method: 'GET', headers: { authorization: '' } },
    401,
    'no_authorization',
  ],
  ['logout without a bearer', '/logout', { headers: { authorization: '' } }, 401, 'no_authorization'],
  ['logout bad scope', '/logout?scope=all', { token }, 400, 'validation_failed'],
  ['update user bad data', '/user', { method: 'PUT', token, body: { data: [1] } }, 400, 'validation_failed'],
  ['signup', '/signup', { body: { email: 'a@b.co', password: 'Str0ng!pass' } }, 422, 'signup_disabled'],
  ['authorize without PKCE', '/authorize?provider=google', { method: 'GET' }, 400, 'validation_failed'],
  ['admin delete as user', `/admin/users/${userId}`, { method: 'DELETE', token }, 403, 'not_admin'],
  [
    'no API key',
    '/token?grant_type=password',
    { body: {}, headers: { apikey: '', authorization: '' } },
    401,
    'no_authorization',
  ],
];

describe('bad input on /auth/v1', () => {
  it('answers each with its documented status and code, in both error formats, and writes nothing', async () => {
    const before = await authTableCounts(s);
    for (const [label, path, init, status, code] of cases()) {
      const current = await authFetch(s, path, { ...init, headers: { ...json, ...init?.headers } });
      expect(current.status, label).toBe(status);
      expect(current.body, label).toEqual({ code, message: expect.any(String) });
      expect(current.headers.get('x-sb-error-code'), label).toBe(code);
      const legacy = await authFetch(s, path, {
        ...init,
        headers: { ...json, ...init?.headers, 'x-supabase-api-version': '' },
      });
      expect(legacy.body, label).toEqual({ code: status, error_code: code, msg: expect.any(String) });
    }
    expect(await authTableCounts(s)).toEqual(before);
  });

  it('sends a bad e-mail link back with an error, never a 500', async () => {
    for (const query of [
      'type=bogus&token=x',
      'type=signup',
      'token=x',
      `type=signup&token=${'x'.repeat(600)}`,
    ]) {
      const res = await fetch(`${s.url}/auth/v1/verify?${query}`, { redirect: 'manual' });
      expect(res.status, query).toBe(303);
      const to = new URL(res.headers.get('location') ?? '');
      expect(to.origin, query).toBe(s.url);
      expect(to.searchParams.get('error_code'), query).toBe('otp_expired');
    }
  });

  it('answers unknown auth paths with 404', async () => {
    // (/factors was one until two-step sign-in arrived; this path belongs to nothing GoTrue serves.)
    expect((await authFetch(s, '/no-such-route', { body: {} })).status).toBe(404);
  });
});

describe('bad input on the account calls', () => {
  it('refuses bad register-oauth-user and delete-user payloads, writing nothing', async () => {
    const before = await authTableCounts(s);
    const other = '00000000-0000-4000-8000-000000000000';
    const bad: [unknown, number, string][] = [
      [{ user_id: other }, 403, 'forbidden'],
      [{ user_id: 'not-a-uuid' }, 400, 'invalid_input'],
      [{ avatar_url: 'javascript:alert(1)' }, 400, 'invalid_input'],
      [{ first_name: 'x'.repeat(101) }, 400, 'invalid_input'],
      [{ last_name: 7 }, 400, 'invalid_input'],
      [[], 400, 'invalid_input'],
    ];
    for (const [body, status, code] of bad) {
      const res = await s.sf('register-oauth-user', body, token);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.code).toBe(code);
    }
    expect((await s.sf('delete-user', { confirm: true }, token)).status).toBe(400);
    expect((await s.sf('register-user', 'text')).status).toBe(400);
    expect(await authTableCounts(s)).toEqual(before);
    const [me] = await s.t.deps.db.query('select 1 from auth.users where id = $1', [userId]);
    expect(me).toBeTruthy();
  });

  it('refuses /dev/mail without an address', async () => {
    const res = await fetch(`${s.url}/dev/mail`);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code: string }).code).toBe('invalid_input');
  });
});
