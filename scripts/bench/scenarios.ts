// What the benchmark asks the API, and for the reads, the same SQL the handler runs (the same server
// functions, in the same order, including the session check of a signed-in call), so API latency can be
// set against database latency. Requests rotate through their inputs deterministically.
import { cleanIsbn, normalizeIsbn } from '@shared/domain/isbn';
import type { Db } from '../../server/db/db';
import { findWork } from '../../server/features/catalogue/queries';
import { findWorkByIsbn, searchWorks } from '../../server/features/catalogue/search';
import { publicProfile } from '../../server/features/profiles/public-profile';
import { readingStatsOf } from '../../server/features/reading/stats-events';
import { listWorkReviews } from '../../server/features/reviews/queries';
import { requireOwnShelf } from '../../server/features/shelves/own-shelves';
import { shelfItemsPage } from '../../server/features/shelves/shelf-reads';
import { rng, zipfIndex } from './random';
import { syntheticIsbn } from './synthetic-catalogue';
import type { Population } from './synthetic-readers';
import { ADJECTIVES, FIRST_NAMES, LAST_NAMES, NOUNS, inventedWords } from './word-lists';

export interface BenchRequest {
  endpoint: string;
  body: unknown;
  /** Index of the reader whose token goes along, or null for an anonymous call. */
  user: number | null;
}

export interface Scenario {
  name: string;
  request(i: number): BenchRequest;
  /** The handler's SQL, straight against the database; reads only. */
  direct?: (db: Db, i: number) => Promise<unknown>;
}

const at = <T>(list: readonly T[], i: number): T => list[i % list.length] as T;

async function sessionCheck(db: Db, population: Population, user: number) {
  const u = population.users[user];
  if (!u) throw new Error(`no reader ${user}`);
  await db.query('select 1 from auth.sessions where id = $1 and user_id = $2', [u.sessionId, u.id]);
  return u.id;
}

export const SEARCH_QUERIES = {
  common: ['river', 'silent', 'house', 'night', 'garden', 'shadow', 'king', 'the lost'],
  phrase: [
    '"the silent river"',
    'hidden garden',
    'pride and prejudice',
    'lord of the rings',
    'crimson queen',
  ],
  misspelling: ['prejudise', 'wuthering hieghts', 'tolkein', 'dostoyevski', 'the silnet rivr'],
};

function searchScenario(name: string, queries: string[]): Scenario {
  return {
    name,
    request: (i) => ({ endpoint: 'search-works', body: { query: at(queries, i) }, user: null }),
    direct: (db, i) => searchWorks(db, at(queries, i)),
  };
}

/**
 * 20,000 distinct searches of every kind readers type: title words, two-word titles, quoted titles, author
 * names, rare names from the long tail and misspelt words, shuffled so that no kind is more popular than
 * another. Asked with Zipf popularity (the k-th most popular query about 1/k as often as the first), as
 * search logs are, so a result cache meets many queries once and a few often: not the five queries of a
 * per-kind scenario again and again.
 */
export function zipfSearchQueries(lexicon: readonly string[], size = 20_000): string[] {
  const rand = rng(2026);
  const swapped = (w: string) => (w.length < 4 ? w : `${w.slice(0, 1)}${w[2]}${w[1]}${w.slice(3)}`);
  const pool = new Set<string>();
  for (const word of [...ADJECTIVES, ...NOUNS]) pool.add(word).add(swapped(word));
  for (const noun of NOUNS) pool.add(`the ${noun}`);
  for (const adjective of ADJECTIVES) {
    for (const noun of NOUNS) {
      pool.add(`${adjective} ${noun}`);
      if (rand() < 0.2) pool.add(`"the ${adjective} ${noun}"`);
    }
  }
  for (const first of FIRST_NAMES) for (const last of LAST_NAMES) pool.add(`${first} ${last}`.toLowerCase());
  for (const word of lexicon) {
    if (pool.size >= size) break;
    pool.add(word.toLowerCase());
  }
  const queries = [...pool].slice(0, size);
  for (let i = queries.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [queries[i], queries[j]] = [queries[j] as string, queries[i] as string];
  }
  return queries;
}

