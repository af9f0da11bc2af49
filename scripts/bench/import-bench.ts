// The import figures of issue 14: a generated 5,000-row Goodreads file imported through the real server
// on PGlite with Open Library unreachable (the server's OPENLIBRARY_URL points at a closed port), timed
// from import-library to state 'done'; and another reader's search-works p50/p95, sequential, with the
// server idle and again while the import runs. Run alone with `npx tsx scripts/bench/import-bench.ts
// [--rows N] [--works N]`, or as part of `npm run bench` (run.ts appends its section to the report).
import { parseArgs } from 'node:util';
import { migrate } from '../../server/db/migrate';
import { loadDemoCatalogue, seedCatalogue } from '../../server/db/seed/catalogue';
import { createBenchDatabase } from './bench-database';
import { generateGoodreadsCsv } from './goodreads-file';
import { SEARCH_QUERIES } from './scenarios';
import { startServer } from './server-process';
import { percentile } from './stats';
import { generateCatalogue } from './synthetic-catalogue';
import { generateReaders } from './synthetic-readers';
import { benchAuth, mintTokens } from './tokens';

export interface ImportFigures {
  rows: number;
  works: number;
  importSeconds: number;
  outcomes: { matched: number; created: number; skipped: number; failed: number };
  searchIdle: { p50: number; p95: number; n: number };
  searchDuring: { p50: number; p95: number; n: number };
}

const QUERIES = [...SEARCH_QUERIES.common, ...SEARCH_QUERIES.phrase];

interface Answer {
  import_id: string;
  state: string;
  error: string | null;
  matched: number;
  created: number;
  skipped: number;
  failed: number;
}

/** One /sf/ call; the fields the bench reads (import-library, import-status) or none (search-works). */
async function post(base: string, name: string, body: unknown, token: string): Promise<Answer> {
  const res = await fetch(`${base}/sf/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as Answer;
  if (!res.ok) throw new Error(`${name} answered ${res.status}: ${JSON.stringify(json)}`);
  return json;
}

/** Sequential searches until `until()` says stop (and at least `min` of them); their latencies in ms. */
async function searchLoop(base: string, token: string, until: () => boolean, min: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; times.length < min || !until(); i++) {
    const t0 = performance.now();
    await post(base, 'search-works', { query: QUERIES[i % QUERIES.length] }, token);
    times.push(performance.now() - t0);
  }
  return times;
}

const summary = (times: number[]) => ({
  p50: percentile(times, 50),
  p95: percentile(times, 95),
  n: times.length,
});

export async function benchImport(
  options: { rows?: number; works?: number } = {},
  log: (line: string) => void = console.log,
): Promise<ImportFigures> {
  const rows = options.rows ?? 5000;
  const works = options.works ?? 20_000;
  const bench = await createBenchDatabase('pglite', '');
  try {
    const db = await bench.open();
    let knownIsbns: string[];
    let users;
    try {
      await migrate(db);
      await seedCatalogue(db, await loadDemoCatalogue());
      await generateCatalogue(db, { works, log });
      users = (await generateReaders(db, 2)).users;
      knownIsbns = (
        await db.query<{ isbn: string }>(
          'select isbn from public.editions where isbn is not null order by isbn limit 2000',
        )
      ).map((r) => r.isbn);
    } finally {
      await db.close();
    }
    const auth = await benchAuth();
    const server = await startServer({ ...bench.serverEnv, ...auth.env });
    try {
      const [importer, searcher] = await mintTokens(auth, users);
      if (!importer || !searcher) throw new Error('no bench readers');
      const content = generateGoodreadsCsv({ rows, knownIsbns });
      await searchLoop(server.base, searcher, () => true, 20); // warm-up
      const idleEnd = performance.now() + 10_000;
      const idle = await searchLoop(server.base, searcher, () => performance.now() > idleEnd, 50);
      log(
        `import: search idle p50 ${percentile(idle, 50).toFixed(1)} p95 ${percentile(idle, 95).toFixed(1)} ms`,
      );

      const t0 = performance.now();
      const { import_id } = await post(
        server.base,
        'import-library',
        { format: 'auto', file_name: 'bench.csv', content },
        importer,
      );
      let done = false;
      let status: Answer | null = null;
      const poller = (async () => {
        while (!done) {
          status = await post(server.base, 'import-status', { import_id, limit: 1 }, importer);
          if (status.state === 'done' || status.state === 'failed') done = true;
          else await new Promise((r) => setTimeout(r, 250));
        }
      })();
      const during = await searchLoop(server.base, searcher, () => done, 10);
      await poller;
      const importSeconds = (performance.now() - t0) / 1000;
      const final = status as Answer | null;
      if (final?.state !== 'done') throw new Error(`the import ended ${final?.state}: ${final?.error}`);
      log(
        `import: ${rows} rows in ${importSeconds.toFixed(1)} s (${final.matched} matched, ${final.created} created, ` +
          `${final.skipped} skipped, ${final.failed} failed); search during p50 ${percentile(during, 50).toFixed(1)} ` +
          `p95 ${percentile(during, 95).toFixed(1)} ms`,
      );
      return {
        rows,
        works,
        importSeconds,
        outcomes: {
          matched: final.matched,
          created: final.created,
          skipped: final.skipped,
          failed: final.failed,
        },
        searchIdle: summary(idle),
        searchDuring: summary(during),
      };
    } finally {
      await server.stop();
    }
  } finally {
    await bench.drop();
  }
}

export function renderImportSection(f: ImportFigures): string {
  const ratio = f.searchDuring.p95 / f.searchIdle.p95;
  return [
    '',
    '## Library import (issue 14)',
    '',
    `A generated ${f.rows.toLocaleString('en-US')}-row Goodreads export imported through the server on PGlite, ` +
      `Open Library unreachable, catalogue of ${f.works.toLocaleString('en-US')} synthetic works plus the demo one.`,
    '',
    '| figure | value |',
    '| --- | --- |',
    `| import time (request to done) | ${f.importSeconds.toFixed(1)} s (${(f.rows / f.importSeconds).toFixed(0)} rows/s) |`,
    `| outcomes | ${f.outcomes.matched} matched, ${f.outcomes.created} created, ${f.outcomes.skipped} skipped, ${f.outcomes.failed} failed |`,
    `| another reader's search-works, idle | p50 ${f.searchIdle.p50.toFixed(1)} ms, p95 ${f.searchIdle.p95.toFixed(1)} ms (n=${f.searchIdle.n}) |`,
    `| the same, during the import | p50 ${f.searchDuring.p50.toFixed(1)} ms, p95 ${f.searchDuring.p95.toFixed(1)} ms (n=${f.searchDuring.n}) |`,
    `| p95 during / idle | ${ratio.toFixed(2)}× (limit 2×) |`,
    '',
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: { rows: { type: 'string', default: '5000' }, works: { type: 'string', default: '20000' } },
  });
  const figures = await benchImport({ rows: Number(values.rows), works: Number(values.works) });
  console.log(renderImportSection(figures));
  process.exit(0);
}
