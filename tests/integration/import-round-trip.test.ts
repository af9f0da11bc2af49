// Every export reads back through our own importer (issue 14): a library is exported, imported into a
// fresh account through the real server, and that account's export is the same file again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogue } from '../../server/db/seed/catalogue';
import { sampleCatalogue } from '../fixtures/sample-catalogue';
import { fixture, importAndWait, libraryCounts, shelvesOf, signedInReader } from '../support/import-flows';
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

/**
 * Everything the Shelfwise file promises, read straight from the database with the account's own ids left
 * out, so two accounts with the same library compare equal and any field an export or import drops does not.
 */
async function wholeLibrary(userId: string) {
  const db = s.t.deps.db;
  const book = `coalesce(e.isbn, '') || ' ' || e.title`;
  return {
    profile: await db.query('select first_name, last_name from public.profiles where id = $1', [userId]),
    shelves: await db.query(
      'select slug, name, description from public.shelves where user_id = $1 order by slug nulls last, name',
      [userId],
    ),
    items: await db.query(
      `select sh.slug, sh.name, ${book} as book, si.added_at, si.owner_visible, si.published_at,
              row_number() over (partition by si.shelf_id order by si.sort_key)::int as position
       from public.shelf_items si join public.shelves sh on sh.id = si.shelf_id
       join public.editions e on e.id = si.edition_id
       where sh.user_id = $1 order by sh.slug nulls last, sh.name, position`,
      [userId],
    ),
    events: await db.query(
      `select ${book} as book, ev.event_type, ev.created_at, ev.updated_at, ev.start_page, ev.end_page,
              ev.start_percent, ev.end_percent, ev.journal_md, ev.is_public
       from public.reading_progress_events ev join public.editions e on e.id = ev.edition_id
       where ev.user_id = $1 order by ev.created_at, book, ev.event_type`,
      [userId],
    ),
    reviews: await db.query(
      `select w.title as work, ${book} as book, r.rating, r.headline, r.review_body, r.spoiler, r.tone_q,
              r.pace_q, r.recommend_yes, r.story_focus_q, r.moods, r.qualities, r.content_warnings,
              r.created_at, r.updated_at
       from public.reviews r join public.works w on w.id = r.work_id
       left join public.editions e on e.id = r.edition_id
       where r.user_id = $1 order by w.title`,
      [userId],
    ),
    goals: await db.query(
      'select goal_year, goal_type, target_qty from public.reading_goals where user_id = $1 order by 1, 2',
      [userId],
    ),
  };
}