export function buildScenarios(population: Population, works: number, coversBase: string): Scenario[] {
  // Invented words of middling rank: each is in a few dozen titles of a large catalogue.
  const lexicon = inventedWords(Math.max(1000, Math.min(200_000, Math.floor(works / 5))));
  const rare = [100, 150, 300, 500, 800].map((r) =>
    (lexicon[Math.min(r, lexicon.length - 1)] as string).toLowerCase(),
  );
  const isbns = ['9780141439518', '978-0-14-143951-8', '0141439513'];
  const synthetic = Math.floor(works * 1.4);
  for (let k = 1; k <= 7; k++) isbns.push(syntheticIsbn(1 + Math.floor((synthetic * k) / 8)));
  const { users, bigShelves, reading, reviewedWorks, popularWorks } = population;
  const reviewers = users.length;

  const zipfQueries = zipfSearchQueries(lexicon);
  const zipfRand = rng(5);
  const zipfOrder = Array.from(
    { length: 100_003 },
    () => zipfQueries[zipfIndex(zipfQueries.length, zipfRand())] as string,
  );
  const scenarios: Scenario[] = [
    searchScenario('search-works: common word', SEARCH_QUERIES.common),
    searchScenario('search-works: rare word', rare),
    searchScenario('search-works: phrase', SEARCH_QUERIES.phrase),
    searchScenario('search-works: misspelling', SEARCH_QUERIES.misspelling),
    {
      name: 'search-works: ISBN',
      request: (i) => ({ endpoint: 'search-works', body: { query: at(isbns, i) }, user: null }),
      direct: (db, i) => findWorkByIsbn(db, normalizeIsbn(cleanIsbn(at(isbns, i))) as string),
    },
    searchScenario('search-works: Zipf mix of 20,000 queries', zipfOrder),
    {
      name: 'work-details',
      request: (i) => ({ endpoint: 'work-details', body: { work_id: at(popularWorks, i * 7) }, user: null }),
      direct: (db, i) => findWork(db, at(popularWorks, i * 7)),
    },
    {
      name: 'work-reviews',
      request: (i) => ({ endpoint: 'work-reviews', body: { work_id: at(reviewedWorks, i) }, user: null }),
      direct: (db, i) => listWorkReviews(db, at(reviewedWorks, i), null),
    },
  ];
  for (const [label, deep] of [
    ['first page', false],
    ['last page of 10,000', true],
  ] as const) {
    scenarios.push({
      name: `get-shelf-items: ${label}`,
      request: (i) => {
        const s = at(bigShelves, i);
        return {
          endpoint: 'get-shelf-items',
          body: { shelf_id: s.shelfId, after: deep ? s.deepAfter : null },
          user: s.user,
        };
      },
      direct: async (db, i) => {
        const s = at(bigShelves, i);
        const userId = await sessionCheck(db, population, s.user);
        const items = await shelfItemsPage(db, s.shelfId, userId, {
          view: 'owner',
          limit: 20,
          after: deep ? s.deepAfter : null,
          coversBase: 'https://covers.openlibrary.org',
          ownerId: userId,
        });
        if (items.length === 0) await requireOwnShelf(db, userId, s.shelfId);
        return items;
      },
    });
  }
  scenarios.push(
    {
      name: 'reading-stats',
      request: (i) => ({
        endpoint: 'reading-stats',
        body: { timezone: 'Europe/Berlin' },
        // Every reader but the heavy one, who has scenarios of their own (reading-scenarios.ts).
        user: i % population.heavyReader,
      }),
      direct: async (db, i) =>
        readingStatsOf(db, await sessionCheck(db, population, i % population.heavyReader), 'Europe/Berlin'),
    },
    {
      name: 'public-profile',
      request: (i) => ({ endpoint: 'public-profile', body: { username: at(users, i).username }, user: null }),
      direct: (db, i) => publicProfile(db, at(users, i).username, coversBase),
    },
    {
      name: 'log-progress-event',
      request: (i) => {
        const r = at(reading, i);
        const end = Math.min(r.pageCount, r.page + (i % 7));
        return {
          endpoint: 'log-progress-event',
          body: {
            work_id: r.workId,
            edition_id: r.editionId,
            event_type: 'progress',
            start_page: r.page,
            end_page: end,
          },
          user: r.user,
        };
      },
    },
    {
      name: 'submit-review',
      request: (i) => ({
        endpoint: 'submit-review',
        body: {
          work_id: at(popularWorks, i * 13),
          rating: 1 + (i % 17) / 4,
          headline: 'Read for the benchmark',
          review_body: 'Steady pacing and a satisfying end.',
          mood_ids: [1 + (i % 10)],
        },
        user: i % reviewers,
      }),
    },
  );
  // Issue 33's writes: progress with a journal line, and shelving. A book moves on from where the plain
  // progress scenario leaves it, so both keep writing real progress; shelving spreads readers over books
  // others are reading (add-to-shelf keeps an edition once per shelf, so a repeat is a cheap no-op write).
  scenarios.push(
    {
      name: 'log-progress-event with a journal line',
      request: (i) => {
        const r = at(reading, i * 7 + 3);
        const start = Math.min(r.pageCount, r.page + (i % 11));
        const end = Math.min(r.pageCount, start + 1 + (i % 5));
        return {
          endpoint: 'log-progress-event',
          body: {
            work_id: r.workId,
            edition_id: r.editionId,
            event_type: 'progress',
            start_page: start,
            end_page: end,
            journal_md: `Pages ${start}-${end}: the plot thickens (${i}).`,
          },
          user: r.user,
        };
      },
    },
    {
      name: 'add-to-shelf',
      request: (i) => {
        const book = at(reading, i * 31 + 5);
        return {
          endpoint: 'add-to-shelf',
          body: { shelf_name: 'To Be Read', edition_id: book.editionId },
          user: i % reviewers,
        };
      },
    },
  );
  // The same mix with every search but the ISBN lookups drawn from the Zipf mix instead of the five queries
  // per kind, whose answers a result cache holds after their first asking.
  const zipf = scenarios.find((s) => s.name.startsWith('search-works: Zipf')) as Scenario;
  const isWordSearch = (s: Scenario) => s.name.startsWith('search-works') && s.name !== 'search-works: ISBN';
  scenarios.push(
    mixedScenario(scenarios),
    mixedScenario(scenarios, 'mixed workload, Zipf searches', (s) => (isWordSearch(s) ? zipf : s)),
    mixedScenario(scenarios, 'mixed workload, 30% writes', (s) => s, WRITE_HEAVY_MIX),
  );
  return scenarios;
}

