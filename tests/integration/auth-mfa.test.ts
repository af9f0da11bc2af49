// Two-factor sign-in through supabase-js's auth.mfa, unchanged, against GoTrue's /factors API: enrolment,
// challenge, verification to aal2 with GoTrue's amr, listing, unenrolment, and the refusals around them.
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../../server/auth/mfa/totp';
import {
  authFetch,
  confirmationUrl,
  followLink,
  latestMail,
  PASSWORD,
  register,
  registerConfirmed,
} from '../support/auth-flows';
import { enrolTotp, nextTotpCode, signInWithSecondFactor } from '../support/mfa-flows';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';

let s: TestServer;
const ADMIN_EMAIL = 'mfa-admin@example.test';
beforeAll(async () => {
  s = await startTestServer({ config: { adminEmails: [ADMIN_EMAIL] } });
});
afterAll(() => s.close());

async function signedIn() {
  const reg = await registerConfirmed(s);
  const client = s.client();
  const { data, error } = await client.auth.signInWithPassword({ email: reg.email, password: reg.password });
  expect(error).toBeNull();
  if (!data.session) throw new Error('no session');
  return { reg, client, session: data.session };
}

const claimsOf = async (client: ReturnType<TestServer['client']>) => {
  const { data } = await client.auth.getSession();
  return decodeJwt(data.session?.access_token ?? '');
};

