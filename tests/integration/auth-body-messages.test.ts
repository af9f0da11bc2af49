// What each /auth/v1 body field answers when it is wrong: GoTrue's status, code and message, which
// supabase-js hands to the app as error.message. Missing, null and empty fields all read as absent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_RULE_MESSAGE } from '@shared/domain/account-validation';
import { createTestApp } from '../support/test-app';
import type { TestApp } from '../support/test-app';
import { createTestUser } from '../support/test-users';
import type { TestUser } from '../support/test-users';

let t: TestApp;
let reader: TestUser;
beforeAll(async () => {
  t = await createTestApp({ jobs: false });
  reader = await createTestUser(t);
});
afterAll(() => t.close());

const S256 = 'a'.repeat(43);
const UNFIT = 'must not contain control characters or broken Unicode';
const NO_EMAIL = 'Unable to validate email address: invalid format';
const NO_TYPE = 'Verify requires a verification type: signup, email, magiclink, recovery or email_change';
const NO_HASH = 'Verify requires either a token or a token hash';
const CODE_TYPES_ONLY = 'Verify with a token supports the types email and magiclink: other mails carry links';
const CODE_NEEDS_EMAIL = 'Verify with a token requires the email address it was sent to';
const NO_PKCE_PAIR = 'invalid request: both auth code and code verifier should be non-empty';

type Caller = 'anon' | 'reader' | 'service';
type Case = [path: string, body: unknown, status: number, code: string, message: string, caller?: Caller];

