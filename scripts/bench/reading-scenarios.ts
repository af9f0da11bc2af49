// Issue 15: stats, goals, the streak and the insights of the heavy reader (1,000 books, about 5,000 events
// over five years; synthetic-readers.ts). The direct timing runs the very handler the API runs, after the
// same session check, so API/DB compares like with like whatever the handler does inside (load and
// compute, or answer kept figures). reading-insights is asked only where the server has it, so the same
// file measures a checkout from before the endpoint existed.
import { endpoints } from '@shared/api/endpoints';
import type { Db } from '../../server/db/db';
import { goalsHandlers } from '../../server/features/goals/handlers';
import { readingHandlers } from '../../server/features/reading/handlers';
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
