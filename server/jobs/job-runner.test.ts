import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '../../tests/support/test-db';
import type { TestDb } from '../../tests/support/test-db';
import type { Db } from '../db/db';
import { createJobRunner } from './job-runner';
import type { JobHandlers, JobRunner } from './job-runner';

let t: TestDb;
let db: Db;
const runners: JobRunner[] = [];
beforeAll(async () => {
  t = await openTestDb();
  db = t.db;
});
afterEach(async () => {
  await Promise.all(runners.splice(0).map((r) => r.stop()));
  await db.query('delete from jobs.queue');
});
afterAll(() => t.drop());

/** A runner that would poll only once a minute, so anything quicker came from being woken. */
function runner(
  handlers: JobHandlers,
  options: Parameters<typeof createJobRunner>[1] = {},
  recurring: Record<string, number> = {},
) {
  const r = createJobRunner(db, { pollMs: 60_000, retryDelayMs: () => 10, log: () => undefined, ...options });
  runners.push(r);
  r.start(handlers, recurring);
  return r;
}

const until = async (check: () => boolean | Promise<boolean>, timeoutMs = 5000) => {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 5));
  }
};
const rows = () =>
  db.query<{ kind: string; attempts: number; failed_at: string | null; last_error: string | null }>(
    'select kind, attempts, failed_at, last_error from jobs.queue order by id',
  );

