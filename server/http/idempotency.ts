// Answers a repeated /sf/ call that carries an Idempotency-Key with the first call's answer instead of doing
// it again (shared/api/idempotency.ts). The key is claimed first, by inserting its row: of two concurrent
// calls with one key only the one whose insert lands does the work; the other is told to try again (409) or,
// once the answer is stored, gets it. Failures are not remembered: the claim is released, so a retry does
// the work. Rows are kept IDEMPOTENCY_KEEP_HOURS and deleted by an hourly job (IDEMPOTENCY_CLEANUP_JOB).
import { createHash } from 'node:crypto';
import {
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_IN_PROGRESS,
  IDEMPOTENCY_KEEP_HOURS,
  IDEMPOTENCY_KEY_PATTERN,
  IDEMPOTENCY_KEY_REUSED,
} from '@shared/api/idempotency';
import type { Db } from '../db/db';
import type { JobHandler } from '../jobs/job-runner';
import { ApiError, badRequest } from './errors';

export const IDEMPOTENCY_CLEANUP_JOB = 'sf.idempotency-cleanup';
export const IDEMPOTENCY_CLEANUP_EVERY_MS = 60 * 60 * 1000;
/**
 * A claim with no answer this long after it was made is taken to be from a call that died with its process
 * (a crash mid-write), and a repeat may do the work. Far above any /sf/ call's time.
 */
export const STALE_CLAIM_SECONDS = 5 * 60;

/** The header's key, checked; undefined when there is none. Bad input changes nothing (400). */
export function idempotencyKeyOf(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  if (!IDEMPOTENCY_KEY_PATTERN.test(header))
    throw badRequest(
      `The ${IDEMPOTENCY_HEADER} header must be 1 to 100 letters, digits, '.', '_', ':' or '-'.`,
    );
  return header;
}

/** What a repeat must match: the same endpoint with the same body. */
export const fingerprintOf = (name: string, body: unknown) =>
  createHash('sha256')
    .update(`${name}\n${JSON.stringify(body)}`)
    .digest('hex');

export interface IdempotentCall {
  userId: string;
  key: string;
  fingerprint: string;
}

/** Runs `work` once per user and key; answers its result, and whether it was a repeat's stored answer. */
export async function runOnce<T>(
  db: Db,
  call: IdempotentCall,
  work: () => Promise<T>,
): Promise<{ value: T; replayed: boolean }> {
  // A claim released by a failing first call between our insert and our read is claimed on the next turn.
  for (let turn = 0; turn < 3; turn++) {
    // Insert-first: the primary key lets exactly one concurrent call claim the key. An expired row, or a
    // claim left by a call that died, is taken over in the same statement.
    const claimed = await db.query(
      `insert into public.idempotent_calls (user_id, key, fingerprint) values ($1, $2, $3)
       on conflict (user_id, key) do update
         set fingerprint = excluded.fingerprint, answer = null, answered_at = null, claimed_at = now()
         where idempotent_calls.claimed_at < now() - make_interval(hours => $4)
            or (idempotent_calls.answer is null
                and idempotent_calls.claimed_at < now() - make_interval(secs => $5))
       returning 1`,
      [call.userId, call.key, call.fingerprint, IDEMPOTENCY_KEEP_HOURS, STALE_CLAIM_SECONDS],
    );
    if (claimed.length === 1) {
      let value: T;
      try {
        value = await work();
      } catch (error) {
        await release(db, call).catch(() => undefined);
        throw error;
      }
      await db.query(
        `update public.idempotent_calls set answer = $3::jsonb, answered_at = now()
          where user_id = $1 and key = $2`,
        [call.userId, call.key, JSON.stringify(value ?? null)],
      );
      return { value, replayed: false };
    }

    const [row] = await db.query<{ fingerprint: string; answer: unknown; answered: boolean }>(
      `select fingerprint, answer, answered_at is not null as answered from public.idempotent_calls
        where user_id = $1 and key = $2`,
      [call.userId, call.key],
    );
    if (!row) continue;
    if (row.fingerprint !== call.fingerprint)
      throw new ApiError(
        422,
        IDEMPOTENCY_KEY_REUSED,
        `This ${IDEMPOTENCY_HEADER} was already used for a different request.`,
      );
    if (!row.answered)
      throw new ApiError(
        409,
        IDEMPOTENCY_IN_PROGRESS,
        `A request with this ${IDEMPOTENCY_HEADER} is still being answered; try again shortly.`,
      );
    return { value: row.answer as T, replayed: true };
  }
  throw new ApiError(
    409,
    IDEMPOTENCY_IN_PROGRESS,
    `A request with this ${IDEMPOTENCY_HEADER} is still being answered; try again shortly.`,
  );
}

/** A failed first call leaves nothing behind, so its retry does the work. */
async function release(db: Db, call: IdempotentCall): Promise<void> {
  await db.query('delete from public.idempotent_calls where user_id = $1 and key = $2 and answer is null', [
    call.userId,
    call.key,
  ]);
}

/** Deletes the keys older than IDEMPOTENCY_KEEP_HOURS; answers how many went. */
export async function deleteExpiredKeys(db: Db): Promise<number> {
  const [gone] = await db.query<{ n: number }>(
    `with gone as (
       delete from public.idempotent_calls where claimed_at < now() - make_interval(hours => $1) returning 1
     ) select count(*)::int as n from gone`,
    [IDEMPOTENCY_KEEP_HOURS],
  );
  return gone?.n ?? 0;
}

export const idempotencyCleanupJob =
  (deps: { db: Db }): JobHandler =>
  async () => {
    await deleteExpiredKeys(deps.db);
  };
