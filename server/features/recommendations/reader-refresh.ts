// One reader's recommendations (issue 28), recomputed by a durable job keyed per reader
// (recommendations.reader, asked for by the triggers of migration 0180 after the reader's activity) and
// stored ranked in reader_recommendations, so the page is a lookup. The reader's own activity, public or
// private, informs their own list; what other readers did reaches it only through the public-only shared
// tables (similarity-job.ts). Never recommended: a work the reader shelved, logged, reviewed or marked
// "Not interested", or an unverified work.
import { rankCandidates } from '@shared/domain/recommendation-scoring';
import type { Candidate, ReaderTaste, Seed } from '@shared/domain/recommendation-scoring';
import type { Db, Queryable } from '../../db/db';
import type { JobHandler } from '../../jobs/job-runner';

export const READER_JOB = 'recommendations.reader';
/** Recommendations kept per reader: the page's few screens and the dashboard's top. */
export const READER_KEEP = 60;
/** The reader's books that similar books are looked up from, their most telling first. */
const SEEDS = 50;
/** Similar works read per seed, along work_similarities_rank_idx. */
const SEED_NEIGHBOURS = 30;
/** Popular works read per genre of the reader's top genres, and from every genre. */
const POPULAR_PER_GENRE = 100;
const TOP_GENRES = 4;

/** SQL condition: the reader ($1) has nothing to do with work `w` yet and did not turn it down. */
const UNTOUCHED = (w: string) => `
  not exists (select 1 from public.shelf_items si join public.shelves s on s.id = si.shelf_id
              where s.user_id = $1 and si.work_id = ${w})
  and not exists (select 1 from public.reading_progress_events e where e.user_id = $1 and e.work_id = ${w})
  and not exists (select 1 from public.reviews r where r.user_id = $1 and r.work_id = ${w})
  and not exists (select 1 from public.not_interested_works n where n.user_id = $1 and n.work_id = ${w})`;

interface SeedRow {
  work_id: string;
  title: string;
  rating: string | number | null;
  finished: boolean;
}

async function readerSeeds(q: Queryable, userId: string): Promise<Seed[]> {
  const rows = await q.query<SeedRow>(
    `with mine as (
       select work_id, max(rating) as rating, bool_or(finished) as finished, max(at) as at from (
         select r.work_id, r.rating, false as finished, r.updated_at as at from public.reviews r where r.user_id = $1
         union all
         select e.work_id, null, true, e.created_at from public.reading_progress_events e
         where e.user_id = $1 and e.event_type = 'finish'
       ) x group by work_id
     )
     select m.work_id, w.title, m.rating, m.finished
     from mine m join public.works w on w.id = m.work_id
     order by coalesce(m.rating, 0) desc, m.at desc, m.work_id limit $2`,
    [userId, SEEDS],
  );
  return rows.map((r) => ({
    work_id: r.work_id,
    title: r.title,
    rating: r.rating === null ? null : Number(r.rating),
    finished: r.finished,
  }));
}

/** The reader's genres and moods: from their liked and finished books, their reviews, and their choices. */
async function readerTaste(q: Queryable, userId: string, seeds: Seed[]): Promise<ReaderTaste> {
  const liked = seeds.filter((s) => (s.rating ?? 0) >= 4 || (s.rating === null && s.finished));
  const genreRows = await q.query<{ genre_id: number; n: number }>(
    `select g.genre_id, count(*)::int as n from public.work_genres g where g.work_id = any($1::uuid[])
     group by g.genre_id`,
    [liked.map((s) => s.work_id)],
  );
  const moodRows = await q.query<{ mood: number; n: number }>(
    `select m.mood, count(*)::int as n from public.reviews r cross join lateral unnest(r.moods) as m (mood)
     where r.user_id = $1 and r.rating >= 3.5 group by m.mood`,
    [userId],
  );
  const [choice] = await q.query<{ genre_ids: number[]; moods: number[] }>(
    'select genre_ids, moods from public.reader_taste_choices where user_id = $1',
    [userId],
  );
  const genres = new Map<number, number>();
  const maxGenre = Math.max(1, ...genreRows.map((r) => r.n));
  for (const r of genreRows) genres.set(r.genre_id, r.n / maxGenre);
  for (const g of choice?.genre_ids ?? []) genres.set(g, 1);
  const moods = new Map<number, number>();
  const maxMood = Math.max(1, ...moodRows.map((r) => r.n));
  for (const r of moodRows) moods.set(Number(r.mood), r.n / maxMood);
  for (const m of choice?.moods ?? []) moods.set(Number(m), 1);
  return { history: liked.length, genres, moods };
}

interface CandidateRow {
  work_id: string;
  rating_count: number;
  rating_average: number | null;
  popularity: number | null;
  genre_ids: number[];
  moods: number[] | null;
}

