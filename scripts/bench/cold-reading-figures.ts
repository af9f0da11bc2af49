// The other side of the kept reading figures (issue 15): what stats, goals, the streak and the insights
// cost on the first call after a write, when they are computed again from the heavy reader's ~5,000
// events. Each round logs one progress event in SQL (the triggers bump the reader's version, as any write
// does), then times the handler, then times it again (kept). Straight against the database, no HTTP.
//   npx tsx scripts/bench/cold-reading-figures.ts [pglite|postgres] [rounds]
import { migrate } from '../../server/db/migrate';
import { loadDemoCatalogue, seedCatalogue } from '../../server/db/seed/catalogue';
import { createBenchDatabase } from './bench-database';
import type { DbKind } from './bench-database';
import { withIndexesDeferred } from './bulk-load';
import { readingScenarios } from './reading-scenarios';
import { generateCatalogue } from './synthetic-catalogue';
import { generateReaders } from './synthetic-readers';

const kind = (process.argv[2] ?? 'pglite') as DbKind;
const rounds = Number(process.argv[3] ?? 20);
const postgresUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const quantile = (list: number[], q: number) => {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
};

const bench = await createBenchDatabase(kind, postgresUrl);
const db = await bench.open();
try {
  await migrate(db);
  await seedCatalogue(db, await loadDemoCatalogue());
  await withIndexesDeferred(db, ['works', 'editions'], () =>
    generateCatalogue(db, { works: 5000, log: () => undefined }),
  );
  const population = await generateReaders(db, 10);
  const heavy = population.users[population.heavyReader];
  if (!heavy) throw new Error('no heavy reader');
  const [edition] = await db.query<{ edition_id: string; work_id: string }>(
    'select edition_id, work_id from public.reading_progress_events where user_id = $1 limit 1',
    [heavy.id],
  );
  const events = await db.query<{ n: number }>(
    'select count(*)::int as n from public.reading_progress_events where user_id = $1',
    [heavy.id],
  );
  console.log(`${kind}: heavy reader with ${events[0]?.n} events; ${rounds} rounds`);
  console.log('| call | after a write p50 / p95 ms | kept p50 / p95 ms |');
  console.log('| --- | --: | --: |');
  for (const scenario of await readingScenarios(population, 'http://localhost/covers')) {
    const cold: number[] = [];
    const warm: number[] = [];
    for (let i = 0; i < rounds; i++) {
      await db.query(
        `insert into public.reading_progress_events (user_id, edition_id, work_id, event_type, start_page, end_page)
         values ($1, $2, $3, 'progress', 1, 2)`,
        [heavy.id, edition?.edition_id, edition?.work_id],
      );
      let t = performance.now();
      await scenario.direct?.(db, i);
      cold.push(performance.now() - t);
      t = performance.now();
      await scenario.direct?.(db, i);
      warm.push(performance.now() - t);
    }
    const f = (list: number[]) => `${quantile(list, 0.5).toFixed(1)} / ${quantile(list, 0.95).toFixed(1)}`;
    console.log(`| ${scenario.name} | ${f(cold)} | ${f(warm)} |`);
  }
} finally {
  await db.close();
  await bench.drop();
}
