// auth.mfa_factors rows, and checking a code against one under the sign-in limits (like passwords: counted
// before the check, in one atomic step per counter, a right code gives its attempts back). A code is spent
// by the same statement that accepts it, so two requests racing with one code cannot both pass.
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/db';
import type { AppDeps } from '../../deps';
import { clientKey } from '../password-attempts';
import { spendRecoveryCode } from './recovery-codes';
import { matchingStep } from './totp';

export interface FactorRow {
  id: string;
  user_id: string;
  friendly_name: string | null;
  status: 'verified' | 'unverified';
  secret_sealed: string;
}

const FACTOR_COLUMNS = 'id, user_id, friendly_name, status, secret_sealed';

export const findFactor = async (q: Queryable, userId: string, factorId: string) =>
  (
    await q.query<FactorRow>(
      `select ${FACTOR_COLUMNS} from auth.mfa_factors where id = $1 and user_id = $2`,
      [factorId, userId],
    )
  )[0] ?? null;

export async function insertFactor(
  q: Queryable,
  deps: Pick<AppDeps, 'keys'>,
  input: { userId: string; friendlyName: string | null; secret: string },
): Promise<FactorRow> {
  const id = randomUUID();
  const [row] = await q.query<FactorRow>(
    `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, secret_sealed)
     values ($1, $2, $3, 'totp', $4) returning ${FACTOR_COLUMNS}`,
    [id, input.userId, input.friendlyName, deps.keys.mfaSecrets.seal(input.secret, id)],
  );
  if (!row) throw new Error('factor insert returned nothing');
  return row;
}

export type CodeVerdict = 'match' | 'mismatch' | 'limited';

/**
 * Checks a TOTP `code` for `factor` from client `ip`, and spends it when it matches: its time step must be
 * later than the last one accepted for the factor.
 */
export async function checkTotpCode(
  deps: Pick<AppDeps, 'db' | 'keys' | 'rateLimiter'>,
  factor: FactorRow,
  code: string,
  ip: string,
): Promise<CodeVerdict> {
  const limited = await countAttempt(deps, factor.id, ip);
  if (limited === 'limited') return 'limited';
  const secret = deps.keys.mfaSecrets.open(factor.secret_sealed, factor.id);
  // A secret that no longer opens (MFA_ENCRYPTION_KEY changed) can match nothing; the log says why.
  if (secret === null) console.error(`the TOTP secret of factor ${factor.id} does not open with this key`);
  const step = secret === null ? null : matchingStep(secret, code.trim());
  if (step === null) return 'mismatch';
  const spent = await deps.db.query(
    `update auth.mfa_factors set last_used_step = $2, updated_at = now()
      where id = $1 and (last_used_step is null or last_used_step < $2) returning id`,
    [factor.id, step],
  );
  if (spent.length === 0) return 'mismatch';
  await limited.giveBack();
  return 'match';
}

/**
 * Checks a recovery code typed in place of `factor`'s TOTP code and spends it when it matches. It counts
 * against the factor's code limits, so the two kinds of code cannot be guessed on separate budgets. Only a
 * verified factor takes one: recovery codes finish a sign-in, they never confirm a new app.
 */
export async function checkRecoveryCode(
  deps: Pick<AppDeps, 'db' | 'keys' | 'rateLimiter'>,
  factor: FactorRow,
  code: string,
  ip: string,
): Promise<CodeVerdict> {
  const limited = await countAttempt(deps, factor.id, ip);
  if (limited === 'limited') return 'limited';
  if (factor.status !== 'verified') return 'mismatch';
  if (!(await spendRecoveryCode(deps.db, deps.keys.mfaSecrets, factor.user_id, code))) return 'mismatch';
  await limited.giveBack();
  return 'match';
}

/** Counts one code attempt against the factor's strict and ceiling limits; a match gives both back. */
export async function countAttempt(
  deps: Pick<AppDeps, 'rateLimiter'>,
  factorId: string,
  ip: string,
): Promise<'limited' | { giveBack(): Promise<void> }> {
  const strict = await deps.rateLimiter.count('mfa_failures', `${factorId} ${clientKey(ip)}`);
  if (!strict.allowed) return 'limited';
  const ceiling = await deps.rateLimiter.count('mfa_account_failures', factorId);
  if (!ceiling.allowed) {
    await strict.giveBack();
    return 'limited';
  }
  return {
    giveBack: async () => {
      await Promise.all([strict.giveBack(), ceiling.giveBack()]);
    },
  };
}
