// The shared side of the recommender (issue 28), rebuilt on a schedule by a recurring durable job: the
// item-to-item table (work_similarities), the community's moods per work (work_mood_profiles) and the
// well-rated-and-popular lists (popular_works). Everything here is built from public signals only: public
// reading events and reviews, of accounts anyone may see (isPublicAccount) - so nothing private of one
// reader changes what another sees. The item-to-item table is cut into shards by work id, each a job of its
// own, so several instances share a rebuild through the queue's leases.
import type { Db, Queryable } from '../../db/db';
import type { JobHandler } from '../../jobs/job-runner';
import { insertJob } from '../../jobs/job-queue';
import { isPublicAccount } from '../profiles/public-account';

export const SIMILARITY_JOB = 'recommendations.similarity';
export const SIMILARITY_SHARD_JOB = 'recommendations.similarity-shard';
/** Similar works kept per work: more than a refresh reads (SEED_NEIGHBOURS), few enough to stay small. */
export const SIMILAR_KEEP = 50;
/** Popular works kept per genre. */
export const POPULAR_KEEP = 200;
/** A reader's public likes/finishes that count (a fixed choice of them), so one reader's thousand books cost no million pairs. */
const SIGNALS_PER_READER = 200;
/**
 * Co-readers at which a pair's similarity counts half: cosine alone gives two books one reader shared (and
 * nobody else read) a perfect 1, so it is damped by co / (co + SIMILARITY_SHRINK) and a pair many readers
 * share outranks a chance one (docs/performance.md measures the difference).
 */
export const SIMILARITY_SHRINK = 5;
/** A mood is the work's when at least this share of its public reviewers picked it. */
const MOOD_SHARE = 1 / 3;

/** Public likes (>= 4 stars) and finishes, one row per reader and work, at most SIGNALS_PER_READER each. */
const SIGNALS_SQL = `
signals as (
  select user_id, work_id, bool_or(liked) as liked, bool_or(finished) as finished from (
    select r.user_id, r.work_id, true as liked, false as finished, r.updated_at as at
    from public.reviews r where r.rating >= 4
    union all
    select e.user_id, e.work_id, false, true, e.created_at
    from public.reading_progress_events e where e.event_type = 'finish' and e.is_public
  ) s
  where ${isPublicAccount('s.user_id')}
  group by user_id, work_id
),
capped as (
  select * from (
    select s.*, row_number() over (partition by s.user_id order by s.work_id) as n from signals s
  ) c where n <= ${SIGNALS_PER_READER}
),
counts as (
  select work_id, count(*)::float8 as readers from capped group by work_id
)`;

/** Rebuilds one shard of work_similarities: the works whose id hashes to `shard` of `of`. */
export async function rebuildSimilarityShard(db: Db, shard: number, of: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('delete from public.work_similarities where mod(abs(hashtext(work_id::text)), $1) = $2', [
      of,
      shard,
    ]);
    await tx.query(
      `with ${SIGNALS_SQL},
       pairs as (
         select a.work_id, b.work_id as similar_work_id,
                count(*) filter (where a.liked and b.liked)::int as co_liked,
                count(*) filter (where a.finished and b.finished)::int as co_finished,
                count(*)::float8 as co
         from capped a join capped b on b.user_id = a.user_id and b.work_id <> a.work_id
         where mod(abs(hashtext(a.work_id::text)), $1) = $2
         group by a.work_id, b.work_id
       ),
       damped as (
         select p.*, p.co / sqrt(ca.readers * cb.readers) * p.co / (p.co + $4::float8) as score
         from pairs p
         join counts ca on ca.work_id = p.work_id
         join counts cb on cb.work_id = p.similar_work_id
         where p.co_liked > 0 or p.co_finished > 0
       ),
       scored as (
         select d.*, row_number() over (partition by d.work_id order by d.score desc, d.similar_work_id) as n
         from damped d
         join public.works w on w.id = d.similar_work_id and w.verified
       )
       insert into public.work_similarities (work_id, similar_work_id, score, co_liked, co_finished)
       select work_id, similar_work_id, score, co_liked, co_finished from scored where n <= $3`,
      [of, shard, SIMILAR_KEEP, SIMILARITY_SHRINK],
    );
  });
}