const cases: Case[] = [
  [
    'POST /token?grant_type=password',
    { email: 42, password: 'x' },
    400,
    'validation_failed',
    'email must be a string',
  ],
  [
    'POST /token?grant_type=password',
    { email: 'a'.repeat(5000) },
    400,
    'validation_failed',
    'email is too long',
  ],
  ['POST /token?grant_type=password', { password: 'x' }, 400, 'validation_failed', 'missing email or phone'],
  [
    'POST /token?grant_type=password',
    { email: '', password: 'x' },
    400,
    'validation_failed',
    'missing email or phone',
  ],
  [
    'POST /token?grant_type=password',
    { email: null, phone: '+15555550100' },
    422,
    'phone_provider_disabled',
    'Phone logins are disabled',
  ],
  [
    'POST /token?grant_type=password',
    { email: 'a@b.co', password: {} },
    400,
    'validation_failed',
    'password must be a string',
  ],
  [
    'POST /token?grant_type=password',
    { email: 'a\u0000@b.co', password: 'x' },
    400,
    'validation_failed',
    `email ${UNFIT}`,
  ],
  [
    'POST /token?grant_type=password',
    { email: 'nobody@example.test' },
    400,
    'invalid_credentials',
    'Invalid login credentials',
  ],
  [
    'POST /token?grant_type=password',
    { email: 'a@b.co', password: 'x', gotrue_meta_security: { captcha_token: 'a\u0007' } },
    400,
    'validation_failed',
    `gotrue_meta_security.captcha_token ${UNFIT}`,
  ],
  ['POST /token?grant_type=refresh_token', {}, 400, 'validation_failed', 'refresh_token required'],
  [
    'POST /token?grant_type=refresh_token',
    { refresh_token: null },
    400,
    'validation_failed',
    'refresh_token required',
  ],
  [
    'POST /token?grant_type=refresh_token',
    { refresh_token: '' },
    400,
    'validation_failed',
    'refresh_token required',
  ],
  [
    'POST /token?grant_type=refresh_token',
    { refresh_token: 123 },
    400,
    'validation_failed',
    'refresh_token must be a string',
  ],
  ['POST /token?grant_type=pkce', { auth_code: 'x' }, 400, 'validation_failed', NO_PKCE_PAIR],
  [
    'POST /token?grant_type=pkce',
    { auth_code: 'x', code_verifier: '' },
    400,
    'validation_failed',
    NO_PKCE_PAIR,
  ],
  [
    'POST /token?grant_type=pkce',
    { auth_code: 5, code_verifier: S256 },
    400,
    'validation_failed',
    'auth_code must be a string',
  ],
  ['POST /recover', {}, 400, 'validation_failed', NO_EMAIL],
  ['POST /recover', { email: 'not-an-address' }, 400, 'validation_failed', NO_EMAIL],
  ['POST /recover', { email: 7 }, 400, 'validation_failed', 'email must be a string'],
  [
    'POST /recover',
    { email: 'a@b.co', code_challenge: S256, code_challenge_method: 'plain' },
    400,
    'validation_failed',
    'code_challenge must be an S256 challenge',
  ],
  [
    'POST /recover',
    { email: 'a@b.co', code_challenge: S256 },
    400,
    'validation_failed',
    'code_challenge must be an S256 challenge',
  ],
  [
    'POST /verify',
    { type: 'invite', token_hash: 'x' },
    400,
    'validation_failed',
    'Unsupported verification type',
  ],
  // Codes by SMS, as GoTrue answers them with phone sign-in off: the number is checked, then no account has it.
  [
    'POST /verify',
    { type: 'sms', phone: 'call me', token: '123456' },
    400,
    'validation_failed',
    'Invalid phone number format (E.164 required)',
  ],
  [
    'POST /verify',
    { type: 'sms', token: '123456' },
    400,
    'validation_failed',
    'Invalid phone number format (E.164 required)',
  ],
  [
    'POST /verify',
    { type: 'sms', phone: '+1 555 555 0100', token: '123456' },
    403,
    'otp_expired',
    'Token has expired or is invalid',
  ],
  [
    'POST /verify',
    { type: 'phone_change', phone: '15555550100', token: '123456' },
    403,
    'otp_expired',
    'Token has expired or is invalid',
  ],
  [
    'POST /resend',
    { type: 'phone_change', phone: '+15555550100' },
    400,
    'phone_provider_disabled',
    'Phone logins are disabled',
  ],
  [
    'POST /token?grant_type=web3',
    { chain: 'solana' },
    422,
    'web3_provider_disabled',
    'Web3 provider is disabled',
  ],
  [
    'POST /token?grant_type=id_token',
    { provider: 'google', id_token: 'x' },
    400,
    'invalid_credentials',
    'unsupported_grant_type',
  ],
  [
    'POST /verify',
    { type: 'recovery', token: '123456', email: 'a@b.co' },
    400,
    'validation_failed',
    CODE_TYPES_ONLY,
  ],
  ['POST /verify', { type: 'email', token: '123456' }, 400, 'validation_failed', CODE_NEEDS_EMAIL],
  ['POST /verify', { type: 'email', token: '123456', email: 'nope' }, 400, 'validation_failed', NO_EMAIL],
  [
    'POST /verify',
    { type: 'email', token: 123456, email: 'a@b.co' },
    400,
    'validation_failed',
    'token must be a string',
  ],
  ['POST /otp', {}, 400, 'validation_failed', NO_EMAIL],
  [
    'POST /otp',
    { email: 'a@b.co', code_challenge: S256, code_challenge_method: 'plain' },
    400,
    'validation_failed',
    'code_challenge must be an S256 challenge',
  ],
  ['POST /otp', { phone: '+15555550100' }, 422, 'phone_provider_disabled', 'Unsupported phone provider'],
  ['POST /verify', { token_hash: 'x' }, 400, 'validation_failed', NO_TYPE],
  ['POST /verify', { type: 5, token_hash: 'x' }, 400, 'validation_failed', 'type must be a string'],
  ['POST /verify', { type: 'signup' }, 400, 'validation_failed', NO_HASH],
  ['POST /verify', { type: 'signup', token_hash: null }, 400, 'validation_failed', NO_HASH],
  [
    'POST /verify',
    { type: 'signup', token_hash: 5 },
    400,
    'validation_failed',
    'token_hash must be a string',
  ],
  ['PUT /user', { data: [1] }, 400, 'validation_failed', 'data must be a JSON object', 'reader'],
  ['PUT /user', { data: 'text' }, 400, 'validation_failed', 'data must be a JSON object', 'reader'],
  [
    'PUT /user',
    { data: { big: 'x'.repeat(20_000) } },
    400,
    'validation_failed',
    'data must be at most 16384 bytes of JSON',
    'reader',
  ],
  [
    'PUT /user',
    { data: { deep: { list: ['fine', 'a\u0001'] } } },
    400,
    'validation_failed',
    `data.deep.list.1 ${UNFIT}`,
    'reader',
  ],
  ['PUT /user', { password: 'x'.repeat(300) }, 400, 'validation_failed', 'Password is too long', 'reader'],
  ['PUT /user', { password: 12345678 }, 400, 'validation_failed', 'password must be a string', 'reader'],
  ['PUT /user', { password: 'weak' }, 422, 'weak_password', PASSWORD_RULE_MESSAGE, 'reader'],
  ['PUT /user', { email: 'not-an-address' }, 400, 'validation_failed', NO_EMAIL, 'reader'],
  [
    'PUT /user',
    { password: 'x', current_password: 5 },
    400,
    'validation_failed',
    'current_password must be a string',
    'reader',
  ],
  [
    'PUT /user',
    { email: 'new@example.test', code_challenge: 'short', code_challenge_method: 's256' },
    400,
    'validation_failed',
    'code_challenge must be an S256 challenge',
    'reader',
  ],
  ...[42, {}, [S256], true].map((challenge): Case => [
    'PUT /user',
    { email: 'new@example.test', code_challenge: challenge, code_challenge_method: 's256' },
    400,
    'validation_failed',
    'code_challenge must be a string',
    'reader',
  ]),
  [
    'PUT /user',
    { code_challenge: 42 },
    400,
    'validation_failed',
    'code_challenge must be a string',
    'reader',
  ],
  [
    'PUT /user',
    { email: 'new@example.test', code_challenge: S256, code_challenge_method: 256 },
    400,
    'validation_failed',
    'code_challenge_method must be a string',
    'reader',
  ],
  [
    'POST /recover',
    { email: 'a@b.co', code_challenge: { value: S256 }, code_challenge_method: 's256' },
    400,
    'validation_failed',
    'code_challenge must be a string',
  ],
  [
    'DELETE /admin/users/00000000-0000-4000-8000-000000000000',
    { should_soft_delete: true },
    400,
    'validation_failed',
    'Soft deletion is not supported',
    'service',
  ],
];

