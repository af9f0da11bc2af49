// A reader's shelving lines (migrations 0121 and 0183): one line per custom shelf and hour of publication,
// listing the books in the order they came, whether the books came one request at a time or thousands in one
// statement; a book taken off, or listed by an import (whose books have the import's one line), leaves it, and
// a line left empty goes. Currently Reading and Read, and items only their reader sees, make no line.
import { generateNKeysBetween } from 'fractional-indexing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../tests/support/test-app';
import type { TestApp } from '../../../tests/support/test-app';
import { createTestUser } from '../../../tests/support/test-users';

const BOOKS = 3_000;
let t: TestApp;
let workId: string;
let editions: string[];
beforeAll(async () => {
  t = await createTestApp();
  const [work] = await t.deps.db.query<{ id: string }>(
    `insert into public.works (title) values ('Many volumes') returning id`,
  );
  workId = (work as { id: string }).id;
  editions = (
    await t.deps.db.query<{ id: string }>(
      `insert into public.editions (work_id, title)
       select $1, 'Volume ' || g from generate_series(1, $2::int) g order by g returning id`,
      [workId, BOOKS],
    )
  ).map((r) => r.id);
});
afterAll(() => t.close());

interface Line {
  book_count: number;
  edition_ids: string[];
  burst_hour: string;
}

const lastKey = async (shelfId: string) =>
  (
    await t.deps.db.query<{ key: string | null }>(
      'select max(sort_key) as key from public.shelf_items where shelf_id = $1',
      [shelfId],
    )
  )[0]?.key ?? null;

const linesOf = (shelfId: string) =>
  t.deps.db.query<Line>(
    `select book_count, edition_ids,
            to_char(burst_hour at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI"Z"') as burst_hour
     from public.activities
     where kind = 'shelved' and shelf_id = $1 order by burst_hour`,
    [shelfId],
  );

/** Shelves the given editions in one statement, published at `at` (null: only their reader sees them). */
async function shelveAll(shelfId: string, ids: string[], at: string | null = '2026-03-01T10:15:00Z') {
  await t.deps.db.query(
    `insert into public.shelf_items (shelf_id, edition_id, work_id, sort_key, published_at, owner_visible)
     select $1, e, $2, k, $5, true from unnest($3::uuid[], $4::text[]) with ordinality as x(e, k)`,
    [shelfId, workId, ids, generateNKeysBetween(await lastKey(shelfId), null, ids.length), at],
  );
}

async function newShelf(): Promise<{ reader: string; shelf: string; token: string }> {
  const reader = await createTestUser(t);
  const res = await t.sf('create-shelf', { name: 'Everything' }, reader.token);
  return { reader: reader.id, shelf: res.body.id as string, token: reader.token };
}

describe('shelving lines', () => {
  it('makes one line of thousands of books shelved in one statement, in their order', async () => {
    const { shelf } = await newShelf();
    await shelveAll(shelf, editions);
    expect(await linesOf(shelf)).toEqual([
      { book_count: BOOKS, edition_ids: editions, burst_hour: '2026-03-01T10:00Z' },
    ]);
  });

  it('adds books shelved one at a time in the same hour to that line, and starts a line for a new hour', async () => {
    const { shelf, token } = await newShelf();
    for (const edition_id of editions.slice(0, 3)) {
      expect((await t.sf('add-to-shelf', { shelf_id: shelf, edition_id }, token)).status).toBe(200);
    }
    await shelveAll(shelf, editions.slice(3, 5), '2020-01-01T08:59:59Z');
    const lines = await linesOf(shelf);
    expect(lines.map((l) => [l.book_count, l.edition_ids])).toEqual([
      [2, editions.slice(3, 5)],
      [3, editions.slice(0, 3)],
    ]);
  });

  it('takes removed books off their line, and drops a line left empty', async () => {
    const { shelf, token } = await newShelf();
    await shelveAll(shelf, editions.slice(0, 10));
    await t.deps.db.query(`delete from public.shelf_items where shelf_id = $1 and edition_id = any ($2)`, [
      shelf,
      editions.slice(2, 8),
    ]);
    expect((await linesOf(shelf)).map((l) => [l.book_count, l.edition_ids])).toEqual([
      [4, [...editions.slice(0, 2), ...editions.slice(8, 10)]],
    ]);
    for (const edition_id of [...editions.slice(0, 2), ...editions.slice(8, 10)]) {
      expect((await t.sf('remove-from-shelf', { shelf_id: shelf, edition_id }, token)).status).toBe(200);
    }
    expect(await linesOf(shelf)).toEqual([]);
  });

  it('counts a book once it is published, and leaves the line alone when books are only reordered', async () => {
    const { shelf } = await newShelf();
    await shelveAll(shelf, editions.slice(0, 4), null);
    expect(await linesOf(shelf)).toEqual([]);
    await t.deps.db.query(
      `update public.shelf_items set published_at = '2026-03-01T10:20:00Z' where shelf_id = $1 and edition_id = any ($2)`,
      [shelf, editions.slice(0, 2)],
    );
    await t.deps.db.query(`update public.shelf_items set sort_key = sort_key || 'V' where shelf_id = $1`, [
      shelf,
    ]);
    expect((await linesOf(shelf)).map((l) => [l.book_count, l.edition_ids])).toEqual([
      [2, editions.slice(0, 2)],
    ]);
  });

  it('makes no line for Currently Reading or Read', async () => {
    const { reader, token } = await newShelf();
    const shelves = (await t.sf('list-shelves', {}, token)).body as { id: string; slug: string | null }[];
    for (const slug of ['currently-reading', 'read']) {
      const id = shelves.find((s) => s.slug === slug)?.id as string;
      await shelveAll(id, editions.slice(0, 5));
      expect(await linesOf(id)).toEqual([]);
    }
    const others = await t.deps.db.query(`select 1 from public.activities where user_id = $1`, [reader]);
    expect(others).toEqual([]);
  });

  it('drops the books an import lists as its own, all in one statement', async () => {
    const { reader, shelf } = await newShelf();
    await shelveAll(shelf, editions.slice(0, 6));
    const [imp] = await t.deps.db.query<{ id: string }>(
      `insert into public.imports (user_id, file_name, format) values ($1, 'goodreads.csv', 'goodreads') returning id`,
      [reader],
    );
    await t.deps.db.query(
      `insert into public.import_changes (import_id, kind, ref)
       select $1, 'shelf_item', jsonb_build_object('shelf_id', $2::uuid, 'edition_id', e)
       from unnest($3::uuid[]) e`,
      [imp?.id, shelf, editions.slice(0, 4)],
    );
    expect((await linesOf(shelf)).map((l) => [l.book_count, l.edition_ids])).toEqual([
      [2, editions.slice(4, 6)],
    ]);
  });
});
