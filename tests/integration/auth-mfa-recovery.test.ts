// Recovery codes of two-step sign-in through supabase-js, unchanged: made with the first verified factor,
// spent in place of the TOTP code by auth.mfa.verify (our extension, amr mfa/recovery), each once, under the
// factor's code limits; counted and replaced through /sf/, and gone with the last factor.
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECOVERY_CODE_COUNT } from '@shared/api/two-step';
import { registerConfirmed } from '../support/auth-flows';
import { enrolTotp, nextTotpCode } from '../support/mfa-flows';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

async function protectedAccount() {
  const reg = await registerConfirmed(s);
  const client = s.client();
  expect((await client.auth.signInWithPassword(reg)).error).toBeNull();
  const factor = await enrolTotp(client);
  return { reg, client, ...factor, recoveryCodes: factor.recoveryCodes ?? [] };
}

/** A second device: password only, so its session still owes the second factor. */
async function atPassword(reg: { email: string; password: string }) {
  const client = s.client();
  expect((await client.auth.signInWithPassword(reg)).error).toBeNull();
  return client;
}

const tokenOf = async (client: ReturnType<TestServer['client']>) =>
  (await client.auth.getSession()).data.session?.access_token ?? '';

describe('recovery codes', () => {
  it('come ten with the first verified factor, once, and are stored only as keyed digests', async () => {
    const { client, reg, recoveryCodes } = await protectedAccount();
    expect(recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(recoveryCodes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of recoveryCodes) expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{5}-[0-9a-hjkmnp-tv-z]{5}$/);
    const rows = await s.t.deps.db.query<{ code_digest: string }>(
      `select code_digest from auth.mfa_recovery_codes c join auth.users u on u.id = c.user_id
        where u.email = $1`,
      [reg.email],
    );
    expect(rows).toHaveLength(RECOVERY_CODE_COUNT);
    const stored = JSON.stringify(rows);
    for (const code of recoveryCodes) {
      expect(stored).not.toContain(code);
      expect(stored).not.toContain(code.replace('-', ''));
    }
    // A second factor on the same account brings no new codes and keeps the old ones.
    const second = await enrolTotp(client, 'Tablet');
    expect(second.recoveryCodes).toBeNull();
    const status = await s.sf('recovery-codes-status', {}, await tokenOf(client));
    expect(status.body).toEqual({ unused: RECOVERY_CODE_COUNT });
  });

  it('finish a sign-in in place of the code (aal2, amr mfa/recovery), each only once', async () => {
    const { reg, factorId, recoveryCodes } = await protectedAccount();
    const [first, second] = recoveryCodes;
    const device = await atPassword(reg);
    // Typed in capitals without the dash: the same code.
    const used = await device.auth.mfa.challengeAndVerify({
      factorId,
      code: first!.toUpperCase().replace('-', ''),
    });
    expect(used.error).toBeNull();
    const claims = decodeJwt(await tokenOf(device));
    expect(claims.aal).toBe('aal2');
    expect((claims.amr as { method: string }[]).map((e) => e.method)).toEqual(['mfa/recovery', 'password']);
    const level = await device.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' });

    const again = await atPassword(reg);
    const replayed = await again.auth.mfa.challengeAndVerify({ factorId, code: first! });
    expect(replayed.error?.code).toBe('mfa_verification_failed');
    expect(decodeJwt(await tokenOf(again)).aal).toBe('aal1');
    expect((await again.auth.mfa.challengeAndVerify({ factorId, code: second! })).error).toBeNull();
    const status = await s.sf('recovery-codes-status', {}, await tokenOf(again));
    expect(status.body).toEqual({ unused: RECOVERY_CODE_COUNT - 2 });
  });

  it('one code spent by two racing sign-ins lets exactly one through', async () => {
    const { reg, factorId, recoveryCodes } = await protectedAccount();
    const [a, b] = [await atPassword(reg), await atPassword(reg)];
    const results = await Promise.all(
      [a, b].map((client) => client.auth.mfa.challengeAndVerify({ factorId, code: recoveryCodes[0]! })),
    );
    expect(results.filter((r) => r.error === null)).toHaveLength(1);
    expect(results.filter((r) => r.error?.code === 'mfa_verification_failed')).toHaveLength(1);
  });

  it('share the factor code limits: wrong recovery codes lock it as wrong TOTP codes do', async () => {
    const { reg, factorId, recoveryCodes } = await protectedAccount();
    const device = await atPassword(reg);
    const answers: (string | undefined)[] = [];
    for (let i = 0; i < 6; i += 1) {
      const wrong = `zzzz${i}-zzzz${i}`;
      answers.push((await device.auth.mfa.challengeAndVerify({ factorId, code: wrong })).error?.code);
    }
    expect(answers).toEqual([...Array(5).fill('mfa_verification_failed'), 'over_request_rate_limit']);
    const right = await device.auth.mfa.challengeAndVerify({ factorId, code: recoveryCodes[0]! });
    expect(right.error?.code).toBe('over_request_rate_limit');
    // Refused while locked: the code is still unused.
    const [row] = await s.t.deps.db.query<{ unused: number }>(
      `select count(*)::int as unused from auth.mfa_recovery_codes c join auth.users u on u.id = c.user_id
        where u.email = $1 and used_at is null`,
      [reg.email],
    );
    expect(row?.unused).toBe(RECOVERY_CODE_COUNT);
  });

  it('do not confirm a new factor: a first code must come from the app', async () => {
    const { client, recoveryCodes } = await protectedAccount();
    const { data } = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Another' });
    const refused = await client.auth.mfa.challengeAndVerify({ factorId: data!.id, code: recoveryCodes[0]! });
    expect(refused.error?.code).toBe('mfa_verification_failed');
  });

  it('are replaced for a current code only, and the old ones stop working', async () => {
    const { client, reg, factorId, secret, recoveryCodes } = await protectedAccount();
    const token = await tokenOf(client);
    const wrong = await s.sf('regenerate-recovery-codes', { factor_id: factorId, code: '000000' }, token);
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('invalid_input');
    const fresh = await s.sf(
      'regenerate-recovery-codes',
      { factor_id: factorId, code: nextTotpCode(secret) },
      token,
    );
    expect(fresh.status).toBe(200);
    const codes = fresh.body.codes as string[];
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(codes.filter((c) => recoveryCodes.includes(c))).toEqual([]);
    // The same code again is spent.
    const replayed = await s.sf(
      'regenerate-recovery-codes',
      { factor_id: factorId, code: nextTotpCode(secret) },
      token,
    );
    expect(replayed.status).toBe(400);
    const device = await atPassword(reg);
    const old = await device.auth.mfa.challengeAndVerify({ factorId, code: recoveryCodes[0]! });
    expect(old.error?.code).toBe('mfa_verification_failed');
    expect((await device.auth.mfa.challengeAndVerify({ factorId, code: codes[0]! })).error).toBeNull();
  });

  it('cannot be read or replaced by a session that stopped at the password', async () => {
    const { reg, factorId, secret } = await protectedAccount();
    const token = await tokenOf(await atPassword(reg));
    const status = await s.sf('recovery-codes-status', {}, token);
    expect(status.status).toBe(403);
    expect(status.body.code).toBe('aal2_required');
    const regen = await s.sf(
      'regenerate-recovery-codes',
      { factor_id: factorId, code: nextTotpCode(secret) },
      token,
    );
    expect(regen.status).toBe(403);
  });

  it('turn two-step off in place of a current code, and go with the last factor', async () => {
    const { reg, factorId, recoveryCodes } = await protectedAccount();
    const device = await atPassword(reg);
    expect(
      (await device.auth.mfa.challengeAndVerify({ factorId, code: recoveryCodes[3]! })).error,
    ).toBeNull();
    expect((await device.auth.mfa.unenroll({ factorId })).error).toBeNull();
    expect((await device.auth.mfa.listFactors()).data?.all).toEqual([]);
    const [row] = await s.t.deps.db.query<{ count: number }>(
      `select count(*)::int as count from auth.mfa_recovery_codes c join auth.users u on u.id = c.user_id
        where u.email = $1`,
      [reg.email],
    );
    expect(row?.count).toBe(0);
  });
});
