// Issue 15: stats, goals, the streak and the insights of the heavy reader (1,000 books, about 5,000 events
// over five years; synthetic-readers.ts). The direct timing runs the very handler the API runs, after the
// same session check, so API/DB compares like with like whatever the handler does inside (load and
// compute, or answer kept figures). reading-insights is asked only where the server has it, so the same
// file measures a checkout from before the endpoint existed. Issue 19 adds the heavy reader's shelf pages
// and logging progress, for the side by side with Tome (tome-side-by-side.ts).
import { endpoints } from '@shared/api/endpoints';
import type { Db } from '../../server/db/db';
import { goalsHandlers } from '../../server/features/goals/handlers';
import { readingHandlers } from '../../server/features/reading/handlers';
import { shelvesHandlers } from '../../server/features/shelves/handlers';
import type { Scenario } from './scenarios';
import type { Population } from './synthetic-readers';

const TIMEZONE = 'Europe/Berlin';

type AnyHandler = (input: unknown, ctx: unknown) => Promise<unknown>;

async function handlerOf(name: string): Promise<AnyHandler | null> {
  const areas: Record<string, unknown>[] = [readingHandlers, goalsHandlers];
  if (Object.hasOwn(endpoints, 'reading-insights')) {
    // A path the type checker does not follow, so a checkout without the insights feature still runs.
    const path = '../../server/features/insights/handlers';
    const insights = (await import(path)) as { insightsHandlers: Record<string, unknown> };
    areas.push(insights.insightsHandlers);
  }
  for (const area of areas) if (typeof area[name] === 'function') return area[name] as AnyHandler;
  return null;
}

export async function readingScenarios(population: Population, coversBase: string): Promise<Scenario[]> {
  const reader = population.heavyReader;
  const user = population.users[reader];
  if (!user) return [];
  const year = new Date().getUTCFullYear();
  const asks: { name: string; endpoint: string; body: (i: number) => unknown }[] = [
    { name: 'reading-goals (5,000 events)', endpoint: 'reading-goals', body: () => ({ timezone: TIMEZONE }) },
    {
      name: 'reading-streak (5,000 events)',
      endpoint: 'reading-streak',
      body: () => ({ timezone: TIMEZONE }),
    },
    { name: 'reading-stats (5,000 events)', endpoint: 'reading-stats', body: () => ({ timezone: TIMEZONE }) },
    {
      name: 'reading-insights (5,000 events)',
      endpoint: 'reading-insights',
      // The page's first call (this year) and the period a reader switches to most (all time).
      body: (i) => ({ period: i % 2 === 0 ? year : 'all', timezone: TIMEZONE }),
    },
  ];
  const scenarios: Scenario[] = [];
  for (const ask of asks) {
    const handler = await handlerOf(ask.endpoint);
    if (!handler) continue;
    scenarios.push({
      name: ask.name,
      request: (i) => ({ endpoint: ask.endpoint, body: ask.body(i), user: reader }),
      direct: async (db: Db, i) => {
        await db.query('select 1 from auth.sessions where id = $1 and user_id = $2', [
          user.sessionId,
          user.id,
        ]);
        return handler(ask.body(i), {
          deps: { db, config: { publicUrl: coversBase } },
          user: { userId: user.id },
        });
      },
    });
  }
  return scenarios;
}

/** The heavy reader's shelf of 100 books (heavy-reader-fixture.ts), with its items' sort keys in order. */
export interface HeavyReaderShelf {
  shelfId: string;
  keys: string[];
}

/**
 * Issue 19's shelf pages of the heavy reader's 100-item shelf: the whole shelf in one page (what Tome's shelf
 * view loads), and the shelf in two pages of 50 (Tome's library filtered by the shelf pages by 50).
 */
export function heavyReaderShelfScenarios(population: Population, shelf: HeavyReaderShelf): Scenario[] {
  const reader = population.heavyReader;
  const user = population.users[reader];
  if (!user) return [];
  const pages: { name: string; limit: number; after: string | null }[] = [
    { name: 'shelf of 100: whole shelf', limit: 100, after: null },
    { name: 'shelf of 100: first 50', limit: 50, after: null },
    { name: 'shelf of 100: second 50', limit: 50, after: shelf.keys[49] ?? null },
  ];
  return pages.map((page) => ({
    name: page.name,
    request: () => ({
      endpoint: 'get-shelf-items',
      body: { shelf_id: shelf.shelfId, limit: page.limit, after: page.after },
      user: reader,
    }),
    // The handler itself after the session check, so whatever the handler reads is what is timed.
    direct: async (db: Db) => {
      await db.query('select 1 from auth.sessions where id = $1 and user_id = $2', [user.sessionId, user.id]);
      const handler = shelvesHandlers['get-shelf-items'] as unknown as AnyHandler;
      return handler(
        { shelf_id: shelf.shelfId, limit: page.limit, after: page.after },
        { deps: { db, config: { publicUrl: 'http://127.0.0.1:9/covers' } }, user: { userId: user.id } },
      );
    },
  }));
}

/** A book the heavy reader is reading: where they are in it, and how far it goes. */
export interface BookBeingRead {
  editionId: string;
  workId: string;
  page: number;
  pageCount: number;
}

/**
 * Issue 19's write: request i logs the next page of book i mod n, so each book moves on a page at a time
 * (and stays on its last page once there, still one event per request). A book is asked again only n
 * requests later, so parallel clients never log the same book at once.
 */
export function heavyReaderProgressScenario(population: Population, books: BookBeingRead[]): Scenario {
  return {
    name: 'log progress',
    request: (i) => {
      const book = books[i % books.length] as BookBeingRead;
      const step = Math.floor(i / books.length) + 1;
      const end = Math.min(book.pageCount, book.page + step);
      return {
        endpoint: 'log-progress-event',
        body: {
          work_id: book.workId,
          edition_id: book.editionId,
          event_type: 'progress',
          start_page: Math.max(1, end - 1),
          end_page: end,
        },
        user: population.heavyReader,
      };
    },
  };
}