/** Weights of the mixed workload: mostly browsing and searching, some shelf paging, a few writes. */
const MIX: Record<string, number> = {
  'search-works: common word': 8,
  'search-works: rare word': 8,
  'search-works: phrase': 6,
  'search-works: misspelling': 3,
  'search-works: ISBN': 3,
  'work-details': 20,
  'work-reviews': 12,
  'get-shelf-items: first page': 10,
  'get-shelf-items: last page of 10,000': 5,
  'reading-stats': 5,
  'public-profile': 10,
  'log-progress-event': 7,
  'submit-review': 3,
};

/** The writes of MIX: reads are everything else. */
const MIX_WRITES = ['log-progress-event', 'submit-review'];
/**
 * Issue 33's write-heavy mix: MIX's reads with their weights (90 in all), and writes weighing 39 of 129,
 * so 30% of requests write: progress with a journal line, shelving and reviews.
 */
const WRITE_HEAVY_MIX: Record<string, number> = {
  ...Object.fromEntries(Object.entries(MIX).filter(([name]) => !MIX_WRITES.includes(name))),
  'log-progress-event with a journal line': 20,
  'add-to-shelf': 11,
  'submit-review': 8,
};

/**
 * The scenarios by the weights (MIX unless given), in one fixed random order. `substitute` swaps a picked
 * scenario for another, keeping the order and the weights.
 */
function mixedScenario(
  scenarios: Scenario[],
  name = 'mixed workload',
  substitute = (picked: Scenario) => picked,
  weights: Record<string, number> = MIX,
): Scenario {
  const table: Scenario[] = [];
  for (const s of scenarios) for (let w = 0; w < (weights[s.name] ?? 0); w++) table.push(substitute(s));
  const rand = rng(99);
  const order = Array.from({ length: 10_007 }, () => table[Math.floor(rand() * table.length)] as Scenario);
  return { name, request: (i) => at(order, i).request(i) };
}

export const MIX_WEIGHTS = MIX;
export const WRITE_HEAVY_WEIGHTS = WRITE_HEAVY_MIX;
