// Library import through the real server (issue 14): a Goodreads file with every quirk, each row accounted
// for, the shelves, history and review it leaves, an idempotent re-import, an edited file, undo, retry and
// the one-import-per-reader rule.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_RUNNING_MESSAGE } from '@shared/api/imports';
import { startJobs } from '../../server/bootstrap';
import { seedCatalogue } from '../../server/db/seed/catalogue';
import { sampleCatalogue } from '../fixtures/sample-catalogue';
import {
  fixture,
  importAndWait,
  libraryCounts,
  shelvesOf,
  signedInReader,
  waitForImport,
} from '../support/import-flows';
import type { Reader } from '../support/import-flows';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';
import { createTestUser } from '../support/test-users';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
  await seedCatalogue(s.t.deps.db, sampleCatalogue);
});
afterAll(() => s.close());

const outcomes = (status: any) =>
  Object.fromEntries(status.rows.map((r: any) => [r.row, `${r.outcome}: ${r.reason}`]));

describe('a Goodreads export', () => {
  let reader: Reader;
  let first: any;
  beforeAll(async () => {
    reader = await signedInReader(s);
    first = await importAndWait(s, reader, fixture('goodreads-31.csv'), {
      file_name: 'goodreads_library_export.csv',
    });
  });

  it('accounts for every row, with a reason', () => {
    expect(first).toMatchObject({
      state: 'done',
      format: 'goodreads',
      file_name: 'goodreads_library_export.csv',
      total: 6,
      processed: 6,
      matched: 1,
      created: 3,
      skipped: 1,
      failed: 1,
      error: null,
      next_after_row: null,
    });
    expect(first.started_at).not.toBeNull();
    expect(first.finished_at).not.toBeNull();
    expect(outcomes(first)).toEqual({
      1: 'matched: ISBN-13 in the catalogue; Read 2 times, but the file dates only one read',
      2: 'created: Added to the catalogue from the file',
      3: 'created: Added to the catalogue from the file',
      4: 'skipped: Duplicate of row 1',
      5: 'failed: The row has no title.',
      6: 'created: Added to the catalogue from the file',
    });
    expect(
      first.rows
        .filter((r: any) => r.outcome === 'matched' || r.outcome === 'created')
        .every((r: any) => r.work_id),
    ).toBe(true);
  });

  it('pages and filters the report', async () => {
    const page = await s.sf('import-status', { import_id: first.import_id, limit: 2 }, reader.token);
    expect(page.body.rows.map((r: any) => r.row)).toEqual([1, 2]);
    expect(page.body.next_after_row).toBe(2);
    const next = await s.sf(
      'import-status',
      { import_id: first.import_id, limit: 2, after_row: 2 },
      reader.token,
    );
    expect(next.body.rows.map((r: any) => r.row)).toEqual([3, 4]);
    const failed = await s.sf(
      'import-status',
      { import_id: first.import_id, outcome: 'failed' },
      reader.token,
    );
    expect(failed.body.rows.map((r: any) => r.row)).toEqual([5]);
  });

  it('puts each book on its shelves, custom ones created once, in the file order', async () => {
    expect(await shelvesOf(s, reader)).toEqual({
      'Currently Reading': ['The Hobbit'],
      // Goodreads positions first ('read (#3)'), then rows without one in file order.
      Read: ['The Left Hand of Darkness', 'Pride and Prejudice'],
      'To Be Read': ['A Game of Thrones'],
      Favorites: ['Pride and Prejudice'],
      Owned: ['Pride and Prejudice'],
      classics: ['Pride and Prejudice'],
      fantasy: ['A Game of Thrones'],
    });
  });

  it('writes the history as dated events and the rating and review as the reader’s review', async () => {
    const events = await s.t.deps.db.query<{ title: string; event_type: string; day: string }>(
      `select e.title, ev.event_type, to_char(ev.created_at at time zone 'UTC', 'YYYY-MM-DD') as day
       from public.reading_progress_events ev join public.editions e on e.id = ev.edition_id
       where ev.user_id = $1 order by ev.created_at`,
      [reader.id],
    );
    // Goodreads dates only the finish: one finish event, no start invented on the same day.
    expect(events).toEqual([
      { title: 'Pride and Prejudice', event_type: 'finish', day: '2023-03-14' },
      { title: 'The Hobbit', event_type: 'start', day: '2024-05-20' },
    ]);
    const pp = first.rows.find((r: any) => r.row === 1);
    const reviews = await s.sf('work-reviews', { work_id: pp.work_id }, reader.token);
    expect(reviews.body.reviews).toHaveLength(1);
    // A Goodreads rating says nothing of tone, pace or story focus, so the review does not either.
    expect(reviews.body.reviews[0]).toMatchObject({
      rating: 4,
      review_body: 'Witty.\n\nStill & always great.',
      spoiler: false,
      tone_q: null,
      pace_q: null,
      story_focus_q: null,
      recommend_yes: null,
    });
    const work = await s.sf('work-details', { work_id: pp.work_id });
    expect(work.body).toMatchObject({ rating_count: 1, rating_sum: 4 });
    const lefthand = first.rows.find((r: any) => r.row === 6);
    const lh = await s.sf('work-reviews', { work_id: lefthand.work_id }, reader.token);
    expect(lh.body.reviews[0]).toMatchObject({ rating: 5, review_body: 'Line one\nline two', spoiler: true });
  });

  it('Stats count the finish-only read as a book finished that day, not read in a day, with no pages or pace', async () => {
    const { body } = await s.sf('reading-insights', { period: 2023, timezone: 'UTC' }, reader.token);
    expect(body.totals).toEqual({ books: 1, pages: 0, days: 1, hours: 0 });
    expect(body.yearInBooks.fastest).toBeNull();
    expect(body.yearInBooks.first.title).toBe('Pride and Prejudice');
    expect(body.reviews.count).toBe(1);
    expect(body.reviews.tone).toBeNull();
    expect(body.reviews.pace.every((p: any) => p.count === 0 && p.percent === 0)).toBe(true);
  });

  it('changes nothing when the same file is imported again', async () => {
    const before = await libraryCounts(s, reader.id);
    const again = await importAndWait(s, reader, fixture('goodreads-31.csv'));
    expect(again).toMatchObject({ state: 'done', matched: 4, created: 0, skipped: 1, failed: 1 });
    expect(await libraryCounts(s, reader.id)).toEqual(before);
  });

  it('adds only what is new from an edited file', async () => {
    const before = await libraryCounts(s, reader.id);
    const edited =
      fixture('goodreads-31.csv') +
      '5,Emma,Jane Austen,"Austen, Jane",,"=""""","=""""",3,4,,,,,,2024/02/02,2024/01/01,read,,read,,,,1,,,0,,,,,\r\n';
    const status = await importAndWait(s, reader, edited);
    expect(status).toMatchObject({ matched: 5, created: 0, total: 7 });
    expect(outcomes(status)[7]).toBe('matched: Title and author in the catalogue');
    expect(await libraryCounts(s, reader.id)).toEqual({
      ...before,
      shelf_items: before.shelf_items + 1,
      // Emma has only a finish date: one finish event, no start.
      events: before.events + 1,
      reviews: before.reviews + 1,
    });
    // Undo of that import takes away exactly those, and nothing the first import added.
    const undo = await s.sf('undo-import', { import_id: status.import_id }, reader.token);
    expect(undo.body).toEqual({ ok: true });
    expect(await libraryCounts(s, reader.id)).toEqual(before);
    const listed = await s.sf('import-status', { import_id: status.import_id, limit: 1 }, reader.token);
    expect(listed.body.undone_at).not.toBeNull();
    const twice = await s.sf('undo-import', { import_id: status.import_id }, reader.token);
    expect(twice.status).toBe(409);
  });

  it('lists the reader’s imports newest first, and hides them from other readers', async () => {
    const list = await s.sf('list-imports', {}, reader.token);
    expect(list.body).toHaveLength(3);
    expect(list.body[2].import_id).toBe(first.import_id);
    const other = await signedInReader(s);
    expect((await s.sf('list-imports', {}, other.token)).body).toEqual([]);
    const peek = await s.sf('import-status', { import_id: first.import_id }, other.token);
    expect(peek.status).toBe(404);
    expect((await s.sf('undo-import', { import_id: first.import_id }, other.token)).status).toBe(404);
  });

  it('undo of the first import removes what it added, the books it created and the ratings it gave', async () => {
    const created = first.rows.filter((r: any) => r.outcome === 'created').map((r: any) => r.work_id);
    const undo = await s.sf('undo-import', { import_id: first.import_id }, reader.token);
    expect(undo.body).toEqual({ ok: true });
    expect(await libraryCounts(s, reader.id)).toEqual({
      shelf_items: 0,
      custom_shelves: 0,
      events: 0,
      reviews: 0,
      goals: 0,
    });
    const left = await s.t.deps.db.query('select id from public.works where id = any($1::uuid[])', [created]);
    expect(left).toEqual([]);
    const [pp] = await s.t.deps.db.query<{ rating_count: number; rating_sum: number }>(
      `select rating_count, rating_sum from public.works where title = 'Pride and Prejudice'`,
    );
    expect(pp).toEqual({ rating_count: 0, rating_sum: 0 });
  });
});

