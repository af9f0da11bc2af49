// merge-work: every row of the source work ends up on the target, nothing is lost or orphaned, duplicate
// reviews are resolved by "the newer one stays", ratings stay exact, and the audit entry says what moved.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../tests/support/test-app';
import type { TestApp } from '../../../tests/support/test-app';
import { createTestUser } from '../../../tests/support/test-users';
import type { TestUser } from '../../../tests/support/test-users';
import type { InsertedWork } from './testing/records';
import {
  countRows,
  insertAuthor,
  insertReview,
  insertShelf,
  insertWork,
  logEvent,
  shelve,
} from './testing/records';

const MISSING = '00000000-0000-4000-8000-000000000000';

let t: TestApp;
let admin: TestUser;
let users: Record<'alice' | 'bob' | 'carol' | 'dave' | 'erin', TestUser>;
let target: InsertedWork;
let source: InsertedWork;
let austen: string;
let editor: string;
const reviewIds: Record<string, string> = {};

const db = () => t.deps.db;
const perWork = (table: string, workId: string) =>
  countRows(db(), `select 1 from ${table} where work_id = $1`, [workId]);
const tables = [
  'editions',
  'work_authors',
  'work_genres',
  'shelf_items',
  'reading_progress_events',
  'reviews',
];
const countsOf = async (workId: string) =>
  Object.fromEntries(await Promise.all(tables.map(async (name) => [name, await perWork(name, workId)])));
const totalRows = async () =>
  Object.fromEntries(
    await Promise.all(
      ['editions', 'shelf_items', 'reading_progress_events', 'edition_authors'].map(async (name) => [
        name,
        await countRows(db(), `select 1 from ${name}`),
      ]),
    ),
  );
const ratingCheck = async (workId: string) =>
  (
    await db().query<{ count: number; sum: number; real_count: number; real_sum: number }>(
      `select w.rating_count as count, w.rating_sum as sum,
              (select count(*) from reviews r where r.work_id = w.id) as real_count,
              (select coalesce(sum(r.rating), 0) from reviews r where r.work_id = w.id) as real_sum
       from works w where w.id = $1`,
      [workId],
    )
  )[0];

beforeAll(async () => {
  t = await createTestApp();
  admin = await createTestUser(t, { admin: true });
  const [alice, bob, carol, dave, erin] = await Promise.all(
    ['alice', 'bob', 'carol', 'dave', 'erin'].map((name) => createTestUser(t, { username: `${name}_m` })),
  );
  users = { alice: alice!, bob: bob!, carol: carol!, dave: dave!, erin: erin! };
  austen = await insertAuthor(db(), 'Jane Austen');
  editor = await insertAuthor(db(), 'Vivien Jones');
  target = await insertWork(db(), 'Pride and Prejudice', {
    authorIds: [austen],
    genres: ['Classics', 'Romance'],
    editions: 2,
  });
  source = await insertWork(db(), 'Pride & Prejudice', {
    authorIds: [austen, editor],
    genres: ['Classics', 'Satire'],
    editions: 2,
    olKey: '/works/OL66554W',
  });
  const [a1] = target.editionIds as [string, string];
  const [b1, b2] = source.editionIds as [string, string];

  // Alice's "Read" shelf holds an edition of each work: both stay (different editions, no collision).
  const aliceRead = await insertShelf(db(), users.alice.id, 'Read');
  await shelve(db(), aliceRead, a1, 'a0');
  await shelve(db(), aliceRead, b1, 'a1');
  await shelve(db(), await insertShelf(db(), users.alice.id, 'Favorites'), b2, 'a0');
  await shelve(db(), await insertShelf(db(), users.bob.id, 'Read'), b1, 'a0');

  await logEvent(db(), users.alice.id, b1, 'start');
  await logEvent(db(), users.alice.id, b1, 'progress');
  await logEvent(db(), users.bob.id, a1, 'start');
  await logEvent(db(), users.carol.id, b2, 'finish');

  const r = (who: keyof typeof users, work: InsertedWork, rating: number, at: string) =>
    insertReview(db(), users[who].id, work.workId, rating, at);
  reviewIds.aliceTarget = await r('alice', target, 2, '2024-01-01T00:00:00Z');
  reviewIds.aliceSource = await r('alice', source, 5, '2024-06-01T00:00:00Z'); // newer: kept
  reviewIds.bobTarget = await r('bob', target, 4, '2024-06-01T00:00:00Z'); // newer: kept
  reviewIds.bobSource = await r('bob', source, 1, '2024-01-01T00:00:00Z');
  reviewIds.carolSource = await r('carol', source, 3, '2024-03-01T00:00:00Z');
  reviewIds.daveTarget = await r('dave', target, 4.5, '2024-03-01T00:00:00Z');
  reviewIds.erinTarget = await r('erin', target, 3.5, '2024-03-01T00:00:00Z'); // tie: the target's stays
  reviewIds.erinSource = await r('erin', source, 0.5, '2024-03-01T00:00:00Z');
});
afterAll(() => t.close());

