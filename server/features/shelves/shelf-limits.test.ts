// Per-reader limits (issue 13 §9): at most 200 custom shelves and 10,000 books per shelf, held under
// parallel requests, each refused with 409 limit_reached and a message saying why; and a public profile whose
// shelf list stays bounded whatever a reader made before the limits existed.
import { generateNKeysBetween } from 'fractional-indexing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../tests/support/test-app';
import type { TestApp } from '../../../tests/support/test-app';
import { createTestUser } from '../../../tests/support/test-users';

const MAX_CUSTOM_SHELVES = 200;
const MAX_SHELF_ITEMS = 10_000;
const PUBLIC_PROFILE_SHELVES = 205;
const SHELVES_FULL = {
  error: 'You can have at most 200 custom shelves.',
  code: 'limit_reached',
};
const SHELF_FULL = {
  error: 'A shelf holds at most 10,000 books. Remove one to make room.',
  code: 'limit_reached',
};

let t: TestApp;
let workId: string;
let editionIds: string[];
beforeAll(async () => {
  t = await createTestApp();
  const [work] = await t.deps.db.query<{ id: string }>(
    `insert into public.works (title) values ('Many volumes') returning id`,
  );
  workId = (work as { id: string }).id;
  editionIds = (
    await t.deps.db.query<{ id: string }>(
      `insert into public.editions (work_id, title)
       select $1, 'Volume ' || g from generate_series(1, $2::int) g returning id`,
      [workId, MAX_SHELF_ITEMS + 10],
    )
  ).map((r) => r.id);
});
afterAll(() => t.close());

const customShelfCount = async (userId: string) =>
  (
    await t.deps.db.query<{ n: number }>(
      'select count(*)::int as n from public.shelves where user_id = $1 and slug is null',
      [userId],
    )
  )[0]?.n;

const itemCount = async (shelfId: string) =>
  (
    await t.deps.db.query<{ n: number }>(
      'select count(*)::int as n from public.shelf_items where shelf_id = $1',
      [shelfId],
    )
  )[0]?.n;

/** Puts the first `count` editions on the shelf straight in the table, as fast as a test can. */
async function fillShelf(shelfId: string, count: number) {
  await t.deps.db.query(
    `insert into public.shelf_items (shelf_id, edition_id, work_id, sort_key)
     select $1, e, $2, k from unnest($3::uuid[], $4::text[]) as x(e, k)`,
    [shelfId, workId, editionIds.slice(0, count), generateNKeysBetween(null, null, count)],
  );
}

describe('custom shelves per reader', () => {
  it('stops parallel creation exactly at the limit, with 409 limit_reached', async () => {
    const reader = await createTestUser(t);
    await t.deps.db.query(
      `insert into public.shelves (user_id, name) select $1, 'Old ' || g from generate_series(1, $2::int) g`,
      [reader.id, MAX_CUSTOM_SHELVES - 10],
    );
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => t.sf('create-shelf', { name: `New ${i}` }, reader.token)),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(10);
    for (const refused of answers.filter((a) => a.status !== 200)) {
      expect(refused).toEqual({ status: 409, body: SHELVES_FULL });
    }
    expect(await customShelfCount(reader.id)).toBe(MAX_CUSTOM_SHELVES);
    expect(await t.sf('create-shelf', { name: 'One more' }, reader.token)).toEqual({
      status: 409,
      body: SHELVES_FULL,
    });
    // The built-ins are not custom shelves and are all there.
    const list = (await t.sf('list-shelves', {}, reader.token)).body;
    expect(list).toHaveLength(MAX_CUSTOM_SHELVES + 5);
  });

  it('leaves other readers free to create shelves', async () => {
    const other = await createTestUser(t);
    expect((await t.sf('create-shelf', { name: 'Mine' }, other.token)).status).toBe(200);
  });
});

describe('books per shelf', () => {
  it('stops parallel adds exactly at 10,000 books; re-adding a book already there is still fine', async () => {
    const reader = await createTestUser(t);
    const shelf = (await t.sf('create-shelf', { name: 'Everything' }, reader.token)).body.id as string;
    await fillShelf(shelf, MAX_SHELF_ITEMS - 2);
    const answers = await Promise.all(
      editionIds
        .slice(MAX_SHELF_ITEMS - 2, MAX_SHELF_ITEMS + 3)
        .map((edition_id) => t.sf('add-to-shelf', { shelf_id: shelf, edition_id }, reader.token)),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(2);
    for (const refused of answers.filter((a) => a.status !== 200)) {
      expect(refused).toEqual({ status: 409, body: SHELF_FULL });
    }
    expect(await itemCount(shelf)).toBe(MAX_SHELF_ITEMS);

    expect(
      (await t.sf('add-to-shelf', { shelf_id: shelf, edition_id: editionIds[0] }, reader.token)).status,
    ).toBe(200);
    await t.sf('remove-from-shelf', { shelf_id: shelf, edition_id: editionIds[0] }, reader.token);
    const last = editionIds[MAX_SHELF_ITEMS + 5] as string;
    expect((await t.sf('add-to-shelf', { shelf_id: shelf, edition_id: last }, reader.token)).status).toBe(
      200,
    );
    expect(await itemCount(shelf)).toBe(MAX_SHELF_ITEMS);
  });

  it('refuses to start a book when Currently Reading is full, and logs nothing', async () => {
    const reader = await createTestUser(t);
    const shelves = (await t.sf('list-shelves', {}, reader.token)).body as { id: string; slug: string }[];
    const current = shelves.find((s) => s.slug === 'currently-reading')?.id as string;
    await fillShelf(current, MAX_SHELF_ITEMS);
    for (const is_public of [true, false]) {
      const res = await t.sf(
        'log-progress-event',
        { work_id: workId, edition_id: editionIds[MAX_SHELF_ITEMS + 1], event_type: 'start', is_public },
        reader.token,
      );
      expect(res).toEqual({ status: 409, body: SHELF_FULL });
    }
    expect(
      await t.deps.db.query('select 1 from public.reading_progress_events where user_id = $1', [reader.id]),
    ).toEqual([]);
  });
});

describe('public lists are bounded', () => {
  it('lists at most 205 shelves on a public profile, with the total, built-ins first', async () => {
    const reader = await createTestUser(t);
    // Made straight in the table: a reader from before the limit, with 300 custom shelves of long names.
    await t.deps.db.query(
      `insert into public.shelves (user_id, name)
       select $1, lpad(g::text, 4, '0') || repeat('x', 96) from generate_series(1, 300) g`,
      [reader.id],
    );
    await t.sf('add-to-shelf', { shelf_name: 'read', edition_id: editionIds[0] }, reader.token);

    const res = await t.sf('public-profile', { username: reader.username });
    expect(res.status).toBe(200);
    expect(res.body.shelves).toHaveLength(PUBLIC_PROFILE_SHELVES);
    expect(res.body.shelves_total).toBe(301);
    expect(res.body.shelves[0]).toMatchObject({ name: 'Read', count: 1 });
    expect(res.body.shelves[1]!.name).toBe(`0001${'x'.repeat(96)}`);
    expect(JSON.stringify(res.body).length).toBeLessThan(40_000);
  });

  it('pages public shelves 100 books at a time at most', async () => {
    const reader = await createTestUser(t);
    const shelf = (await t.sf('create-shelf', { name: 'Long' }, reader.token)).body.id as string;
    await fillShelf(shelf, 250);
    expect((await t.sf('public-shelf', { shelf_id: shelf })).body.items).toHaveLength(100);
    expect((await t.sf('public-shelf', { shelf_id: shelf, limit: 101 })).status).toBe(400);
  });
});
