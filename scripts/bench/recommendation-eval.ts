// Offline evaluation of Recommended (issue 28): leave-one-out on the bench's generated readers, who have real
// tastes (reader-tastes.ts). For every reader with at least two liked books (4 stars or more), one liked
// book is hidden: its review, reading events and shelf items are deleted before the shared tables are built,
// so neither the reader's own list nor the community's data knows of it. Then the real recommender (the
// similarity job's rebuildAll and the reader job's computeRecommendations, not a copy) ranks each reader's
// top ten, as do two baselines over the same popular lists and the same exclusions:
//  - most popular: the overall well-rated-and-popular list (popular_works, genre 0);
//  - most popular in the reader's genres: each genre's popular list, weighted by the share of the reader's
//    remaining liked books in that genre.
// Hit rate @10: the share of readers whose hidden book is in the top ten. NDCG @10 with one relevant book:
// 1 / log2(1 + its rank) when it is there, else 0, averaged.
//
//   tsx scripts/bench/recommendation-eval.ts [--works 20000] [--readers 2000] [--postgres URL]
import { parseArgs } from 'node:util';
import type { Db } from '../../server/db/db';
import { migrate } from '../../server/db/migrate';
import { computeRecommendations } from '../../server/features/recommendations/reader-refresh';
import { rebuildAll } from '../../server/features/recommendations/similarity-job';
import { createBenchDatabase } from './bench-database';
import { rng } from './random';
import { generateCatalogue } from './synthetic-catalogue';
import { generateReaders } from './synthetic-readers';

const TOP = 10;

interface Hidden {
  userId: string;
  workId: string;
}

export interface RankerFigures {
  hitRate: number;
  ndcg: number;
}

/** Hides one liked book per reader who has two or more; answers what was hidden. */
async function hideOneLikedBook(db: Db, seed: number): Promise<Hidden[]> {
  const rand = rng(seed);
  const liked = await db.query<{ user_id: string; works: string[] }>(
    `select user_id, array_agg(work_id order by work_id) as works from public.reviews where rating >= 4
     group by user_id having count(*) >= 2 order by user_id`,
  );
  const hidden = liked.map((r) => ({
    userId: r.user_id,
    workId: r.works[Math.floor(rand() * r.works.length)] as string,
  }));
  const users = hidden.map((h) => h.userId);
  const works = hidden.map((h) => h.workId);
  const pairs = `select * from unnest($1::uuid[], $2::uuid[]) as h (user_id, work_id)`;
  await db.transaction(async (tx) => {
    await tx.query(
      `delete from public.reviews r using (${pairs}) h where r.user_id = h.user_id and r.work_id = h.work_id`,
      [users, works],
    );
    await tx.query(
      `delete from public.reading_progress_events e using (${pairs}) h
       where e.user_id = h.user_id and e.work_id = h.work_id`,
      [users, works],
    );
    await tx.query(
      `delete from public.shelf_items si using public.shelves s, (${pairs}) h
       where s.id = si.shelf_id and s.user_id = h.user_id and si.work_id = h.work_id`,
      [users, works],
    );
    // The deletes asked for reader refreshes; nothing runs the queue here.
    await tx.query(`delete from jobs.queue where kind = 'recommendations.reader'`);
  });
  return hidden;
}

/** Every work each evaluated reader has touched (shelved, logged, reviewed): no ranker may offer them. */
async function touchedWorks(db: Db, users: string[]): Promise<Map<string, Set<string>>> {
  const rows = await db.query<{ user_id: string; work_id: string }>(
    `select s.user_id, si.work_id from public.shelf_items si join public.shelves s on s.id = si.shelf_id
     where s.user_id = any($1::uuid[])
     union select user_id, work_id from public.reading_progress_events where user_id = any($1::uuid[])
     union select user_id, work_id from public.reviews where user_id = any($1::uuid[])`,
    [users],
  );
  const touched = new Map<string, Set<string>>();
  for (const r of rows) {
    const set = touched.get(r.user_id) ?? new Set<string>();
    set.add(r.work_id);
    touched.set(r.user_id, set);
  }
  return touched;
}

/** Each evaluated reader's genres: the share of their remaining liked books in each. */
async function readerGenres(db: Db, users: string[]): Promise<Map<string, Map<number, number>>> {
  const rows = await db.query<{ user_id: string; genre_id: number; share: number }>(
    `select r.user_id, g.genre_id,
            count(*)::float8 / sum(count(*)) over (partition by r.user_id) as share
     from public.reviews r join public.work_genres g on g.work_id = r.work_id
     where r.user_id = any($1::uuid[]) and r.rating >= 4
     group by r.user_id, g.genre_id`,
    [users],
  );
  const genres = new Map<string, Map<number, number>>();
  for (const r of rows) {
    const map = genres.get(r.user_id) ?? new Map<number, number>();
    map.set(Number(r.genre_id), Number(r.share));
    genres.set(r.user_id, map);
  }
  return genres;
}

