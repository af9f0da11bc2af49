// Migrations 0097-0099 on rows shaped as earlier imports stored them: Goodreads reviews with the form's
// default tone, pace and focus; a start invented a minute before each Goodreads finish; the book's pages
// on every imported finish. Only what imports added, and the reader has not edited since, is repaired.
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../tests/support/test-app';
import { createTestUser } from '../../../tests/support/test-users';
import type { EditionName, TestEdition } from '../reading/testing/reading-data';
import { readingTestApp } from '../reading/testing/reading-data';

let t: TestApp;
let ed: Record<EditionName, TestEdition>;
beforeAll(async () => {
  ({ t, ed } = await readingTestApp());
});
afterAll(() => t.close());

const migration = (name: string) =>
  readFile(new URL(`../../db/migrations/${name}.sql`, import.meta.url), 'utf8');

describe('migrations 0098 and 0099', () => {
  it('empties invented review votes, removes invented starts and claimed pages, and nothing else', async () => {
    const db = t.deps.db;
    const u = await createTestUser(t);
    // Back to the events table as it was before 0098; the review columns' old defaults stand in for 0097.
    // The Friends Activity triggers (0121) came later and read the column, so they go first.
    await db.exec(`drop trigger reading_events_activities on public.reading_progress_events;
                   alter table public.reading_progress_events drop column imported_read`);

    const importOf = async (format: string) =>
      (
        await db.query<{ id: string }>(
          `insert into public.imports (user_id, file_name, format, state) values ($1, 'x.csv', $2, 'done') returning id`,
          [u.id, format],
        )
      )[0]!.id;
    const goodreads = await importOf('goodreads');
    const storygraph = await importOf('storygraph');
    const listed = (importId: string, kind: string, id: string) =>
      db.query(
        `insert into public.import_changes (import_id, kind, ref) values ($1, $2, jsonb_build_object('id', $3::text))`,
        [importId, kind, id],
      );
    const review = async (e: TestEdition, values: [number, number, number], edited = false) => {
      const [row] = await db.query<{ id: string }>(
        `insert into public.reviews (user_id, work_id, edition_id, rating, tone_q, pace_q, story_focus_q, created_at, updated_at)
         values ($1, $2, $3, 4, $4, $5, $6, '2024-01-01T00:00:00Z', $7) returning id`,
        [u.id, e.work_id, e.id, ...values, edited ? '2024-02-01T00:00:00Z' : '2024-01-01T00:00:00Z'],
      );
      return row!.id;
    };
    const event = async (
      importId: string | null,
      e: TestEdition,
      type: 'start' | 'finish' | 'dnf',
      at: string,
      endPage?: number,
    ) => {
      // As the importer wrote them then: no imported_read column yet, updated_at equal to created_at.
      const [row] = await db.query<{ id: string }>(
        `insert into public.reading_progress_events (user_id, edition_id, work_id, event_type, end_page, created_at, updated_at)
         values ($1, $2, $3, $4, $5, $6, $6) returning id`,
        [u.id, e.id, e.work_id, type, endPage ?? null, at],
      );
      const id = row!.id;
      if (importId) await listed(importId, 'event', id);
      return id;
    };

    // Goodreads, as the old importer wrote a finish-only read: start at noon, finish a minute later with pages.
    const inventedStart = await event(goodreads, ed.pride, 'start', '2023-03-14T12:00:00Z');
    const finish = await event(goodreads, ed.pride, 'finish', '2023-03-14T12:01:00Z', 279);
    // Goodreads currently reading: its start says the book is being read, and stays.
    const currentStart = await event(goodreads, ed.emma, 'start', '2024-05-20T12:00:00Z');
    // StoryGraph, a read the file dated at both ends: both stay, the claimed pages go.
    const sgStart = await event(storygraph, ed.omens, 'start', '2023-04-20T12:00:00Z');
    const sgFinish = await event(storygraph, ed.omens, 'finish', '2023-05-01T12:00:00Z', 432);
    // The reader's own same-day read, shaped like an import's but not listed by any: untouched.
    const ownStart = await event(null, ed.wuthering, 'start', '2023-06-01T12:00:00Z');
    const ownFinish = await event(null, ed.wuthering, 'finish', '2023-06-01T12:01:00Z', 416);

    const grReview = await review(ed.pride, [3, 2, 3]);
    const editedReview = await review(ed.emma, [3, 2, 3], true);
    const sgReview = await review(ed.omens, [3, 3, 1]);
    const ownReview = await review(ed.wuthering, [3, 2, 3]);
    await listed(goodreads, 'review', grReview);
    await listed(goodreads, 'review', editedReview);
    await listed(storygraph, 'review', sgReview);

    for (const name of ['0098_imported_reads', '0099_repair_imported_facts'])
      await db.exec(await migration(name));

    const events = await db.query<{ id: string; end_page: number | null; imported_read: boolean }>(
      'select id, end_page, imported_read from public.reading_progress_events where user_id = $1',
      [u.id],
    );
    const byId = new Map(events.map((e) => [e.id, e]));
    expect(byId.has(inventedStart)).toBe(false);
    expect(byId.get(finish)).toMatchObject({ end_page: null, imported_read: true });
    expect(byId.get(currentStart)).toMatchObject({ imported_read: true });
    expect(byId.get(sgStart)).toMatchObject({ imported_read: true });
    expect(byId.get(sgFinish)).toMatchObject({ end_page: null, imported_read: true });
    expect(byId.get(ownStart)).toMatchObject({ imported_read: false });
    expect(byId.get(ownFinish)).toMatchObject({ end_page: 416, imported_read: false });
    expect(events).toHaveLength(6);
    const stale = await db.query(`select 1 from public.import_changes where ref->>'id' = $1`, [
      inventedStart,
    ]);
    expect(stale).toEqual([]);

    const reviews = await db.query<{
      id: string;
      tone_q: number | null;
      pace_q: number | null;
      story_focus_q: number | null;
    }>('select id, tone_q, pace_q, story_focus_q from public.reviews where user_id = $1', [u.id]);
    const votes = (id: string) => {
      const r = reviews.find((x) => x.id === id)!;
      return [r.tone_q, r.pace_q, r.story_focus_q];
    };
    expect(votes(grReview)).toEqual([null, null, null]);
    expect(votes(editedReview)).toEqual([3, 2, 3]);
    expect(votes(sgReview)).toEqual([null, 3, 1]);
    expect(votes(ownReview)).toEqual([3, 2, 3]);

    // Stats now see a finish-only read: finished that day, no duration, no pages.
    const { body } = await t.sf('reading-insights', { period: 2023, timezone: 'UTC' }, u.token);
    expect(body.totals.pages).toBe(416);
    expect(body.yearInBooks.fastest).toMatchObject({ title: 'Wuthering Heights', days: 1 });
  });
});