async function exported(reader: Reader, format: string) {
  const res = await s.sf('export-library', { format }, reader.token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { file_name: string; content_type: string; content: string };
}

/**
 * An admin approves every work readers' imports created so far. Another reader's unverified works are never
 * matched (issue 26), so without this the fresh account would get books of its own, not the same library.
 */
async function approveReaderWorks() {
  const admin = await createTestUser(s.t, { admin: true });
  const list = await s.sf('unverified-works', {}, admin.token);
  expect(list.status, JSON.stringify(list.body)).toBe(200);
  for (const work of list.body.works as { id: string }[]) {
    expect((await s.sf('approve-work', { work_id: work.id }, admin.token)).status).toBe(200);
  }
}

/** Imports `content` into a fresh account and answers that account's export in the same format. */
async function throughFreshAccount(content: string, format: string) {
  await approveReaderWorks();
  const fresh = await signedInReader(s);
  const status = await importAndWait(s, fresh, content, { format });
  expect(status.state).toBe('done');
  expect(status.failed).toBe(0);
  return { fresh, again: await exported(fresh, format) };
}

describe('Goodreads CSV', () => {
  it('is the 31 columns, ="…" ISBNs and YYYY/MM/DD dates, and reads back into the same library', async () => {
    const reader = await signedInReader(s);
    await importAndWait(s, reader, fixture('goodreads-31.csv'));
    const file = await exported(reader, 'goodreads');
    expect(file.content_type).toBe('text/csv; charset=utf-8');
    expect(file.file_name).toMatch(/^shelfwise-goodreads-export-\d{4}-\d{2}-\d{2}\.csv$/);
    const [header, ...lines] = file.content.trimEnd().split('\r\n');
    expect(header?.split(',')).toHaveLength(31);
    expect(lines).toHaveLength(4);
    expect(file.content).toContain(',="0141439513",="9780141439518",');
    expect(file.content).toContain(',2023/03/14,2023/01/02,');
    const { fresh, again } = await throughFreshAccount(file.content, 'goodreads');
    expect(again.content).toBe(file.content);
    expect(await shelvesOf(s, fresh)).toEqual(await shelvesOf(s, reader));
  });
});

describe('StoryGraph CSV', () => {
  it('reads back into the same library, moods, pace, focus and warnings included', async () => {
    const reader = await signedInReader(s);
    const first = await importAndWait(s, reader, fixture('storygraph.csv'));
    expect(first).toMatchObject({ state: 'done', total: 5, failed: 0 });
    const file = await exported(reader, 'storygraph');
    expect(file.content.split('\r\n')[0]).toBe(
      'Title,Authors,Contributors,ISBN/UID,Format,Read Status,Date Added,Last Date Read,Dates Read,Read Count,Moods,Pace,Character- or Plot-Driven?,Strong Character Development?,Loveable Characters?,Diverse Characters?,Flawed Characters?,Star Rating,Review,Content Warnings,Content Warning Description,Tags,Owned?',
    );
    expect(file.content).toContain('"2019/02/01-2019/02/20, 2023/04/20-2023/05/02"');
    expect(file.content).toContain('"emotional, reflective",fast,Character');
    expect(file.content).toContain('Graphic: Violence; Moderate: Death/Grief');
    const { fresh, again } = await throughFreshAccount(file.content, 'storygraph');
    expect(again.content).toBe(file.content);
    expect(await libraryCounts(s, fresh.id)).toEqual(await libraryCounts(s, reader.id));
  });
});

describe('Shelfwise JSON', () => {
  it('carries profile, shelves in order, every event with its journal, full reviews and goals', async () => {
    const reader = await signedInReader(s);
    await importAndWait(s, reader, fixture('goodreads-31.csv'));
    await importAndWait(s, reader, fixture('storygraph.csv'));
    // What only Shelfwise has: a private journal entry, a review with every field, a goal, a custom order.
    const [emma] = await s.t.deps.db.query<{ id: string; work_id: string }>(
      `select id, work_id from public.editions where isbn = '9780141439587'`,
    );
    const [omens] = await s.t.deps.db.query<{ id: string; work_id: string }>(
      `select id, work_id from public.editions where isbn = '9780060853983'`,
    );
    if (!emma || !omens) throw new Error('sample catalogue without Emma or Good Omens');
    const profile = await s.sf('update-profile', { first_name: 'Anne', last_name: 'Elliot' }, reader.token);
    expect(profile.status, JSON.stringify(profile.body)).toBe(200);
    const logged = await s.sf(
      'log-progress-event',
      {
        work_id: emma.work_id,
        edition_id: emma.id,
        event_type: 'start',
        start_page: 3,
        journal_md: 'A *slow* start.',
        is_public: false,
      },
      reader.token,
    );
    expect(logged.status, JSON.stringify(logged.body)).toBe(200);
    // An edited journal entry: its updated_at is its own.
    const edited = await s.sf(
      'update-reading-log',
      { id: logged.body.event.id, journal_md: 'A *slow* start, then not.' },
      reader.token,
    );
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    // Good Omens read publicly, finished privately: Currently Reading hidden from the reader but still
    // public, Read only the reader's (migration 0041).
    for (const [event_type, is_public] of [
      ['start', true],
      ['finish', false],
    ] as const) {
      const res = await s.sf(
        'log-progress-event',
        { work_id: omens.work_id, edition_id: omens.id, event_type, is_public },
        reader.token,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const review = await s.sf(
      'submit-review',
      {
        work_id: emma.work_id,
        edition_id: emma.id,
        rating: 3.75,
        tone: 2,
        pace: 1,
        recommend: true,
        story_focus: 2,
        headline: 'Clever',
        review_body: 'Matchmaking.\n\nGently.',
        spoiler: true,
        mood_ids: [3, 8],
        quality_ids: [3, 5],
        content_warnings: { '4': 1 },
      },
      reader.token,
    );
    expect(review.status, JSON.stringify(review.body)).toBe(200);
    const goal = await s.sf(
      'set-reading-goal',
      { goal_year: new Date().getUTCFullYear(), goal_type: 'pages', target_qty: 4000 },
      reader.token,
    );
    expect(goal.status).toBe(200);

    const file = await exported(reader, 'shelfwise');
    expect(file.content_type).toBe('application/json; charset=utf-8');
    const json = JSON.parse(file.content);
    expect(json.kind).toBe('shelfwise-library');
    expect(json.goals).toEqual([
      { goal_year: new Date().getUTCFullYear(), goal_type: 'pages', target_qty: 4000 },
    ]);
    const emmaBook = json.books.find((b: any) => b.isbn13 === '9780141439587');
    expect(emmaBook.events).toEqual([
      expect.objectContaining({
        type: 'start',
        start_page: 3,
        journal_md: expect.stringContaining('slow'),
        is_public: false,
      }),
    ]);
    expect(emmaBook.review).toMatchObject({
      rating: 3.75,
      headline: 'Clever',
      spoiler: true,
      tone: 2,
      pace: 1,
      story_focus: 2,
      recommend: true,
      mood_ids: [3, 8],
      quality_ids: [3, 5],
      content_warnings: { '4': 1 },
    });

    const { fresh, again } = await throughFreshAccount(file.content, 'shelfwise');
    const strip = (content: string) => {
      const { exported_at: _at, profile, ...rest } = JSON.parse(content);
      return { ...rest, profile: { ...profile, username: undefined } };
    };
    expect(strip(again.content)).toEqual(strip(file.content));
    const before = await wholeLibrary(reader.id);
    // The cases this test is for are really in it, so the comparison below cannot pass by having none.
    expect(before.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          slug: 'currently-reading',
          book: expect.stringContaining('Emma'),
          published_at: null,
        }),
        expect.objectContaining({
          slug: 'currently-reading',
          book: expect.stringContaining('Good Omens'),
          owner_visible: false,
        }),
        expect.objectContaining({
          slug: 'read',
          book: expect.stringContaining('Good Omens'),
          published_at: null,
        }),
      ]),
    );
    expect(before.events.some((e: any) => String(e.updated_at) !== String(e.created_at))).toBe(true);
    expect(before.profile).toEqual([{ first_name: 'Anne', last_name: 'Elliot' }]);
    expect(await wholeLibrary(fresh.id)).toEqual(before);
    expect(await shelvesOf(s, fresh)).toEqual(await shelvesOf(s, reader));
    expect(await libraryCounts(s, fresh.id)).toEqual(await libraryCounts(s, reader.id));
  });
});
