// Recovery codes of two-step sign-in (issue 31): ten single-use codes that stand in for the authenticator app.
// Stored as a keyed digest (HMAC under a key from the server's configuration, SecretBox.digest), not argon2:
// each code carries 50 random bits, so there is no dictionary to slow down, and guessing online is held by
// the factor's code limits; what a slow hash would add is resistance to a stolen database, and the key
// already gives that (a dump without the configuration cannot test a single guess). A keyed digest is also
// one indexed lookup, so a code is found and spent by a single statement, where argon2 would need ten
// verifications per attempt (each salted) before the spend.
import { randomBytes } from 'node:crypto';
import { formatRecoveryCode, normaliseRecoveryCode, RECOVERY_CODE_COUNT } from '@shared/api/two-step';
import type { Queryable } from '../../db/db';
import type { SecretBox } from './secret-box';

/** Replaces every recovery code of `userId` with new ones and answers them, formatted, once. */
export async function replaceRecoveryCodes(q: Queryable, box: SecretBox, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => formatRecoveryCode(randomBytes(7)));
  await q.query('delete from auth.mfa_recovery_codes where user_id = $1', [userId]);
  await q.query(
    `insert into auth.mfa_recovery_codes (user_id, code_digest)
     select $1, digest from unnest($2::text[]) as digest`,
    [userId, codes.map((code) => box.digest(normaliseRecoveryCode(code) ?? code, userId))],
  );
  return codes;
}

/**
 * Spends `typed` if it is an unused recovery code of `userId`: the statement that finds it marks it used, so
 * two requests racing with one code cannot both pass.
 */
export async function spendRecoveryCode(
  q: Queryable,
  box: SecretBox,
  userId: string,
  typed: string,
): Promise<boolean> {
  const code = normaliseRecoveryCode(typed);
  if (code === null) return false;
  const spent = await q.query(
    `update auth.mfa_recovery_codes set used_at = now()
      where user_id = $1 and code_digest = $2 and used_at is null returning id`,
    [userId, box.digest(code, userId)],
  );
  return spent.length > 0;
}

export async function unusedRecoveryCodes(q: Queryable, userId: string): Promise<number> {
  const [row] = await q.query<{ count: number }>(
    'select count(*)::int as count from auth.mfa_recovery_codes where user_id = $1 and used_at is null',
    [userId],
  );
  return row?.count ?? 0;
}

export async function removeRecoveryCodes(q: Queryable, userId: string): Promise<void> {
  await q.query('delete from auth.mfa_recovery_codes where user_id = $1', [userId]);
}
