// Discovery in the benchmark (issue 28): the generated readers' last month becomes activity lines (the load
// turns triggers off, so migration 0121's would not have run), the trending job ranks it as on a server,
// and Trending and New Releases are read as a page would read them.
import type { Db } from '../../server/db/db';
import { newReleases } from '../../server/features/discovery/new-releases';
import { refreshTrending } from '../../server/features/discovery/trending-job';
import { trendingWorks } from '../../server/features/discovery/trending';
import type { Scenario } from './scenarios';

/** Activity lines for the last month of generated reading and reviews, then one trending run, timed. */
export async function prepareDiscovery(db: Db, log: (line: string) => void): Promise<void> {
  const started = performance.now();
  await db.query(
    `insert into public.activities (user_id, kind, created_at, is_public, event_id)
     select e.user_id, e.event_type, e.created_at, e.is_public, e.id from public.reading_progress_events e
     where e.event_type in ('start', 'finish', 'dnf') and e.created_at > now() - interval '31 days'
     on conflict do nothing`,
  );
  await db.query(
    `insert into public.activities (user_id, kind, created_at, review_id)
     select r.user_id, 'review', r.created_at, r.id from public.reviews r
     where r.created_at > now() - interval '31 days' on conflict do nothing`,
  );
  const lines = performance.now();
  await refreshTrending(db);
  const [n] = await db.query<{ n: number }>('select count(*)::int as n from public.trending_works');
  log(
    `discovery: activity lines in ${((lines - started) / 1000).toFixed(1)} s; ` +
      `trending job ${((performance.now() - lines) / 1000).toFixed(1)} s (${n?.n ?? 0} ranked rows)`,
  );
}

/** Genre ids 1..GENRES_ROTATED: the catalogue's first genres, which every generated catalogue has. */
const GENRES_ROTATED = 10;
const genreOf = (i: number) => 1 + (i % GENRES_ROTATED);
const COVERS = 'http://localhost';

export function discoveryScenarios(): Scenario[] {
  return [
    {
      name: 'discovery trending-works: this week',
      request: () => ({ endpoint: 'trending-works', body: { period: 'week' }, user: null }),
      direct: (db) => trendingWorks(db, { period: 'week', limit: 24 }, COVERS),
    },
    {
      name: 'discovery trending-works: a genre this month',
      request: (i) => ({
        endpoint: 'trending-works',
        body: { period: 'month', genre_id: genreOf(i) },
        user: null,
      }),
      direct: (db, i) => trendingWorks(db, { period: 'month', genre_id: genreOf(i), limit: 24 }, COVERS),
    },
    {
      name: 'discovery new-releases',
      request: () => ({ endpoint: 'new-releases', body: {}, user: null }),
      direct: (db) => newReleases(db, { limit: 24 }, COVERS),
    },
    {
      name: 'discovery new-releases: a genre',
      request: (i) => ({ endpoint: 'new-releases', body: { genre_id: genreOf(i) }, user: null }),
      direct: (db, i) => newReleases(db, { genre_id: genreOf(i), limit: 24 }, COVERS),
    },
  ];
}
