// An import survives its worker dying (issue 14): the job's lease runs out and another worker resumes it
// where the rows say it stopped, adding nothing twice.
import { describe, expect, it } from 'vitest';
import { startJobs } from '../../server/bootstrap';
import { importJob } from '../../server/features/imports/import-job';
import { IMPORT_JOB } from '../../server/features/imports/import-job-kind';
import { claimJobs } from '../../server/jobs/job-queue';
import { waitForImport } from '../support/import-flows';
import { startTestServer } from '../support/test-server';
import { createTestUser } from '../support/test-users';

/** A Goodreads file of `n` distinct read books, each with a dated read and a rating. */
function goodreadsFile(n: number): string {
  const lines = [
    'Book Id,Title,Author,ISBN,ISBN13,My Rating,Date Read,Date Added,Bookshelves,Exclusive Shelf,Read Count',
  ];
  for (let i = 1; i <= n; i++) {
    lines.push(
      `${i},Restart Book ${i},Author ${i},="",="",${(i % 5) + 1},2024/01/${String((i % 28) + 1).padStart(2, '0')},2023/12/01,"read, batch",read,1`,
    );
  }
  return `${lines.join('\n')}\n`;
}

describe('restart mid-import', () => {
  it('resumes after the lease of a worker that died runs out', async () => {
    const s = await startTestServer({ jobs: false });
    try {
      const user = await createTestUser(s.t);
      const reader = { id: user.id, token: user.token };
      const started = await s.sf(
        'import-library',
        { format: 'goodreads', file_name: 'big.csv', content: goodreadsFile(40) },
        reader.token,
      );
      expect(started.status).toBe(200);
      const importId = started.body.import_id as string;

      // A worker claims the job with a short lease, gets through one batch, and dies before finishing.
      const [job] = await claimJobs(s.t.deps.db, [IMPORT_JOB], 1, 300, 'worker-that-dies');
      if (!job) throw new Error('the import was not queued');
      await importJob(s.t.deps, { batchSize: 10, txRows: 10, runBudgetMs: 0 })(job);
      // runBudgetMs 0 made it queue its continuation; a dead worker never gets that far, so drop it.
      await s.t.deps.db.query(`delete from jobs.queue where kind = $1 and claimed_by is null`, [IMPORT_JOB]);
      const midway = await s.sf('import-status', { import_id: importId, limit: 1 }, reader.token);
      expect(midway.body).toMatchObject({ state: 'running', processed: 10, total: 40 });

      // A fresh server process (this worker) finds the job once its lease has run out and finishes it.
      startJobs(s.t.deps);
      const done = await waitForImport(s, reader, importId, 30_000);
      expect(done).toMatchObject({
        state: 'done',
        total: 40,
        processed: 40,
        created: 40,
        failed: 0,
        skipped: 0,
      });
      const [counts] = await s.t.deps.db.query<{ events: number; reviews: number; items: number }>(
        `select (select count(*)::int from public.reading_progress_events where user_id = $1) as events,
                (select count(*)::int from public.reviews where user_id = $1) as reviews,
                (select count(*)::int from public.shelf_items si join public.shelves sh on sh.id = si.shelf_id
                  where sh.user_id = $1) as items`,
        [reader.id],
      );
      // Each book once: start + finish, one review, on Read and on 'batch'.
      // Each row is a read dated only by its finish: one event, no invented start.
      expect(counts).toEqual({ events: 40, reviews: 40, items: 80 });
    } finally {
      await s.close();
    }
  });
});
