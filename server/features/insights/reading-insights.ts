// reading-insights (issue 15): the figures of shared/domain/reading-insights.ts for one period, from the
// reader's own events (private ones included), reviews and goals and the catalogue details of the books
// finished in the period. Kept per reader like stats (./summary-cache.ts); the community averages, which
// move with other readers' reviews, are kept apart and read again after any review is written.
import type {
  InsightOwnReview,
  InsightsPeriod,
  InsightWork,
  ReadingInsights,
} from '@shared/domain/reading-insights';
import { computeReadingInsights, ratingInsights } from '@shared/domain/reading-insights';
import { localDay, yearOf } from '@shared/domain/local-day';
import type { GoalType } from '@shared/domain/reading-stats';
import type { Queryable } from '../../db/db';
import { coverUrl } from '../../db/cover-url';
import { loadStatsEvents } from '../reading/stats-events';
import { cachedSummary } from './summary-cache';

/**
 * Community figures of kept insights, with the review counter (migration 0061) they were read at and when.
 * The counter is read before the averages, so a review committed meanwhile moves it past the kept value.
 * The counter advances when a review is written, which can be just before that review commits, so a
 * computation in between could keep the older averages under the newer counter: COMMUNITY_MAX_AGE_MS
 * bounds that case.
 */
const COMMUNITY_MAX_AGE_MS = 60_000;
const communityKept = new WeakMap<
  KeptInsights,
  { counter: string; at: number; ratings: ReadingInsights['ratings'] }
>();

async function communityRatings(db: Queryable, kept: KeptInsights): Promise<ReadingInsights['ratings']> {
  const [{ counter }] = (await db.query<{ counter: string }>(
    'select last_value::text as counter from public.review_ratings_changes',
  )) as [{ counter: string }];
  const known = communityKept.get(kept);
  if (known && known.counter === counter && Date.now() - known.at < COMMUNITY_MAX_AGE_MS)
    return known.ratings;
  const community = kept.workIds.length
    ? await db.query<{ id: string; average: number }>(
        `select id, (rating_sum / rating_count)::float8 as average
         from public.works where id = any($1::uuid[]) and rating_count > 0`,
        [kept.workIds],
      )
    : [];
  const ratings = ratingInsights(
    kept.myRatings,
    kept.workIds,
    new Map(community.map((c) => [c.id, c.average])),
  );
  communityKept.set(kept, { counter, at: Date.now(), ratings });
  return ratings;
}

interface KeptInsights {
  insights: ReadingInsights;
  /** The period's books and the reader's ratings of them, for the community comparison. */
  workIds: string[];
  myRatings: { rating: number }[];
}

async function computeKept(
  db: Queryable,
  userId: string,
  period: InsightsPeriod,
  timeZone: string,
  now: Date,
  publicUrl: string,
): Promise<KeptInsights> {
  const events = await loadStatsEvents(db, userId);
  const inPeriod = (at: string) => period === 'all' || yearOf(localDay(at, timeZone)) === period;
  const finished = events.filter((e) => e.event_type === 'finish' && inPeriod(e.created_at));
  const workIds = [...new Set(finished.map((e) => e.work_id))];
  const editionIds = [...new Set(finished.map((e) => e.edition_id))];

  const [works, editions, reviews, goals] = await Promise.all([
    db.query<{ id: string } & InsightWork>(
      `select w.id, w.title,
              coalesce((select array_agg(g.name order by g.name) from public.work_genres wg
                        join public.genres g on g.id = wg.genre_id where wg.work_id = w.id), '{}') as genres,
              coalesce((select json_agg(json_build_object('id', a.id, 'name', a.name) order by wa.position, a.name)
                        from public.work_authors wa join public.authors a on a.id = wa.author_id
                        where wa.work_id = w.id), '[]') as authors
       from public.works w where w.id = any($1::uuid[])`,
      [workIds],
    ),
    db.query<{ id: string; cover_url: string | null; isbn: string | null }>(
      'select id, cover_url, isbn from public.editions where id = any($1::uuid[])',
      [editionIds],
    ),
    db.query<InsightOwnReview>(
      `select work_id, rating::float8 as rating, tone_q, pace_q, story_focus_q, moods
       from public.reviews where user_id = $1`,
      [userId],
    ),
    period === 'all'
      ? Promise.resolve([])
      : db.query<{ goal_type: GoalType; target_qty: number }>(
          'select goal_type, target_qty from public.reading_goals where user_id = $1 and goal_year = $2',
          [userId, period],
        ),
  ]);

  const insights = computeReadingInsights({
    events,
    works: new Map(works.map((w) => [w.id, w])),
    covers: new Map(editions.map((e) => [e.id, coverUrl(e.cover_url, e.isbn, publicUrl)])),
    reviews,
    goals,
    communityAverages: new Map(),
    timeZone,
    period,
    now,
  });
  const books = new Set(workIds);
  return { insights, workIds, myRatings: reviews.filter((r) => books.has(r.work_id)) };
}

export async function readingInsights(
  db: Queryable,
  userId: string,
  input: { period: InsightsPeriod; timezone: string },
  now: Date,
  publicUrl: string,
): Promise<ReadingInsights> {
  const { period, timezone } = input;
  const today = localDay(now, timezone);
  const kept = await cachedSummary(
    db,
    userId,
    `insights\u0000${timezone}\u0000${period}\u0000${today}`,
    () => computeKept(db, userId, period, timezone, now, publicUrl),
    (k) => JSON.stringify(k).length,
  );
  const ratings = await communityRatings(db, kept);
  return { ...kept.insights, ratings };
}