/** Gathers the candidates (similar to a seed, or popular in the reader's genres or overall) and ranks them. */
export async function computeRecommendations(q: Queryable, userId: string) {
  const seeds = await readerSeeds(q, userId);
  const taste = await readerTaste(q, userId, seeds);
  const topGenres = [...taste.genres.entries()]
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .slice(0, TOP_GENRES)
    .map(([g]) => g);
  const links = await q.query<{
    seed_id: string;
    work_id: string;
    score: number;
    co_liked: number;
    co_finished: number;
  }>(
    `select s.work_id as seed_id, n.similar_work_id as work_id, n.score, n.co_liked, n.co_finished
     from unnest($1::uuid[]) as s (work_id)
     cross join lateral (
       select ws.similar_work_id, ws.score, ws.co_liked, ws.co_finished from public.work_similarities ws
       where ws.work_id = s.work_id order by ws.score desc, ws.similar_work_id limit $2) n`,
    [seeds.map((s) => s.work_id), SEED_NEIGHBOURS],
  );
  const rows = await q.query<CandidateRow>(
    `with ids as (
       select unnest($2::uuid[]) as work_id
       union
       select p.work_id from public.popular_works p
       where p.genre_id = any($3::int[] || 0) and p.rank <= $4
     ),
     top as (select max(score) as score from public.popular_works where genre_id = 0)
     select w.id as work_id, w.rating_count,
            case when w.rating_count > 0 then (w.rating_sum / w.rating_count)::float8 end as rating_average,
            (select p.score / nullif(top.score, 0) from public.popular_works p
             where p.genre_id = 0 and p.work_id = w.id limit 1) as popularity,
            array(select g.genre_id from public.work_genres g where g.work_id = w.id) as genre_ids,
            mp.moods
     from ids join public.works w on w.id = ids.work_id and w.verified
     cross join top
     left join public.work_mood_profiles mp on mp.work_id = w.id
     where ${UNTOUCHED('w.id')}`,
    [userId, [...new Set(links.map((l) => l.work_id))], topGenres, POPULAR_PER_GENRE],
  );
  const genreNames = new Map(
    (
      await q.query<{ id: number; name: string }>(
        'select id, name from public.genres where id = any($1::int[])',
        [[...new Set(rows.flatMap((r) => r.genre_ids))]],
      )
    ).map((g) => [g.id, g.name]),
  );
  const seedById = new Map(seeds.map((s) => [s.work_id, s]));
  const candidates: Candidate[] = rows.map((r) => ({
    work_id: r.work_id,
    links: links
      .filter((l) => l.work_id === r.work_id)
      .map((l) => ({
        seed: seedById.get(l.seed_id)!,
        score: Number(l.score),
        co_liked: l.co_liked,
        co_finished: l.co_finished,
      })),
    genre_ids: r.genre_ids,
    genre_names: Object.fromEntries(r.genre_ids.map((g) => [g, genreNames.get(g) ?? ''])),
    moods: (r.moods ?? []).map(Number),
    popularity: Number(r.popularity ?? 0),
    rating_average: r.rating_average === null ? null : Number(r.rating_average),
    rating_count: Number(r.rating_count),
  }));
  return rankCandidates(candidates, taste, READER_KEEP);
}

/** Recomputes and replaces the reader's stored list in one transaction (a reader sees one list or the other). */
export async function refreshReader(db: Db, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const ranked = await computeRecommendations(tx, userId);
    await tx.query('delete from public.reader_recommendations where user_id = $1', [userId]);
    if (ranked.length > 0)
      await tx.query(
        `insert into public.reader_recommendations (user_id, rank, work_id, score, reason)
         select $1, r.rank, r.work_id, r.score, r.reason
         from jsonb_to_recordset($2::jsonb) as r (rank int, work_id uuid, score float8, reason jsonb)`,
        [
          userId,
          JSON.stringify(
            ranked.map((s, i) => ({ rank: i + 1, work_id: s.work_id, score: s.score, reason: s.reason })),
          ),
        ],
      );
    await tx.query(
      `insert into public.reader_recommendation_refreshes (user_id, refreshed_at) values ($1, now())
       on conflict (user_id) do update set refreshed_at = excluded.refreshed_at`,
      [userId],
    );
  });
}

export const readerJob =
  (deps: { db: Db }): JobHandler =>
  async (job) => {
    const userId = job.payload['user_id'];
    if (typeof userId !== 'string') throw new Error('a recommendations.reader job needs a user_id');
    const exists = await deps.db.query('select 1 from auth.users where id = $1', [userId]);
    if (exists.length === 0) return; // the account left since; its rows went with it
    await refreshReader(deps.db, userId);
    // Activity while this ran marked the job to run again: its writes may have come after our reads.
    while (
      (
        await deps.db.query(
          `update jobs.queue set payload = payload - 'again' where id = $1 and payload ? 'again' returning id`,
          [job.id],
        )
      ).length > 0
    )
      await refreshReader(deps.db, userId);
  };