function score(rankings: { hidden: string; top: string[] }[]): RankerFigures {
  let hits = 0;
  let gain = 0;
  for (const { hidden, top } of rankings) {
    const at = top.indexOf(hidden);
    if (at >= 0) {
      hits++;
      gain += 1 / Math.log2(at + 2);
    }
  }
  return { hitRate: hits / rankings.length, ndcg: gain / rankings.length };
}

export interface EvaluationFigures {
  works: number;
  readers: number;
  evaluated: number;
  rebuildSeconds: number;
  recommendSecondsPerReader: number;
  recommender: RankerFigures;
  mostPopular: RankerFigures;
  popularInGenres: RankerFigures;
}

export async function evaluateRecommendations(
  db: Db,
  { works, readers, log }: { works: number; readers: number; log: (line: string) => void },
): Promise<EvaluationFigures> {
  await migrate(db);
  await generateCatalogue(db, { works, log });
  await generateReaders(db, readers);
  await db.query('analyze');
  const hidden = await hideOneLikedBook(db, 11);
  log(`eval: ${hidden.length} readers with a hidden liked book`);

  let started = performance.now();
  await rebuildAll(db);
  const rebuildSeconds = (performance.now() - started) / 1000;
  log(`eval: shared tables rebuilt in ${rebuildSeconds.toFixed(1)} s`);

  const users = hidden.map((h) => h.userId);
  const touched = await touchedWorks(db, users);
  const genres = await readerGenres(db, users);
  const popular = await db.query<{ genre_id: number; work_id: string; score: number }>(
    'select genre_id, work_id, score from public.popular_works order by genre_id, rank',
  );
  const overall = popular.filter((p) => Number(p.genre_id) === 0);

  const ours: { hidden: string; top: string[] }[] = [];
  const byPopularity: typeof ours = [];
  const byGenre: typeof ours = [];
  started = performance.now();
  for (const [i, h] of hidden.entries()) {
    const mine = touched.get(h.userId) ?? new Set<string>();
    const ranked = await computeRecommendations(db, h.userId);
    ours.push({ hidden: h.workId, top: ranked.slice(0, TOP).map((r) => r.work_id) });
    byPopularity.push({
      hidden: h.workId,
      top: overall
        .filter((p) => !mine.has(p.work_id))
        .slice(0, TOP)
        .map((p) => p.work_id),
    });
    const weights = genres.get(h.userId) ?? new Map<number, number>();
    const best = new Map<string, number>();
    for (const p of popular) {
      const weight = weights.get(Number(p.genre_id));
      if (!weight || mine.has(p.work_id)) continue;
      best.set(p.work_id, Math.max(best.get(p.work_id) ?? 0, weight * Number(p.score)));
    }
    byGenre.push({
      hidden: h.workId,
      top: [...best.entries()]
        .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
        .slice(0, TOP)
        .map(([w]) => w),
    });
    if ((i + 1) % 500 === 0) log(`eval: ${i + 1} / ${hidden.length} readers ranked`);
  }
  const recommendSecondsPerReader = (performance.now() - started) / 1000 / Math.max(1, hidden.length);
  return {
    works,
    readers,
    evaluated: hidden.length,
    rebuildSeconds,
    recommendSecondsPerReader,
    recommender: score(ours),
    mostPopular: score(byPopularity),
    popularInGenres: score(byGenre),
  };
}

async function main() {
  const { values } = parseArgs({
    options: {
      works: { type: 'string', default: '20000' },
      readers: { type: 'string', default: '2000' },
      postgres: { type: 'string' },
    },
  });
  const works = Number(values.works);
  const readers = Number(values.readers);
  const bench = await createBenchDatabase(values.postgres ? 'postgres' : 'pglite', values.postgres ?? '');
  const db = await bench.open();
  try {
    const figures = await evaluateRecommendations(db, { works, readers, log: console.log });
    const line = (name: string, f: RankerFigures) =>
      `${name.padEnd(34)} hit rate @10 ${f.hitRate.toFixed(4)}   NDCG @10 ${f.ndcg.toFixed(4)}`;
    const better = Math.max(figures.mostPopular.hitRate, figures.popularInGenres.hitRate);
    console.log(
      [
        `${figures.works} works, ${figures.readers} readers, ${figures.evaluated} evaluated (one liked book hidden each)`,
        line('recommender', figures.recommender),
        line('most popular', figures.mostPopular),
        line("most popular in the reader's genres", figures.popularInGenres),
        `recommender / better baseline (hit rate): ${(figures.recommender.hitRate / better).toFixed(2)}x`,
        `rebuild ${figures.rebuildSeconds.toFixed(1)} s; ${(figures.recommendSecondsPerReader * 1000).toFixed(0)} ms per reader's list`,
      ].join('\n'),
    );
  } finally {
    await db.close();
    await bench.drop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) void main();