async function call(route: string, body: unknown, caller: Caller = 'anon') {
  const [method, path] = route.split(' ') as [string, string];
  const { anonKey, serviceRoleKey } = t.deps.keys;
  const bearer = { anon: anonKey, reader: reader.token, service: serviceRoleKey }[caller];
  const res = await t.app.request(`/auth/v1${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      apikey: anonKey,
      authorization: `Bearer ${bearer}`,
      'x-supabase-api-version': '2024-01-01',
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as unknown };
}

describe('/auth/v1 body fields', () => {
  it.each(cases)('%s (case %#)', async (route, body, status, code, message, caller) => {
    const res = await call(route, body, caller);
    expect(res.body).toEqual({
      code,
      message,
      ...(code === 'weak_password' ? { weak_password: expect.anything() } : {}),
    });
    expect(res.status).toBe(status);
  });

  it('starts no e-mail change when the PKCE challenge of PUT /user is of the wrong type', async () => {
    const res = await call('PUT /user', { email: 'elsewhere@example.test', code_challenge: 42 }, 'reader');
    expect(res.body).toEqual({ code: 'validation_failed', message: 'code_challenge must be a string' });
    const [row] = await t.deps.db.query<{ email: string; email_change: string | null }>(
      'select email, email_change from auth.users where id = $1',
      [reader.id],
    );
    expect(row).toEqual({ email: reader.email, email_change: null });
  });

  it('reads missing, null and empty fields of PUT /user as "no change"', async () => {
    const res = await call(
      'PUT /user',
      { email: '', password: null, current_password: '', data: null },
      'reader',
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: reader.id, email: reader.email });
  });
});