describe('enrolling a TOTP factor', () => {
  it('answers the secret, the otpauth URI and a QR code, and lists the factor as unverified', async () => {
    const { client, reg } = await signedIn();
    const { data, error } = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' });
    expect(error).toBeNull();
    if (data?.type !== 'totp') throw new Error('not totp');
    expect(data.friendly_name).toBe('Phone');
    expect(data.totp.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(data.totp.uri).toBe(
      `otpauth://totp/Shelfwise:${encodeURIComponent(reg.email)}?issuer=Shelfwise&secret=${data.totp.secret}&algorithm=SHA1&digits=6&period=30`,
    );
    expect(data.totp.qr_code).toMatch(/^data:image\/svg\+xml;utf-8,<svg /);
    const listed = await client.auth.mfa.listFactors();
    expect(listed.data?.all.map((f) => [f.id, f.status, f.factor_type])).toEqual([
      [data.id, 'unverified', 'totp'],
    ]);
    expect(listed.data?.totp).toEqual([]);
    // The secret is stored sealed: it is nowhere in the row as written.
    const [row] = await s.t.deps.db.query<{ secret_sealed: string }>(
      'select secret_sealed from auth.mfa_factors where id = $1',
      [data.id],
    );
    expect(row?.secret_sealed).not.toContain(data.totp.secret);
  });

  it('refuses phone and webauthn factors, a second name, and a bad type, with GoTrue codes', async () => {
    const { client } = await signedIn();
    const phone = await client.auth.mfa.enroll({ factorType: 'phone', phone: '+15555550100' });
    expect(phone.error?.code).toBe('mfa_phone_enroll_not_enabled');
    await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Same' });
    const again = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Same' });
    expect(again.error?.code).toBe('mfa_factor_name_conflict');
    const { data } = await client.auth.getSession();
    const bad = await authFetch(s, '/factors', {
      token: data.session?.access_token,
      body: { factor_type: 'sms' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('validation_failed');
    const anonymous = await authFetch(s, '/factors', { body: { factor_type: 'totp' } });
    expect(anonymous.status).toBe(403);
    expect(anonymous.body.code).toBe('bad_jwt');
  });
});

describe('verifying', () => {
  it('raises the session to aal2 with amr [totp, password], and keeps it through a refresh', async () => {
    const { client } = await signedIn();
    const before = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(before.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal1' });
    await enrolTotp(client, 'Phone');
    const claims = await claimsOf(client);
    expect(claims.aal).toBe('aal2');
    expect((claims.amr as { method: string }[]).map((e) => e.method)).toEqual(['totp', 'password']);
    const level = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' });
    const listed = await client.auth.mfa.listFactors();
    expect(listed.data?.totp.map((f) => f.status)).toEqual(['verified']);
    const refreshed = await client.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(decodeJwt(refreshed.data.session?.access_token ?? '').aal).toBe('aal2');
  });

  it('refuses a wrong code and a replayed one, and signs in again with a fresh code', async () => {
    const { client, reg } = await signedIn();
    const { factorId, secret } = await enrolTotp(client);
    // The code just used to verify the factor is spent, even inside its 30 s window.
    const other = s.client();
    const replayed = await signInWithSecondFactor(other, reg, totpCode(secret));
    expect(replayed.error?.code).toBe('mfa_verification_failed');
    expect(replayed.error?.message).toBe('Invalid TOTP code entered');
    const wrong = await other.auth.mfa.challengeAndVerify({
      factorId,
      code: '000000' === totpCode(secret) ? '111111' : '000000',
    });
    expect(wrong.error?.code).toBe('mfa_verification_failed');
    expect((await claimsOf(other)).aal).toBe('aal1');
    const ok = await other.auth.mfa.challengeAndVerify({ factorId, code: nextTotpCode(secret) });
    expect(ok.error).toBeNull();
    expect((await claimsOf(other)).aal).toBe('aal2');
  });

  it('holds a challenge to its factor, its session, and one use', async () => {
    const { client } = await signedIn();
    const { factorId, secret } = await enrolTotp(client);
    const challenge = await client.auth.mfa.challenge({ factorId });
    expect(challenge.data).toMatchObject({ type: 'totp' });
    const challengeId = challenge.data?.id ?? '';
    const stranger = await signedIn();
    const foreign = await stranger.client.auth.mfa.verify({
      factorId,
      challengeId,
      code: nextTotpCode(secret),
    });
    expect(foreign.error?.code).toBe('mfa_factor_not_found');
    const ok = await client.auth.mfa.verify({ factorId, challengeId, code: nextTotpCode(secret) });
    expect(ok.error).toBeNull();
    const twice = await client.auth.mfa.verify({ factorId, challengeId, code: nextTotpCode(secret) });
    expect(twice.error?.code).toBe('mfa_factor_not_found');
  });

  it('locks the factor after repeated wrong codes, as passwords are', async () => {
    const { client, reg } = await signedIn();
    const { factorId, secret } = await enrolTotp(client);
    const other = s.client();
    await other.auth.signInWithPassword(reg);
    const wrong = totpCode(secret) === '123456' ? '654321' : '123456';
    const codes: (string | undefined)[] = [];
    for (let i = 0; i < 6; i += 1) {
      codes.push((await other.auth.mfa.challengeAndVerify({ factorId, code: wrong })).error?.code);
    }
    expect(codes).toEqual([...Array(5).fill('mfa_verification_failed'), 'over_request_rate_limit']);
    // Locked: even the right code waits for the window.
    const right = await other.auth.mfa.challengeAndVerify({ factorId, code: nextTotpCode(secret) });
    expect(right.error?.code).toBe('over_request_rate_limit');
  });

  it('ends the account sessions that stopped at the password once a factor is verified', async () => {
    const { client, reg } = await signedIn();
    const other = s.client();
    await other.auth.signInWithPassword(reg);
    await enrolTotp(client);
    const { data } = await other.auth.getSession();
    const answer = await authFetch(s, '/user', { method: 'GET', token: data.session?.access_token });
    expect(answer.status).toBe(403);
    expect(answer.body.code).toBe('session_not_found');
  });
});

describe('a session that stopped at the password', () => {
  it('opens nothing of an account with two-step sign-in until its code is given', async () => {
    const { client, reg } = await signedIn();
    const { factorId, secret } = await enrolTotp(client);
    const other = s.client();
    await other.auth.signInWithPassword(reg);
    const token = async () => (await other.auth.getSession()).data.session?.access_token;
    const owed = await s.sf('get-profile', {}, await token());
    expect(owed).toEqual({
      status: 403,
      body: {
        error: 'Enter the code from your authenticator app to finish signing in.',
        code: 'aal2_required',
      },
    });
    await other.auth.mfa.challengeAndVerify({ factorId, code: nextTotpCode(secret) });
    expect((await s.sf('get-profile', {}, await token())).status).toBe(200);
  });
});

describe('adding and removing factors', () => {
  it('needs aal2 to add a factor to a protected account and to remove a verified one', async () => {
    const { client, reg } = await signedIn();
    const { factorId, secret } = await enrolTotp(client);
    const other = s.client();
    await other.auth.signInWithPassword(reg);
    const add = await other.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Thief' });
    expect(add.error?.code).toBe('insufficient_aal');
    const remove = await other.auth.mfa.unenroll({ factorId });
    expect(remove.error?.code).toBe('insufficient_aal');
    expect((await client.auth.mfa.listFactors()).data?.totp).toHaveLength(1);

    await other.auth.mfa.challengeAndVerify({ factorId, code: nextTotpCode(secret) });
    const removed = await other.auth.mfa.unenroll({ factorId });
    expect(removed.error).toBeNull();
    expect(removed.data).toEqual({ id: factorId });
    expect((await other.auth.mfa.listFactors()).data?.all).toEqual([]);
    // The sessions it raised fall back to aal1 at once: the next refresh says so.
    const refreshed = await other.auth.refreshSession();
    expect(decodeJwt(refreshed.data.session?.access_token ?? '').aal).toBe('aal1');
  });

  it('answers mfa_factor_not_found for a factor of another account or none', async () => {
    const { client } = await signedIn();
    const { factorId } = await enrolTotp(client);
    const stranger = await signedIn();
    expect((await stranger.client.auth.mfa.challenge({ factorId })).error?.code).toBe('mfa_factor_not_found');
    expect((await stranger.client.auth.mfa.unenroll({ factorId })).error?.code).toBe('mfa_factor_not_found');
    expect((await stranger.client.auth.mfa.challenge({ factorId: 'nope' })).error?.code).toBe(
      'mfa_factor_not_found',
    );
  });
});

describe('admins', () => {
  it('are refused admin calls with aal2_required on a password alone, and allowed once at aal2', async () => {
    // ADMIN_EMAILS makes the account an admin from sign-up; its first admin call asks for the second factor.
    await register(s, { email: ADMIN_EMAIL });
    await followLink(confirmationUrl(await latestMail(s, ADMIN_EMAIL)));
    const client = s.client();
    await client.auth.signInWithPassword({ email: ADMIN_EMAIL, password: PASSWORD });
    const token = async () => (await client.auth.getSession()).data.session?.access_token;
    const refused = await s.sf('admin-search-works', { query: 'pride' }, await token());
    expect(refused).toEqual({
      status: 403,
      body: { error: 'Confirm two-step sign-in to use admin tools.', code: 'aal2_required' },
    });
    await enrolTotp(client);
    const allowed = await s.sf('admin-search-works', { query: 'pride' }, await token());
    expect(allowed.status).toBe(200);
  });
});
