// A population of readers on the synthetic catalogue: accounts with a live session each, the five
// built-in shelves, a to-be-read pile of a log-uniform size (1 to 2,000), and for one reader in a hundred
// a custom shelf of 10,000 items (the largest the benchmark pages through). Each reader has read a
// log-uniform number of books (1 to 300) picked by popularity (Zipf), each a start, some progress and
// usually a finish, spread over two years; half the finished books got a review. One more reader, the
// heavy reader, has read 1,000 books over five years (about 5,000 events) and set this year's three goals:
// the stats, goals, streak and insights scenarios ask for that reader (issue 15). Readers have tastes
// (reader-tastes.ts, issue 28): what they read, how they rate it and the moods they pick follow a cluster of
// genres, latent niches and moods.
import { randomUUID } from 'node:crypto';
import { BUILTIN_SHELVES } from '@shared/api/shelves';
import { hashPassword } from '../../server/auth/passwords';
import type { Db } from '../../server/db/db';
import type { Rand } from './random';
import { logUniform, pick, rng, zipfIndex } from './random';
import type { Edition } from './reader-rows';
import { Rows, insertPopulation } from './reader-rows';
import { TasteUniverse, reviewMoods, tasteRating } from './reader-tastes';
import type { ReaderTaste, TastedEdition } from './reader-tastes';

export const BIG_SHELF_SIZE = 10_000;
export const SIGN_IN_PASSWORD = 'bench-password-0';

export interface BenchUser {
  id: string;
  email: string;
  username: string;
  sessionId: string;
}

export interface Population {
  users: BenchUser[];
  /** Readers' 10,000-item shelves, with the sort_key after which the last page (items 9,981-10,000) starts. */
  bigShelves: { user: number; shelfId: string; deepAfter: string }[];
  /** Editions being read (latest event start or progress), for log-progress-event. */
  reading: { user: number; editionId: string; workId: string; pageCount: number; page: number }[];
  /** Works that have reviews, most reviewed first. */
  reviewedWorks: string[];
  /** Works in popularity order (the demo catalogue first), for work-details and submit-review. */
  popularWorks: string[];
  /** Index of the reader with 1,000 books and about 5,000 events over five years. */
  heavyReader: number;
  counts: Record<'users' | 'shelves' | 'shelfItems' | 'events' | 'reviews', number>;
}

const DAY = 86_400_000;
/** `count` distinct editions picked by popularity. */
function pickEditions(universe: Edition[], count: number, rand: Rand): Edition[] {
  const chosen = new Map<string, Edition>();
  const wanted = Math.min(count, universe.length);
  while (chosen.size < wanted) {
    const e = universe[zipfIndex(universe.length, rand())] as Edition;
    chosen.set(e.editionId, e);
    if (chosen.size < wanted && rand() < 0.02) {
      const any = pick(universe, rand());
      chosen.set(any.editionId, any);
    }
  }
  return [...chosen.values()];
}

const isTasted = (book: Edition): book is TastedEdition => 'genreIds' in book;

/**
 * One reader's books: events, and reviews of some finished ones, rated and given moods as their taste says
 * (without one, any rating and no moods); answers the books still being read.
 */
function readBooks<B extends Edition>(
  rows: Rows,
  userId: string,
  books: B[],
  rand: Rand,
  now: number,
  { spanDays = 730, taste }: { spanDays?: number; taste?: ReaderTaste } = {},
) {
  const reading: { edition: B; page: number }[] = [];
  const finished: B[] = [];
  const reviewed = new Set<string>();
  for (const book of books) {
    let at = now - Math.floor(rand() * spanDays * DAY);
    let page = 1;
    rows.event(userId, book, 'start', 1, null, at);
    const steps = Math.floor(rand() * 7);
    for (let s = 0; s < steps && page < book.pageCount; s++) {
      at += Math.floor(rand() * 3 * DAY) + 60_000;
      const next = Math.min(book.pageCount, page + 1 + Math.floor(rand() * (book.pageCount / 4)));
      rows.event(userId, book, 'progress', page, next, Math.min(at, now));
      page = next;
    }
    at = Math.min(at + Math.floor(rand() * 3 * DAY) + 60_000, now);
    const end = rand();
    if (end < 0.7) {
      rows.event(userId, book, 'finish', page, book.pageCount, at);
      finished.push(book);
    } else if (end < 0.75) {
      rows.event(userId, book, 'dnf', page, page, at);
    } else if (end < 0.8) {
      rows.event(userId, book, 'pause', page, page, at);
    } else {
      reading.push({ edition: book, page });
    }
    if (end < 0.7 && rand() < 0.5 && !reviewed.has(book.workId)) {
      reviewed.add(book.workId);
      const written = rand() < 0.6;
      rows.reviews.user.push(userId);
      rows.reviews.work.push(book.workId);
      rows.reviews.edition.push(book.editionId);
      const judged = taste && isTasted(book) ? { taste, book } : null;
      rows.reviews.rating.push(
        judged
          ? tasteRating(judged.taste, judged.book, rand)
          : Math.max(0.25, Math.round((1 + rand() * 4) * 4) / 4),
      );
      rows.reviews.moods.push(judged ? reviewMoods(judged.book, rand) : []);
      rows.reviews.headline.push(
        written ? `Thoughts on a ${pick(['fine', 'slow', 'moving', 'odd'], rand())} read` : '',
      );
      rows.reviews.body.push(
        written && rand() < 0.7 ? 'A synthetic review body. '.repeat(1 + Math.floor(rand() * 12)) : null,
      );
      rows.reviews.at.push(new Date(at).toISOString());
    }
  }
  return { reading, finished };
}