describe('merge-work', () => {
  it('refuses merging into itself, a missing target or a missing source, and changes nothing', async () => {
    const before = { target: await countsOf(target.workId), source: await countsOf(source.workId) };
    const itself = await t.sf(
      'merge-work',
      { from_work_id: source.workId, into_work_id: source.workId },
      admin.token,
    );
    expect(itself).toEqual({
      status: 400,
      body: expect.objectContaining({ error: 'A work cannot be merged into itself', code: 'invalid_input' }),
    });
    const noTarget = await t.sf(
      'merge-work',
      { from_work_id: source.workId, into_work_id: MISSING },
      admin.token,
    );
    expect(noTarget).toEqual({ status: 404, body: { error: 'Target work not found', code: 'not_found' } });
    const noSource = await t.sf(
      'merge-work',
      { from_work_id: MISSING, into_work_id: target.workId },
      admin.token,
    );
    expect(noSource).toEqual({ status: 404, body: { error: 'Work not found', code: 'not_found' } });
    expect({ target: await countsOf(target.workId), source: await countsOf(source.workId) }).toEqual(before);
    expect(await countRows(db(), 'select 1 from admin_audit')).toBe(0);
  });

  it('moves every row to the target, resolves duplicate reviews, and deletes the source', async () => {
    const totalsBefore = await totalRows();
    const targetBefore = await countsOf(target.workId);
    const sourceBefore = await countsOf(source.workId);
    expect(targetBefore).toEqual({
      editions: 2,
      work_authors: 1,
      work_genres: 2,
      shelf_items: 1,
      reading_progress_events: 1,
      reviews: 4,
    });
    expect(sourceBefore).toEqual({
      editions: 2,
      work_authors: 2,
      work_genres: 2,
      shelf_items: 3,
      reading_progress_events: 3,
      reviews: 4,
    });

    const answer = await t.sf(
      'merge-work',
      { from_work_id: source.workId, into_work_id: target.workId },
      admin.token,
    );
    expect(answer).toEqual({ status: 200, body: { message: 'Work merged', work_id: target.workId } });

    // Editions, shelf items and progress events: all moved, none lost; authors and genres: the union.
    expect(await countsOf(target.workId)).toEqual({
      editions: 4,
      work_authors: 2,
      work_genres: 3,
      shelf_items: 4,
      reading_progress_events: 4,
      reviews: 5,
    });
    expect(await totalRows()).toEqual(totalsBefore);
    for (const table of [...tables, 'works']) {
      const column = table === 'works' ? 'id' : 'work_id';
      expect(
        await countRows(db(), `select 1 from ${table} where ${column} = $1`, [source.workId]),
        table,
      ).toBe(0);
    }
    // Shelf items keep their edition and shelf; their work now agrees with their edition's.
    expect(
      await countRows(
        db(),
        'select 1 from shelf_items s join editions e on e.id = s.edition_id where s.work_id <> e.work_id',
      ),
    ).toBe(0);
    expect(
      await countRows(
        db(),
        `select 1 from reading_progress_events p join editions e on e.id = p.edition_id where p.work_id <> e.work_id`,
      ),
    ).toBe(0);

    // Reviews: the newer of two by one reader stays (the target's on a tie); the rest move.
    const kept = await db().query<{ id: string }>('select id from reviews where work_id = $1 order by id', [
      target.workId,
    ]);
    expect(kept.map((r) => r.id).sort()).toEqual(
      [
        reviewIds.aliceSource,
        reviewIds.bobTarget,
        reviewIds.carolSource,
        reviewIds.daveTarget,
        reviewIds.erinTarget,
      ].sort(),
    );
    expect(await ratingCheck(target.workId)).toEqual({ count: 5, sum: 20, real_count: 5, real_sum: 20 });

    // The work as clients see it: authors joined in order, the target's primary edition, the source's OL key.
    const work = await t.sf('work-details', { work_id: target.workId });
    expect(work.body).toMatchObject({
      title: 'Pride and Prejudice',
      rating_count: 5,
      rating_sum: 20,
      primary_edition_id: target.editionIds[0],
      work_authors: [
        { authors: { id: austen, name: 'Jane Austen' } },
        { authors: { id: editor, name: 'Vivien Jones' } },
      ],
    });
    const [row] = await db().query<{ ol_key: string; author_names: string }>(
      'select ol_key, author_names from works where id = $1',
      [target.workId],
    );
    expect(row).toEqual({ ol_key: '/works/OL66554W', author_names: 'Jane Austen, Vivien Jones' });
    const genres = await t.sf('work-genres', { work_id: target.workId });
    expect(genres.body.genres.map((g: { name: string }) => g.name)).toEqual([
      'Classics',
      'Romance',
      'Satire',
    ]);
    expect((await t.sf('work-details', { work_id: source.workId })).status).toBe(404);
    const reviews = await t.sf('work-reviews', { work_id: target.workId }, users.alice.token);
    expect(reviews.body.reviews).toHaveLength(5);
    expect(reviews.body.reviews[0]).toMatchObject({ id: reviewIds.aliceSource, rating: 5 });

    const [audit] = await db().query<{
      action: string;
      actor_id: string;
      target_id: string;
      before: any;
      after: any;
    }>(`select action, actor_id, target_id, before, after from admin_audit where action = 'merge-work'`);
    expect(audit).toMatchObject({ action: 'merge-work', actor_id: admin.id, target_id: target.workId });
    expect(audit!.before.from).toMatchObject({
      id: source.workId,
      ...sourceBefore,
      rating_count: 4,
      rating_sum: 9.5,
    });
    expect(audit!.before.into).toMatchObject({
      id: target.workId,
      ...targetBefore,
      rating_count: 4,
      rating_sum: 14,
    });
    expect(audit!.after.into).toMatchObject({ id: target.workId, editions: 4, reviews: 5, rating_sum: 20 });
    expect(audit!.after.moved).toEqual({
      reviews: 2,
      editions: 2,
      shelf_items: 3,
      reading_progress_events: 3,
      work_authors: 1,
      work_genres: 1,
    });
    expect(audit!.after.dropped_reviews.map((r: { id: string }) => r.id).sort()).toEqual(
      [reviewIds.aliceTarget, reviewIds.bobSource, reviewIds.erinSource].sort(),
    );
  });

  it('answers 404 when the source is already gone', async () => {
    const again = await t.sf(
      'merge-work',
      { from_work_id: source.workId, into_work_id: target.workId },
      admin.token,
    );
    expect(again.status).toBe(404);
  });

  it('gives the target the source’s primary edition when it has none', async () => {
    const a = await insertWork(db(), 'Sense and Sensibility');
    const b = await insertWork(db(), 'Sense & Sensibility');
    await db().query('update works set primary_edition_id = null where id = $1', [a.workId]);
    await t.sf('merge-work', { from_work_id: b.workId, into_work_id: a.workId }, admin.token);
    expect((await t.sf('work-details', { work_id: a.workId })).body.primary_edition_id).toBe(b.editionIds[0]);
  });

  it('keeps ratings exact when reviews are written while the merge runs', async () => {
    const a = await insertWork(db(), 'Mansfield Park');
    const b = await insertWork(db(), 'Mansfield Park (1814)');
    const readers = await Promise.all(Array.from({ length: 12 }, () => createTestUser(t)));
    await Promise.all(
      readers.slice(0, 6).map((r) => t.sf('submit-review', { work_id: b.workId, rating: 2 }, r.token)),
    );
    const answers = await Promise.all([
      ...readers.map((r, i) =>
        t.sf('submit-review', { work_id: i % 2 ? a.workId : b.workId, rating: 4 }, r.token),
      ),
      t.sf('merge-work', { from_work_id: b.workId, into_work_id: a.workId }, admin.token),
    ]);
    // A review of the source that arrives after the merge finds no work: 404, nothing written.
    expect(answers.every((x) => x.status === 200 || x.status === 404)).toBe(true);
    expect(answers.at(-1)!.status).toBe(200);
    const check = await ratingCheck(a.workId);
    expect(check!.count).toBe(check!.real_count);
    expect(check!.sum).toBe(check!.real_sum);
    expect(await countRows(db(), 'select 1 from reviews where work_id = $1', [b.workId])).toBe(0);
  });
});
