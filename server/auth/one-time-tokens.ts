// The tokens in e-mail links (sign-up confirmation, password reset, e-mail change): stored hashed, one live
// token per user and kind (a new mail voids the previous link), spent by their first use, dead after an hour.
import type { Queryable } from '../db/db';
import { ONE_TIME_TOKEN_TTL_SECONDS } from './limits';
import { randomToken, sha256Hex } from './secrets';

export type OneTimeTokenType = 'confirmation' | 'recovery' | 'email_change';

/** The `type` of /verify (Supabase Auth's names) to the kind of token it spends. */
export const VERIFY_TYPES: Record<string, OneTimeTokenType> = {
  signup: 'confirmation',
  email: 'confirmation',
  recovery: 'recovery',
  email_change: 'email_change',
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
  },
): Promise<string> {
  const token = randomToken();
  await q.query('delete from auth.one_time_tokens where user_id = $1 and token_type = $2', [
    input.userId,
    input.type,
  ]);
  await q.query(
    `insert into auth.one_time_tokens
       (user_id, token_type, token_hash, relates_to, redirect_to, flow_state_id, expires_at)
     values ($1, $2, $3, $4, $5, $6, now() + make_interval(secs => $7))`,
    [
      input.userId,
      input.type,
      sha256Hex(token),
      input.relatesTo,
      input.redirectTo,
      input.flowStateId,
      ONE_TIME_TOKEN_TTL_SECONDS,
    ],
  );
  return token;
}

/** Spends a link token; null when it is unknown, of another kind, already used or expired. */
export async function spendOneTimeToken(
  q: Queryable,
  token: string,
  type: OneTimeTokenType,
): Promise<SpentToken | null> {
  const [row] = await q.query<SpentToken>(
    `update auth.one_time_tokens set used_at = now()
      where token_hash = $1 and token_type = $2 and used_at is null and expires_at > now()
      returning user_id, token_type, relates_to, redirect_to, flow_state_id`,
    [sha256Hex(token), type],
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
