// Issue 19's side by side needs two things of the heavy reader (synthetic-readers.ts) that the population
// does not give: a shelf of 100 books, made through the API as a client would make it, and the books they
// are reading with where they are in each, read from the seeded database. Writes the benchmark makes are undone through the API too (undoProgressSince), so every round
// starts from the same reader.
import type { Queryable } from '../../server/db/db';
import type { BookBeingRead, HeavyReaderShelf } from './reading-scenarios';

export const BENCH_SHELF_NAME = 'Bench shelf of 100';
const SHELF_SIZE = 100;

/** One /sf/ call as the heavy reader; throws on anything but 2xx, with the server's answer. */
export function heavyReaderClient(base: string, anonKey: string, token: string) {
  return async function call<T>(endpoint: string, body: unknown): Promise<T> {
    const res = await fetch(`${base}/sf/${endpoint}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', apikey: anonKey, authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${endpoint} answered ${res.status}: ${text.slice(0, 300)}`);
    return JSON.parse(text) as T;
  };
}

type Call = ReturnType<typeof heavyReaderClient>;

/** A custom shelf holding the first 100 books of the reader's Read shelf, and its sort keys in order. */
export async function createHundredBookShelf(call: Call): Promise<HeavyReaderShelf> {
  const shelves = await call<{ id: string; slug: string | null }[]>('list-shelves', {});
  const read = shelves.find((s) => s.slug === 'read');
  if (!read) throw new Error('the heavy reader has no Read shelf');
  const books = await call<{ editions: { id: string } }[]>('get-shelf-items', {
    shelf_id: read.id,
    limit: SHELF_SIZE,
  });
  if (books.length < SHELF_SIZE) throw new Error(`the Read shelf holds only ${books.length} books`);
  const { id: shelfId } = await call<{ id: string }>('create-shelf', { name: BENCH_SHELF_NAME });
  for (const book of books) await call('add-to-shelf', { shelf_id: shelfId, edition_id: book.editions.id });
  const items = await call<{ sort_key: string }[]>('get-shelf-items', {
    shelf_id: shelfId,
    limit: SHELF_SIZE,
  });
  return { shelfId, keys: items.map((item) => item.sort_key) };
}

/**
 * Up to `count` books the reader is reading (last event a start or progress, page count known), the ones
 * with the most pages left first, so the benchmark's page-by-page logging has room to move. Read from the
 * database before the server starts: currently-reading answers only the dashboard's first few.
 */
export async function booksBeingRead(db: Queryable, userId: string, count: number): Promise<BookBeingRead[]> {
  return db.query<BookBeingRead>(
    `with latest as (
       select distinct on (e.edition_id) e.edition_id, e.work_id, e.event_type
       from public.reading_progress_events e where e.user_id = $1
       order by e.edition_id, e.created_at desc, e.id desc
     )
     select l.edition_id as "editionId", l.work_id as "workId", ed.page_count as "pageCount",
            coalesce(at.end_page, 1) as page
     from latest l
     join public.editions ed on ed.id = l.edition_id
     left join lateral (
       select p.end_page from public.reading_progress_events p
       where p.user_id = $1 and p.edition_id = l.edition_id and p.end_page is not null
       order by p.created_at desc, p.id desc limit 1
     ) at on true
     where l.event_type in ('start', 'progress') and ed.page_count is not null
     order by ed.page_count - coalesce(at.end_page, 1) desc, l.edition_id
     limit $2`,
    [userId, count],
  );
}

interface ReadingEvent {
  id: string;
  created_at: string;
}

/**
 * Deletes the reader's progress events made at or after `since` (newest first, through delete-reading-log),
 * `parallel` at a time; answers how many.
 */
export async function undoProgressSince(call: Call, since: Date, parallel = 4): Promise<number> {
  let undone = 0;
  for (;;) {
    const { events } = await call<{ events: ReadingEvent[] }>('reading-events', {
      types: ['progress'],
      limit: 100,
    });
    const newer = events.filter((e) => new Date(e.created_at) >= since);
    if (newer.length === 0) return undone;
    for (let i = 0; i < newer.length; i += parallel) {
      await Promise.all(
        newer.slice(i, i + parallel).map((e) => call('delete-reading-log', { log_id: e.id })),
      );
    }
    undone += newer.length;
  }
}
