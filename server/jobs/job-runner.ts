// The worker in every server process: claims due jobs from jobs.queue, runs them, retries failures with
// growing delays, and deletes what succeeded. Enqueueing wakes it at once (so a mail leaves within
// milliseconds); otherwise it polls, which is also how it finds jobs other instances queued or left behind.
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { Db, Queryable } from '../db/db';
import {
  claimJobs,
  releaseJobs,
  completeJob,
  failJob,
  insertJob,
  rescheduleJob,
  scheduleRecurring,
  tidyQueue,
} from './job-queue';
import type { ClaimedJob, EnqueueOptions, JobPayload } from './job-queue';

export type { ClaimedJob, EnqueueOptions, JobPayload } from './job-queue';

/** Runs one job; throwing means "try again later". */
export type JobHandler = (job: ClaimedJob) => Promise<void>;
export type JobHandlers = Record<string, JobHandler>;

export interface JobQueue {
  /**
   * Adds a job. Pass the transaction of the change that needs it: the job exists only if that change
   * commits. The worker is woken at once.
   */
  enqueue(q: Queryable, kind: string, payload: JobPayload, options?: EnqueueOptions): Promise<void>;
}

export interface JobRunner extends JobQueue {
  /**
   * Starts the worker with the handlers it runs (only these kinds are claimed), and the kinds it keeps
   * scheduled forever, each with the time between its runs.
   */
  start(handlers: JobHandlers, recurring?: Record<string, number>): void;
  /** Looks for due jobs now. */
  wake(): void;
  /**
   * Stops claiming, waits (a bounded time) for the jobs it runs, releases those still running to other
   * instances, and clears every timer.
   */
  stop(): Promise<void>;
}

export interface JobRunnerOptions {
  /** How often to look for jobs when nothing woke the worker. */
  pollMs?: number;
  /** Jobs run at the same time by this worker. */
  concurrency?: number;
  /** How long a claimed job is this worker's; after that another instance may run it again. */
  leaseMs?: number;
  /** The wait before attempt n + 1, after attempt n failed. */
  retryDelayMs?: (attempt: number) => number;
  /** How long stop() waits for running jobs (their leases let another instance finish them). */
  stopTimeoutMs?: number;
  log?: (line: string) => void;
}

/** 15 s, 30 s, 1 min, ... up to 10 min: a mail server that is down for a while is retried for ~half an hour. */
export const defaultRetryDelayMs = (attempt: number) =>
  Math.min(15_000 * 2 ** Math.max(0, attempt - 1), 10 * 60_000) * (0.8 + Math.random() * 0.4);

/**
 * After a wake the job may sit in a transaction that has not committed yet, which another connection of a
 * PostgreSQL pool cannot see, so there the worker looks again every EAGER_MS for EAGER_WINDOW_MS before
 * falling back to polling. PGlite needs no second look: its one connection runs the worker's claim only
 * after that transaction has ended.
 */
const EAGER_MS = 20;
const EAGER_WINDOW_MS = 1000;
/** Slack for the database's clock when waking for a job that falls due. */
const DUE_MARGIN_MS = 5;
/** Database errors while polling are logged at most this often, so an outage does not flood the log. */
const ERROR_LOG_EVERY_MS = 60_000;

const describe = (err: unknown) => (err instanceof Error ? err.message : String(err)) || 'failed';