describe('the job runner', () => {
  it('runs a job within milliseconds of it being enqueued, then deletes it', async () => {
    const seen: unknown[] = [];
    const r = runner({ greet: async (job) => void seen.push(job.payload) });
    const started = Date.now();
    await r.enqueue(db, 'greet', { name: 'Ada' });
    await until(() => seen.length === 1);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(seen).toEqual([{ name: 'Ada' }]);
    await until(async () => (await rows()).length === 0);
  });

  it('runs a job enqueued in a transaction only once that transaction commits', async () => {
    const seen: string[] = [];
    const r = runner({ note: async (job) => void seen.push(String(job.payload.n)) });
    await db
      .transaction(async (tx) => {
        await r.enqueue(tx, 'note', { n: 'rolled back' });
        throw new Error('undo');
      })
      .catch(() => undefined);
    await db.transaction(async (tx) => {
      await r.enqueue(tx, 'note', { n: 'committed' });
      // Still open: the worker, woken already, must not miss the job once this commits.
      await new Promise((resolve) => setTimeout(resolve, 30));
    });
    await until(() => seen.length === 1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen).toEqual(['committed']);
  });

  it('retries a failing job with a delay, up to its limit, and keeps it with the error', async () => {
    const attempts: number[] = [];
    const r = runner({
      flaky: async (job) => {
        attempts.push(job.attempts);
        throw new Error(`refused ${job.attempts}`);
      },
    });
    await r.enqueue(db, 'flaky', {}, { maxAttempts: 3 });
    await until(async () => (await rows())[0]?.failed_at != null);
    expect(attempts).toEqual([1, 2, 3]);
    expect(await rows()).toEqual([
      { kind: 'flaky', attempts: 3, failed_at: expect.any(String), last_error: 'refused 3' },
    ]);
  });

  it('succeeds on a retry after failures', async () => {
    let calls = 0;
    const r = runner({
      later: async () => {
        calls += 1;
        if (calls < 3) throw new Error('not yet');
      },
    });
    await r.enqueue(db, 'later', {});
    await until(async () => calls === 3 && (await rows()).length === 0);
  });

  it('waits the retry delay it is given before trying again', async () => {
    const times: number[] = [];
    const r = runner(
      {
        slow: async () => {
          times.push(Date.now());
          throw new Error('down');
        },
      },
      { retryDelayMs: () => 300, pollMs: 50 },
    );
    await r.enqueue(db, 'slow', {}, { maxAttempts: 2 });
    await until(() => times.length === 2);
    expect((times[1] ?? 0) - (times[0] ?? 0)).toBeGreaterThanOrEqual(250);
  });

  it('shares jobs between runners so that each runs exactly once', async () => {
    const seen: number[] = [];
    const handlers: JobHandlers = {
      count: async (job) => {
        seen.push(Number(job.payload.i));
        await new Promise((resolve) => setTimeout(resolve, 2));
      },
    };
    const a = runner(handlers, { concurrency: 3 });
    runner(handlers, { concurrency: 3 });
    await db.transaction(async (tx) => {
      for (let i = 0; i < 40; i += 1) await a.enqueue(tx, 'count', { i });
    });
    await until(() => seen.length >= 40);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(seen.sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, i) => i));
  });

  it('runs again a job whose runner died holding it, once its lease is over', async () => {
    await db.query(
      `insert into jobs.queue (kind, payload, attempts, locked_until, claimed_by)
       values ('orphan', '{}', 1, now() - interval '1 second', 'dead-instance')`,
    );
    let ran = 0;
    runner({ orphan: async () => void (ran += 1) }, { pollMs: 20 });
    await until(() => ran === 1);
  });

  it('keeps a job that failed for good for two weeks, then drops it', async () => {
    await db.query(
      `insert into jobs.queue (kind, attempts, max_attempts, failed_at, last_error) values
         ('old', 3, 3, now() - interval '15 days', 'down'), ('recent', 3, 3, now() - interval '13 days', 'down')`,
    );
    runner({ other: async () => undefined }, { pollMs: 20 });
    await until(async () => (await rows()).length === 1);
    expect((await rows())[0]?.kind).toBe('recent');
  });

  it('leaves alone kinds it has no handler for', async () => {
    const r = runner({ known: async () => undefined }, { pollMs: 20 });
    await r.enqueue(db, 'unknown', {});
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await rows()).toEqual([{ kind: 'unknown', attempts: 0, failed_at: null, last_error: null }]);
  });

  it('keeps one recurring job however many runners schedule it, and runs it again after its interval', async () => {
    let ran = 0;
    const handlers: JobHandlers = { sweep: async () => void (ran += 1) };
    const recurring = { sweep: 150 };
    runner(handlers, { pollMs: 20 }, recurring);
    runner(handlers, { pollMs: 20 }, recurring);
    await until(() => ran >= 2);
    const left = await db.query<{ n: number }>(
      `select count(*)::int as n from jobs.queue where kind = 'sweep' and failed_at is null`,
    );
    expect(left[0]?.n).toBe(1);
  });

  it('stops at once, finishing the job it runs and starting no other', async () => {
    let finished = 0;
    const r = runner({
      work: async () => {
        await new Promise((resolve) => setTimeout(resolve, 50));
        finished += 1;
      },
    });
    await r.enqueue(db, 'work', {});
    await until(async () => (await rows())[0]?.attempts === 1);
    const started = Date.now();
    await r.stop();
    expect(finished).toBe(1);
    expect(Date.now() - started).toBeLessThan(1000);
    await r.enqueue(db, 'work', {});
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(finished).toBe(1);
  });

  it('gives back a job it cannot finish before its stop timeout, so another instance runs it at once', async () => {
    let release!: () => void;
    const stuck = new Promise<void>((resolve) => (release = resolve));
    const first = runner({ long: () => stuck }, { stopTimeoutMs: 20 });
    await first.enqueue(db, 'long', { n: 1 });
    await until(async () => (await rows())[0]?.attempts === 1);
    await first.stop();
    // Due again, unclaimed, the attempt not counted: the lease (two minutes) is not waited out.
    expect(await rows()).toEqual([{ kind: 'long', attempts: 0, failed_at: null, last_error: null }]);
    const seen: unknown[] = [];
    runner({ long: async (job) => void seen.push(job.payload) });
    await until(async () => (await rows()).length === 0);
    expect(seen).toEqual([{ n: 1 }]);
    release();
  });
});