/** Rebuilds the community's moods per work and the popular lists, each in one transaction. */
export async function rebuildProfiles(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('delete from public.work_mood_profiles');
    await tx.query(
      `with public_reviews as (
         select r.work_id, r.moods from public.reviews r where ${isPublicAccount('r.user_id')}
       ),
       reviewers as (select work_id, count(*)::int as n from public_reviews group by work_id),
       picked as (
         select pr.work_id, m.mood, count(*)::int as n
         from public_reviews pr cross join lateral unnest(pr.moods) as m (mood)
         group by pr.work_id, m.mood
       )
       insert into public.work_mood_profiles (work_id, reviewers, moods)
       select rv.work_id, rv.n,
              coalesce((select array_agg(p.mood order by p.n desc, p.mood) from picked p
                        where p.work_id = rv.work_id and p.n >= rv.n * $1::float8), '{}')
       from reviewers rv`,
      [MOOD_SHARE],
    );
  });
  await db.transaction(async (tx) => {
    await tx.query('delete from public.popular_works');
    // A Bayesian average (ten phantom 3.5-star ratings) times the log of the count: well rated AND popular.
    // Works nobody has rated yet score 0 and follow the rated ones, in their genres' lists only: a new reader
    // who picks a genre on a young catalogue still gets books of it (their reason is the genre, which holds),
    // while the overall list, whose reason is "well rated and popular", names only works that are.
    await tx.query(
      `with scored as (
         select w.id as work_id, w.rating_count > 0 as rated,
                ((w.rating_sum + 35) / (w.rating_count + 10)) * ln(1 + w.rating_count) as score
         from public.works w where w.verified
       ),
       spread as (
         select 0 as genre_id, s.work_id, s.score from scored s where s.rated
         union all
         select g.genre_id, s.work_id, s.score from scored s join public.work_genres g on g.work_id = s.work_id
       ),
       ranked as (
         select sp.*, row_number() over (partition by sp.genre_id order by sp.score desc, sp.work_id) as rank
         from spread sp
       )
       insert into public.popular_works (genre_id, rank, work_id, score)
       select genre_id, rank, work_id, score from ranked where rank <= $1`,
      [POPULAR_KEEP],
    );
  });
}

/** Shards of one item-to-item rebuild: each a job any instance may claim. */
export const SIMILARITY_SHARDS = 8;

/** The recurring job: profiles and popular lists now, the item-to-item shards as jobs of their own. */
export async function startRebuild(db: Db, q: Queryable = db): Promise<void> {
  await rebuildProfiles(db);
  for (let shard = 0; shard < SIMILARITY_SHARDS; shard++)
    await insertJob(q, SIMILARITY_SHARD_JOB, { shard, of: SIMILARITY_SHARDS });
}

/** Everything at once, in this process: for tests and the benchmark. */
export async function rebuildAll(db: Db): Promise<void> {
  await rebuildProfiles(db);
  for (let shard = 0; shard < SIMILARITY_SHARDS; shard++)
    await rebuildSimilarityShard(db, shard, SIMILARITY_SHARDS);
}

export const similarityJob =
  (deps: { db: Db }): JobHandler =>
  () =>
    startRebuild(deps.db);

export const similarityShardJob =
  (deps: { db: Db }): JobHandler =>
  async (job) => {
    const shard = Number(job.payload['shard']);
    const of = Number(job.payload['of']);
    if (!Number.isInteger(shard) || !Number.isInteger(of) || of < 1 || shard < 0 || shard >= of)
      throw new Error(`a similarity shard job needs 0 <= shard < of, not ${JSON.stringify(job.payload)}`);
    await rebuildSimilarityShard(deps.db, shard, of);
  };
