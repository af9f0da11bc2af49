// The trending job (issue 28): a recurring durable job (one waiting row, whichever instance claims it) that
// ranks works by their recent public activity and stores the top of each period and genre in
// public.trending_works (migration 0150), so Trending and the landing page read a stored ranking. The score
// is shared/domain/trending.ts's, computed here in SQL from the same constants.
import { HALF_LIFE_DAYS, PERIOD_DAYS, TREND_WEIGHTS, TRENDING_PERIODS } from '@shared/domain/trending';
import type { TrendingPeriod } from '@shared/domain/trending';
import type { Db, Queryable } from '../../db/db';
import type { JobHandler } from '../../jobs/job-runner';
import { isPublicAccount } from '../profiles/public-account';

export const TRENDING_JOB = 'discovery.trending';
/** Ranks kept per period and genre: more than anyone pages through, few enough that a refresh is cheap. */
export const TRENDING_KEEP = 200;

/**
 * One period's ranking. Acts are the readers' public activity lines (migration 0121: imports and private
 * events are not among them, and a line turned private says so), counted once per reader, kind and work at
 * the reader's latest; only confirmed accounts count (an unconfirmed one is no one, as everywhere else),
 * and only verified works are ranked.
 */
const RANK_SQL = `
with acts as (
  select a.user_id, case a.kind when 'review' then 'review' when 'finish' then 'finish' else 'start' end as kind,
         a.created_at as at, coalesce(ev.work_id, rv.work_id) as work_id
  from public.activities a
  left join public.reading_progress_events ev on ev.id = a.event_id
  left join public.reviews rv on rv.id = a.review_id
  where a.is_public and a.kind in ('start', 'finish', 'review')
    and a.created_at > now() - make_interval(days => $2) and a.created_at <= now()
  union all
  select a.user_id, 'shelve', a.created_at, ed.work_id
  from public.activities a
  cross join lateral unnest(a.edition_ids) as shelved (edition_id)
  join public.editions ed on ed.id = shelved.edition_id
  where a.is_public and a.kind = 'shelved'
    and a.created_at > now() - make_interval(days => $2) and a.created_at <= now()
),
latest as (
  select work_id, user_id, kind, max(at) as at from acts group by work_id, user_id, kind
),
counted as (
  select l.* from latest l where ${isPublicAccount('l.user_id')}
),
scored as (
  select c.work_id,
         sum((case c.kind when 'finish' then $4::float8 when 'review' then $5::float8
                          when 'start' then $6::float8 else $7::float8 end)
             * power(0.5, extract(epoch from now() - c.at) / ($3::float8 * 86400))) as score,
         count(*) filter (where c.kind = 'start')::int as start_readers,
         count(*) filter (where c.kind = 'finish')::int as finish_readers,
         count(*) filter (where c.kind = 'review')::int as review_readers,
         count(*) filter (where c.kind = 'shelve')::int as shelve_readers
  from counted c join public.works w on w.id = c.work_id and w.verified
  group by c.work_id
),
spread as (
  select 0 as genre_id, s.* from scored s
  union all
  select g.genre_id, s.* from scored s join public.work_genres g on g.work_id = s.work_id
),
ranked as (
  select sp.*, row_number() over (partition by sp.genre_id order by sp.score desc, sp.work_id) as rank
  from spread sp
)
insert into public.trending_works (period, genre_id, rank, work_id, score,
                                   start_readers, finish_readers, review_readers, shelve_readers)
select $1, genre_id, rank, work_id, score, start_readers, finish_readers, review_readers, shelve_readers
from ranked where rank <= $8`;

async function rankPeriod(tx: Queryable, period: TrendingPeriod): Promise<void> {
  await tx.query('delete from public.trending_works where period = $1', [period]);
  await tx.query(RANK_SQL, [
    period,
    PERIOD_DAYS[period],
    HALF_LIFE_DAYS,
    TREND_WEIGHTS.finish,
    TREND_WEIGHTS.review,
    TREND_WEIGHTS.start,
    TREND_WEIGHTS.shelve,
    TRENDING_KEEP,
  ]);
  await tx.query(
    `insert into public.trending_refreshes (period, refreshed_at) values ($1, now())
     on conflict (period) do update set refreshed_at = excluded.refreshed_at`,
    [period],
  );
}

/** Recomputes every period, each in its own transaction (readers see one whole ranking or the other). */
export async function refreshTrending(db: Db): Promise<void> {
  for (const period of TRENDING_PERIODS) await db.transaction((tx) => rankPeriod(tx, period));
}

export const trendingJob =
  (deps: { db: Db }): JobHandler =>
  () =>
    refreshTrending(deps.db);