export function createJobRunner(db: Db, options: JobRunnerOptions = {}): JobRunner {
  const pollMs = options.pollMs ?? 2000;
  const concurrency = options.concurrency ?? 4;
  const leaseMs = options.leaseMs ?? 2 * 60_000;
  const retryDelayMs = options.retryDelayMs ?? defaultRetryDelayMs;
  const stopTimeoutMs = options.stopTimeoutMs ?? 10_000;
  const log = options.log ?? ((line: string) => console.error(line));
  const workerId = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;

  let handlers: JobHandlers = {};
  let recurring: Record<string, number> = {};
  let started = false;
  let stopped = false;
  let woken = false;
  let eagerUntil = 0;
  let lastErrorLog = 0;
  let lastTidy = 0;
  /** When a job this worker put back (a retry, a recurring run) falls due, if sooner than the next poll. */
  let nextDue = Infinity;
  const expectDueIn = (ms: number) => {
    nextDue = Math.min(nextDue, Date.now() + ms);
  };
  let sleeper: { timer: NodeJS.Timeout; resolve: () => void } | null = null;
  let loop: Promise<void> = Promise.resolve();
  const running = new Set<Promise<void>>();

  /**
   * The worker starts on the event loop's next turn, not inside the caller's await: the request that queued
   * the job answers first, so its timing never includes the job's work (POST /recover must take as long for
   * an unknown address as for a real one; on PGlite every query runs on this thread).
   */
  function wake() {
    woken = true;
    if (db.kind === 'postgres') eagerUntil = Date.now() + EAGER_WINDOW_MS;
    const waiting = sleeper;
    if (waiting) {
      sleeper = null;
      clearTimeout(waiting.timer);
      setImmediate(waiting.resolve);
    }
  }

  const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        sleeper = null;
        resolve();
      }, ms);
      sleeper = { timer, resolve };
    });

  async function run(job: ClaimedJob) {
    const handler = handlers[job.kind];
    const every = recurring[job.kind];
    try {
      if (!handler) throw new Error(`no handler for ${job.kind}`);
      await handler(job);
      if (every === undefined) await completeJob(db, job.id, workerId);
      else {
        await rescheduleJob(db, job.id, workerId, every, null);
        expectDueIn(every);
      }
    } catch (err) {
      const message = describe(err);
      log(`job ${job.kind} #${job.id} failed (attempt ${job.attempts} of ${job.maxAttempts}): ${message}`);
      const retry = retryDelayMs(job.attempts);
      // A recurring job is never set aside: after its last retry it waits for its next turn.
      const settle =
        every === undefined
          ? failJob(db, job, workerId, message, retry)
          : job.attempts >= job.maxAttempts
            ? rescheduleJob(db, job.id, workerId, every, message)
            : failJob(db, job, workerId, message, Math.min(retry, every));
      expectDueIn(every === undefined ? retry : Math.min(retry, every));
      // If even that fails (the database is down), the lease runs out and the job is claimed again.
      await settle.catch((e: unknown) =>
        log(`job ${job.kind} #${job.id}: could not record the failure: ${describe(e)}`),
      );
    }
  }

  /** Claims what free slots allow and starts those jobs; answers how many it started. */
  async function claimSome(): Promise<number> {
    const free = concurrency - running.size;
    const kinds = Object.keys(handlers);
    if (free <= 0 || kinds.length === 0) return 0;
    if (Date.now() - lastTidy > pollMs) {
      lastTidy = Date.now();
      await tidyQueue(db);
    }
    const jobs = await claimJobs(db, kinds, free, leaseMs, workerId);
    for (const job of jobs) {
      const p: Promise<void> = run(job).finally(() => {
        running.delete(p);
        wake(); // a slot is free again
      });
      running.add(p);
    }
    return jobs.length;
  }

  async function work() {
    for (const kind of Object.keys(recurring)) {
      if (handlers[kind])
        await scheduleRecurring(db, kind).catch((e: unknown) => log(`jobs: ${describe(e)}`));
    }
    while (!stopped) {
      woken = false;
      let claimed = 0;
      try {
        claimed = await claimSome();
      } catch (err) {
        if (stopped) break;
        if (Date.now() - lastErrorLog > ERROR_LOG_EVERY_MS) {
          lastErrorLog = Date.now();
          log(`jobs: cannot claim work: ${describe(err)}`);
        }
      }
      if (stopped) break;
      if (claimed > 0 || woken) {
        await nextTurn();
        continue;
      }
      const now = Date.now();
      let ms = now < eagerUntil && running.size < concurrency ? EAGER_MS : pollMs;
      if (nextDue - now < ms) {
        ms = Math.max(0, nextDue - now) + DUE_MARGIN_MS;
        nextDue = Infinity;
      }
      await sleep(ms);
    }
  }

  return {
    async enqueue(q, kind, payload, enqueueOptions) {
      await insertJob(q, kind, payload, enqueueOptions);
      wake();
    },
    wake,
    start(given, every = {}) {
      if (started) throw new Error('the job runner is already started');
      started = true;
      handlers = given;
      recurring = every;
      loop = work();
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      wake();
      await loop;
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, stopTimeoutMs);
      });
      await Promise.race([Promise.allSettled([...running]), timeout]);
      clearTimeout(timer);
      // Jobs still running lose their lease now rather than when it runs out: another instance takes them
      // at once. A database already gone leaves them to the lease, as a crash would.
      if (running.size > 0) {
        const released = await releaseJobs(db, workerId).catch(() => 0);
        if (released > 0) log(`jobs: stopping; ${released} running jobs released for another instance`);
      }
    },
  };
}