describe('refusals', () => {
  it('refuses a file it cannot read, saying why, and stores nothing', async () => {
    const reader = await signedInReader(s);
    const res = await s.sf(
      'import-library',
      { format: 'auto', file_name: 'x.csv', content: 'name,email\nA,b\n' },
      reader.token,
    );
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/not a Goodreads or StoryGraph export/);
    expect((await s.sf('list-imports', {}, reader.token)).body).toEqual([]);
    const wrong = await s.sf(
      'import-library',
      { format: 'storygraph', file_name: 'x.csv', content: fixture('goodreads-24.csv') },
      reader.token,
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toMatch(/not a The StoryGraph export/);
  });

  it('refuses a second import while one is queued, and retries failed rows of the finished one', async () => {
    const paused = await startTestServer({ jobs: false });
    try {
      await seedCatalogue(paused.t.deps.db, sampleCatalogue);
      // The worker is off (so the first import stays queued), and with it the sign-up mails: made directly.
      const user = await createTestUser(paused.t);
      const reader = { id: user.id, token: user.token };
      const started = await paused.sf(
        'import-library',
        { format: 'goodreads', file_name: 'a.csv', content: fixture('goodreads-24.csv') },
        reader.token,
      );
      expect(started.status).toBe(200);
      const second = await paused.sf(
        'import-library',
        { format: 'auto', file_name: 'b.csv', content: fixture('storygraph.csv') },
        reader.token,
      );
      expect(second.status).toBe(409);
      expect(second.body).toEqual({ error: IMPORT_RUNNING_MESSAGE, code: 'import_running' });
      const early = await paused.sf('undo-import', { import_id: started.body.import_id }, reader.token);
      expect(early.status).toBe(409);
      // Another reader is not held up by it.
      const other = await createTestUser(paused.t);
      const theirs = await paused.sf(
        'import-library',
        { format: 'auto', file_name: 'c.csv', content: fixture('storygraph.csv') },
        other.token,
      );
      expect(theirs.status).toBe(200);

      startJobs(paused.t.deps);
      const done = await waitForImport(paused, reader, started.body.import_id);
      expect(done).toMatchObject({ state: 'done', total: 4, matched: 3, created: 1, failed: 0 });
      expect(outcomes(done)).toEqual({
        1: 'matched: ISBN-13 in the catalogue',
        2: 'created: Added to the catalogue from the file',
        3: 'matched: Title and author in the catalogue',
        4: 'matched: ISBN-10 in the catalogue',
      });

      // A row that failed for a passing reason (as when its transaction could not be saved) is retried.
      await paused.t.deps.db.query(
        `update public.import_rows set outcome = 'failed', reason = 'Could not be saved: connection lost', work_id = null
         where import_id = $1 and row = 3`,
        [started.body.import_id],
      );
      await paused.t.deps.db.query(
        'update public.imports set matched = matched - 1, failed = failed + 1 where id = $1',
        [started.body.import_id],
      );
      const retry = await paused.sf('retry-import-rows', { import_id: started.body.import_id }, reader.token);
      expect(retry.body).toEqual({ import_id: started.body.import_id, queued: 1 });
      const after = await waitForImport(paused, reader, started.body.import_id);
      expect(after).toMatchObject({
        state: 'done',
        total: 4,
        processed: 4,
        matched: 3,
        created: 1,
        failed: 0,
      });
      expect(outcomes(after)[3]).toBe('matched: Same book as in an earlier import');
    } finally {
      await paused.close();
    }
  });
});
