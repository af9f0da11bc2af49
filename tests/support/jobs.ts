// Mail and other work now leaves the request through the durable outbox (jobs.queue), so a test that looks
// at its effects first waits for the worker to finish what is due.
import type { Queryable } from '../../server/db/db';

/** Waits until no job is due or running (jobs waiting for a later retry do not count). */
export async function settleJobs(db: Queryable, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await db.query<{ n: number }>(
      `select count(*)::int as n from jobs.queue where failed_at is null and run_at <= now()`,
    );
    if (!row?.n) return;
    if (Date.now() > end) throw new Error(`${row.n} jobs still due after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
