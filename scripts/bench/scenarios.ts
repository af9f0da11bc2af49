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
import { rng } from './random';
import { syntheticIsbn } from './synthetic-catalogue';
import type { Population } from './synthetic-readers';
import { inventedWords } from './word-lists';

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
        await requireOwnShelf(db, userId, s.shelfId);
        return shelfItemsPage(db, s.shelfId, userId, {
          view: 'owner',
          limit: 20,
          after: deep ? s.deepAfter : null,
          coversBase: 'https://covers.openlibrary.org',
        });
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
  scenarios.push(mixedScenario(scenarios));
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

function mixedScenario(scenarios: Scenario[]): Scenario {
  const table: Scenario[] = [];
  for (const s of scenarios) for (let w = 0; w < (MIX[s.name] ?? 0); w++) table.push(s);
  const rand = rng(99);
  const order = Array.from({ length: 10_007 }, () => table[Math.floor(rand() * table.length)] as Scenario);
  return { name: 'mixed workload', request: (i) => at(order, i).request(i) };
}

export const MIX_WEIGHTS = MIX;
