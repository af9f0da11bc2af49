// The SQL of durable jobs (jobs.queue, migration 0040). Plain statements that run the same on PostgreSQL
// and PGlite; job-runner.ts decides when to call them.
import type { Queryable } from '../db/db';

export type JobPayload = Record<string, unknown>;

export interface ClaimedJob {
  id: string;
  kind: string;
  payload: JobPayload;
  /** Which attempt this is, from 1. */
  attempts: number;
  maxAttempts: number;
}

export interface EnqueueOptions {
  /** Run no earlier than this many milliseconds from now. */
  delayMs?: number;
  /** How many times the job may run before it is kept as failed. */
  maxAttempts?: number;
}

export const DEFAULT_MAX_ATTEMPTS = 8;
const MAX_ERROR_LENGTH = 1000;

export async function insertJob(
  q: Queryable,
  kind: string,
  payload: JobPayload,
  options: EnqueueOptions = {},
): Promise<void> {
  await q.query(
    `insert into jobs.queue (kind, payload, run_at, max_attempts)
     values ($1, $2::jsonb, now() + make_interval(secs => $3), $4)`,
    [
      kind,
      JSON.stringify(payload),
      (options.delayMs ?? 0) / 1000,
      options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
    ],
  );
}

/** Schedules the one waiting job of a recurring kind, unless some instance already did. */
export async function scheduleRecurring(q: Queryable, kind: string): Promise<void> {
  await q.query(
    `insert into jobs.queue (kind, singleton_key) values ($1, $1) on conflict (singleton_key) do nothing`,
    [kind],
  );
}

/** A job that failed for good is kept this long for the operator to look at, then dropped. */
export const FAILED_JOB_KEEP_DAYS = 14;

/**
 * Sets aside as failed the jobs whose worker died (their lease ran out) during their last allowed attempt,
 * so they are not claimed again (recurring jobs are never set aside), and drops failed jobs that are old.
 */
export async function tidyQueue(q: Queryable): Promise<void> {
  await q.query('delete from jobs.queue where failed_at < now() - make_interval(days => $1)', [
    FAILED_JOB_KEEP_DAYS,
  ]);
  await q.query(
    `update jobs.queue set failed_at = now(), locked_until = null,
            last_error = coalesce(last_error, 'the worker stopped while running it')
      where failed_at is null and locked_until < now() and attempts >= max_attempts
        and singleton_key is null`,
  );
}

/**
 * Claims up to `limit` due jobs of the given kinds for `leaseMs`. SKIP LOCKED lets several instances claim
 * at once without waiting on each other or taking the same job; a job whose lease ran out (its instance
 * died) is due again.
 */
export async function claimJobs(
  q: Queryable,
  kinds: readonly string[],
  limit: number,
  leaseMs: number,
  workerId: string,
): Promise<ClaimedJob[]> {
  const rows = await q.query<{
    id: string;
    kind: string;
    payload: JobPayload;
    attempts: number;
    max_attempts: number;
  }>(
    `update jobs.queue j
        set locked_until = now() + make_interval(secs => $3), claimed_by = $4, attempts = j.attempts + 1
      where j.id in (
        select id from jobs.queue
         where kind = any($1::text[]) and failed_at is null and run_at <= now()
           and (locked_until is null or locked_until < now())
         order by run_at, id
         limit $2
         for update skip locked)
      returning j.id::text as id, j.kind, j.payload, j.attempts, j.max_attempts`,
    [[...kinds], limit, leaseMs / 1000, workerId],
  );
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    payload: r.payload,
    attempts: r.attempts,
    maxAttempts: r.max_attempts,
  }));
}

/** A finished job is deleted: the queue holds only work still to do and work that failed for good. */
export async function completeJob(q: Queryable, id: string, workerId: string): Promise<void> {
  await q.query('delete from jobs.queue where id = $1 and claimed_by = $2', [id, workerId]);
}

/**
 * A stopping worker gives back the jobs it still runs: due at once for another instance, the attempt not
 * counted (nothing failed). The job may have done part of its work; jobs are written to resume (issue 14).
 */
export async function releaseJobs(q: Queryable, workerId: string): Promise<number> {
  const rows = await q.query(
    `update jobs.queue set locked_until = null, claimed_by = null, run_at = now(),
            attempts = greatest(attempts - 1, 0)
      where claimed_by = $1 and locked_until is not null and failed_at is null
      returning id`,
    [workerId],
  );
  return rows.length;
}

/** A recurring job goes back to waiting for its next turn. */
export async function rescheduleJob(
  q: Queryable,
  id: string,
  workerId: string,
  delayMs: number,
  error: string | null,
): Promise<void> {
  await q.query(
    `update jobs.queue set run_at = now() + make_interval(secs => $3), attempts = 0, locked_until = null,
            claimed_by = null, last_error = $4
      where id = $1 and claimed_by = $2`,
    [id, workerId, delayMs / 1000, error?.slice(0, MAX_ERROR_LENGTH) ?? null],
  );
}

/** A failed attempt: tried again after `retryMs`, or kept as failed when it was the last allowed one. */
export async function failJob(
  q: Queryable,
  job: ClaimedJob,
  workerId: string,
  error: string,
  retryMs: number,
): Promise<void> {
  await q.query(
    `update jobs.queue set locked_until = null, claimed_by = null, last_error = $3,
            run_at = now() + make_interval(secs => $4),
            failed_at = case when attempts >= max_attempts then now() end
      where id = $1 and claimed_by = $2`,
    [job.id, workerId, error.slice(0, MAX_ERROR_LENGTH), retryMs / 1000],
  );
}
