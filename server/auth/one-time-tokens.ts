// The tokens in e-mail links (sign-up confirmation, password reset, e-mail change, sign-in link): stored
// hashed, one live token per user and kind (a new mail voids the previous link), spent by their first use,
// dead after an hour. A sign-in link's row also holds the digest of the six-digit code its mail carries.
import type { Queryable } from '../db/db';
import { ONE_TIME_TOKEN_TTL_SECONDS } from './limits';
import { randomToken, sha256Hex } from './secrets';

export type OneTimeTokenType = 'confirmation' | 'recovery' | 'email_change' | 'magiclink';

/**
 * The `type` of /verify (Supabase Auth's names) to the kinds of token it may spend. GoTrue's `email` stands
 * for a sign-up confirmation and a sign-in link alike (supabase-js verifyOtp({type: 'email'})).
 */
export const VERIFY_TYPES: Record<string, readonly OneTimeTokenType[]> = {
  signup: ['confirmation'],
  email: ['confirmation', 'magiclink'],
  magiclink: ['magiclink'],
  recovery: ['recovery'],
  email_change: ['email_change'],
};

export interface SpentToken {
  user_id: string;
  token_type: OneTimeTokenType;
  relates_to: string;
  redirect_to: string | null;
  flow_state_id: string | null;
}

export async function createOneTimeToken(
  q: Queryable,
  input: {
    userId: string;
    type: OneTimeTokenType;
    relatesTo: string;
    redirectTo: string | null;
    flowStateId: string | null;
    /** The keyed digest of a code the mail carries beside the link (sign-in links only). */
    codeDigest?: string;
  },
): Promise<string> {
  const token = randomToken();
  await q.query('delete from auth.one_time_tokens where user_id = $1 and token_type = $2', [
    input.userId,
    input.type,
  ]);
  await q.query(
    `insert into auth.one_time_tokens
       (user_id, token_type, token_hash, relates_to, redirect_to, flow_state_id, code_digest, expires_at)
     values ($1, $2, $3, $4, $5, $6, $7, now() + make_interval(secs => $8))`,
    [
      input.userId,
      input.type,
      sha256Hex(token),
      input.relatesTo,
      input.redirectTo,
      input.flowStateId,
      input.codeDigest ?? null,
      ONE_TIME_TOKEN_TTL_SECONDS,
    ],
  );
  return token;
}

const SPENT_COLUMNS = 'user_id, token_type, relates_to, redirect_to, flow_state_id';

/** Spends a link token; null when it is unknown, of another kind, already used or expired. */
export async function spendOneTimeToken(
  q: Queryable,
  token: string,
  types: readonly OneTimeTokenType[],
): Promise<SpentToken | null> {
  const [row] = await q.query<SpentToken>(
    `update auth.one_time_tokens set used_at = now()
      where token_hash = $1 and token_type = any($2::text[]) and used_at is null and expires_at > now()
      returning ${SPENT_COLUMNS}`,
    [sha256Hex(token), [...types]],
  );
  return row ?? null;
}

/**
 * Spends the live sign-in link of `userId` by the code its mail carried (as its keyed digest); null when the
 * account has no live link or the code is not its code. One statement finds and spends it, so two requests
 * racing with the right code cannot both pass.
 */
export async function spendByCode(
  q: Queryable,
  userId: string,
  codeDigest: string,
): Promise<SpentToken | null> {
  const [row] = await q.query<SpentToken>(
    `update auth.one_time_tokens set used_at = now()
      where user_id = $1 and token_type = 'magiclink' and code_digest = $2
        and used_at is null and expires_at > now()
      returning ${SPENT_COLUMNS}`,
    [userId, codeDigest],
  );
  return row ?? null;
}

/** The redirect a link token was made with, spent or not, so a failed link can still send the user back. */
export async function redirectOfToken(q: Queryable, token: string): Promise<string | null> {
  const [row] = await q.query<{ redirect_to: string | null }>(
    'select redirect_to from auth.one_time_tokens where token_hash = $1',
    [sha256Hex(token)],
  );
  return row?.redirect_to ?? null;
}
