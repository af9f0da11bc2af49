// Test-only: catalogue, shelf, progress and review rows written straight into the database, for admin tests
// that need data the other areas' endpoints would create.
import type { Queryable } from '../../../db/db';
import { one } from '../../../db/db';

export async function insertAuthor(
  db: Queryable,
  name: string,
  olKey: string | null = null,
): Promise<string> {
  return (
    await one<{ id: string }>(db, 'insert into authors (name, ol_key) values ($1, $2) returning id', [
      name,
      olKey,
    ])
  ).id;
}

export interface InsertedWork {
  workId: string;
  editionIds: string[];
}

/** A work with its editions (the first one primary), its authors in order on work and editions, and genres. */
export async function insertWork(
  db: Queryable,
  title: string,
  options: { authorIds?: string[]; editions?: number; genres?: string[]; olKey?: string | null } = {},
): Promise<InsertedWork> {
  const { workId } = await one<{ workId: string }>(
    db,
    `insert into works (title, date, date_string, checked_full_metadata, ol_key)
     values ($1, '1900-01-01', '1900', true, $2) returning id as "workId"`,
    [title, options.olKey ?? null],
  );
  const editionIds: string[] = [];
  for (let i = 0; i < (options.editions ?? 1); i += 1) {
    const edition = await one<{ id: string }>(
      db,
      `insert into editions (work_id, title, page_count) values ($1, $2, 300) returning id`,
      [workId, `${title} (edition ${i + 1})`],
    );
    editionIds.push(edition.id);
  }
  await db.query('update works set primary_edition_id = $2 where id = $1', [workId, editionIds[0]]);
  for (const [position, authorId] of (options.authorIds ?? []).entries()) {
    await db.query('insert into work_authors (work_id, author_id, position) values ($1, $2, $3)', [
      workId,
      authorId,
      position,
    ]);
    for (const editionId of editionIds) {
      await db.query('insert into edition_authors (edition_id, author_id, position) values ($1, $2, $3)', [
        editionId,
        authorId,
        position,
      ]);
    }
  }
  for (const genre of options.genres ?? []) {
    await db.query('insert into genres (name) values ($1) on conflict (name) do nothing', [genre]);
    await db.query('insert into work_genres (work_id, genre_id) select $1, id from genres where name = $2', [
      workId,
      genre,
    ]);
  }
  return { workId, editionIds };
}

export async function insertShelf(db: Queryable, userId: string, name: string): Promise<string> {
  return (
    await one<{ id: string }>(db, 'insert into shelves (user_id, name) values ($1, $2) returning id', [
      userId,
      name,
    ])
  ).id;
}

export async function shelve(
  db: Queryable,
  shelfId: string,
  editionId: string,
  sortKey: string,
): Promise<void> {
  await db.query(
    `insert into shelf_items (shelf_id, edition_id, work_id, sort_key)
     select $1, e.id, e.work_id, $3 from editions e where e.id = $2`,
    [shelfId, editionId, sortKey],
  );
}

export async function logEvent(
  db: Queryable,
  userId: string,
  editionId: string,
  eventType: string,
): Promise<void> {
  await db.query(
    `insert into reading_progress_events (user_id, edition_id, work_id, event_type, start_page, end_page)
     select $1, e.id, e.work_id, $3, 1, 10 from editions e where e.id = $2`,
    [userId, editionId, eventType],
  );
}

/** A review written directly, with a chosen last-written time (to test "the newer review wins"). */
export async function insertReview(
  db: Queryable,
  userId: string,
  workId: string,
  rating: number,
  updatedAt: string,
): Promise<string> {
  return (
    await one<{ id: string }>(
      db,
      `insert into reviews (user_id, work_id, rating, headline, created_at, updated_at)
       values ($1, $2, $3, 'h', $4, $4) returning id`,
      [userId, workId, rating, updatedAt],
    )
  ).id;
}

export async function countRows(db: Queryable, sql: string, params: unknown[] = []): Promise<number> {
  return (await one<{ n: number }>(db, `select count(*) as n from (${sql}) x`, params)).n;
}