export async function generateReaders(db: Db, users: number, seed = 7): Promise<Population> {
  const rand = rng(seed);
  const now = Date.now();
  const universe = await db.query<TastedEdition>(
    `select w.primary_edition_id as "editionId", w.id as "workId", coalesce(e.page_count, 300) as "pageCount",
            array(select g.genre_id from public.work_genres g where g.work_id = w.id order by g.genre_id)
              as "genreIds"
     from public.works w join public.editions e on e.id = w.primary_edition_id
     order by w.created_at, w.id limit 200000`,
  );
  const tastes = new TasteUniverse(universe);
  const rows = new Rows();
  const population: Population = {
    users: [],
    bigShelves: [],
    reading: [],
    reviewedWorks: [],
    popularWorks: universe.slice(0, 5000).map((e) => e.workId),
    heavyReader: users,
    counts: { users: users, shelves: 0, shelfItems: 0, events: 0, reviews: 0 },
  };
  const bigShelfEvery = 100;
  for (let u = 0; u < users; u++) {
    const user: BenchUser = {
      id: randomUUID(),
      email: `bench.reader.${u}@example.com`,
      username: `reader_${String(u).padStart(5, '0')}`,
      sessionId: randomUUID(),
    };
    population.users.push(user);
    rows.users.id.push(user.id);
    rows.users.email.push(user.email);
    rows.users.password.push(u === 0 ? await hashPassword(SIGN_IN_PASSWORD) : null);
    rows.sessions.id.push(user.sessionId);
    rows.sessions.user.push(user.id);
    rows.profiles.id.push(user.id);
    rows.profiles.username.push(user.username);

    const taste = tastes.taste(rand);
    const books = tastes.books(taste, logUniform(1, 300, rand()), rand);
    const { reading, finished } = readBooks(rows, user.id, books, rand, now, { taste });
    for (const r of reading) {
      population.reading.push({
        user: u,
        editionId: r.edition.editionId,
        workId: r.edition.workId,
        pageCount: r.edition.pageCount,
        page: r.page,
      });
    }
    const shelfBooks: Record<string, Edition[]> = {
      'currently-reading': reading.map((r) => r.edition),
      read: finished,
      'to-be-read': pickEditions(universe, logUniform(1, 2000, rand()), rand),
      favorites: finished.filter(() => rand() < 0.2),
      owned: pickEditions(universe, logUniform(1, 200, rand()), rand),
    };
    for (const b of BUILTIN_SHELVES) rows.shelf(user.id, b.name, b.slug, shelfBooks[b.slug] ?? []);
    if (u % bigShelfEvery === 0) {
      const editions = pickEditions(universe, BIG_SHELF_SIZE, rand);
      const shelfId = rows.shelf(user.id, 'Everything I own', null, editions);
      // A catalogue smaller than the shelf makes a smaller shelf; the last page is its last 20 items.
      const keys = rows.items.key.slice(-editions.length);
      const deepAfter = keys[Math.max(0, editions.length - 21)] as string;
      population.bigShelves.push({ user: u, shelfId, deepAfter });
    }
  }
  const heavy: BenchUser = {
    id: randomUUID(),
    email: 'bench.heavy.reader@example.com',
    username: 'heavy_reader',
    sessionId: randomUUID(),
  };
  population.users.push(heavy);
  rows.users.id.push(heavy.id);
  rows.users.email.push(heavy.email);
  rows.users.password.push(null);
  rows.sessions.id.push(heavy.sessionId);
  rows.sessions.user.push(heavy.id);
  rows.profiles.id.push(heavy.id);
  rows.profiles.username.push(heavy.username);
  const heavyRead = readBooks(rows, heavy.id, pickEditions(universe, 1000, rand), rand, now, {
    spanDays: 5 * 365,
  });
  rows.shelf(heavy.id, 'Read', 'read', heavyRead.finished);
  await insertPopulation(db, rows);
  const year = new Date(now).getUTCFullYear();
  await db.query(
    `insert into public.reading_goals (user_id, goal_year, goal_type, target_qty)
     values ($1, $2, 'books', 150), ($1, $2, 'pages', 40000), ($1, $2, 'hours', 1000)`,
    [heavy.id, year],
  );
  population.counts = {
    users: users + 1,
    shelves: rows.shelves.id.length,
    shelfItems: rows.items.shelf.length,
    events: rows.events.user.length,
    reviews: rows.reviews.user.length,
  };
  population.reviewedWorks = (
    await db.query<{ work_id: string }>(
      'select work_id from public.reviews group by work_id order by count(*) desc, work_id limit 2000',
    )
  ).map((r) => r.work_id);
  return population;
}
