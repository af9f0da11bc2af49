// `npx tsx scripts/bench/catalogue-load-bench.ts [works]` (also part of `npm run bench`): generates an Open
// Library dump of `works` works (1.5 editions each), loads it with `npm run catalogue -- load-openlibrary`
// into a fresh PostgreSQL database (BENCH_POSTGRES_URL's server) on which the demo catalogue is seeded, and
// meanwhile times another reader's search-works, before the load (idle) and during it. Prints the figures.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { writeOpenLibraryDump } from '../catalogue/openlibrary-dump-writer';
import { CpuTally } from './process-cpu';
import { startServer } from './server-process';
import { ADJECTIVES, NOUNS } from './word-lists';

const works = Number((process.argv[2] ?? '1000000').replace(/[_,]/g, ''));
const base = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
// Another reader's searches: an adjective and a noun of the generated titles, a few thousand different
// queries, so the server's answer cache (issue 19) rarely has one and the figure is the database's search
// against the load, idle and during (a cached answer costs well under a millisecond either way).
const randomQuery = () =>
  `${ADJECTIVES[Math.floor(Math.random() * ADJECTIVES.length)]} ${NOUNS[Math.floor(Math.random() * NOUNS.length)]}`;
/** How the loader's database connections are told apart from the server's. */
const LOADER_APP_NAME = 'shelfwise-catalogue-load';
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)] ?? NaN;

export interface CatalogueLoadFigures {
  works: number;
  loadSeconds: number;
  worksPerSecond: number;
  idleP95: number;
  duringP95: number;
  duringSamples: number;
  /** CPU seconds the loader process used; null where /proc cannot tell. */
  loaderCpuSeconds: number | null;
  /** CPU seconds the loader's database connections used (the database on this machine only). */
  databaseCpuSeconds: number | null;
  /** The machine's 1-minute load average as the load began and as it ended (others' work included). */
  loadAverage: [number, number];
}

const cpu = (seconds: number | null) => (seconds === null ? 'unknown' : `${Math.round(seconds)} s`);

export const renderCatalogueLoadSection = (f: CatalogueLoadFigures) =>
  `\n## Open Library dump load (PostgreSQL)\n\n` +
  `${f.works.toLocaleString('en')} works and ${Math.round(f.works * 1.5).toLocaleString('en')} editions in ` +
  `${(f.loadSeconds / 60).toFixed(1)} min (${Math.round(f.worksPerSecond)} works/s); another reader's ` +
  `search-works p95 ${f.idleP95.toFixed(1)} ms idle, ${f.duringP95.toFixed(1)} ms during the load ` +
  `(${f.duringSamples} searches). CPU used: loader ${cpu(f.loaderCpuSeconds)}, its database connections ` +
  `${cpu(f.databaseCpuSeconds)}; machine load average ${f.loadAverage[0].toFixed(1)} at the start, ` +
  `${f.loadAverage[1].toFixed(1)} at the end.\n`;

export async function benchCatalogueLoad(
  workCount: number,
  log: (line: string) => void,
  postgresUrl = base,
): Promise<CatalogueLoadFigures> {
  const dir = await mkdtemp(join(tmpdir(), 'sf-oldump-'));
  // BENCH_DB_PREFIX tells apart the databases of benches run side by side on one server.
  const name = `${process.env.BENCH_DB_PREFIX ?? 'bench'}_oldump_${Date.now()}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  const server = await startServer({ DATABASE_URL: url.toString(), SEED_DEMO: '1' });
  try {
    const { anonKey } = (await (await fetch(`${server.base}/client-config`)).json()) as { anonKey: string };
    let started = performance.now();
    // CATALOGUE_BENCH_DUMP: a dump of `workCount` works generated beforehand by
    // scripts/catalogue/generate-openlibrary-dump.ts (a million works take minutes to generate).
    const given = process.env.CATALOGUE_BENCH_DUMP;
    const paths = given
      ? {
          authors: join(given, 'ol_dump_authors_latest.txt.gz'),
          works: join(given, 'ol_dump_works_latest.txt.gz'),
          editions: join(given, 'ol_dump_editions_latest.txt.gz'),
        }
      : await writeOpenLibraryDump(dir, { works: workCount });
    if (!given) {
      log(`dump of ${workCount} works generated in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    }
    const search = async () => {
      const t = performance.now();
      const q = randomQuery();
      const res = await fetch(`${server.base}/sf/search-works`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${anonKey}` },
        body: JSON.stringify({ query: q }),
      });
      await res.arrayBuffer();
      return performance.now() - t;
    };
    const idle: number[] = [];
    for (let i = 0; i < 200; i += 1) idle.push(await search());
    started = performance.now();
    const loadAverageBefore = loadavg()[0] as number;
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'scripts/catalogue.ts',
        'load-openlibrary',
        paths.authors,
        paths.works,
        paths.editions,
      ],
      {
        env: {
          ...process.env,
          DATABASE_URL: url.toString(),
          CATALOGUE_PROGRESS_MS: '10000',
          PGAPPNAME: LOADER_APP_NAME,
        },
        stdio: 'inherit',
      },
    );
    const exited = new Promise<number | null>((done) => child.on('exit', done));
    let running = true;
    void exited.then(() => (running = false));
    // What the load itself costs: the loader's CPU and that of its database connections (read from /proc
    // while they live; the database must be on this machine for the second).
    const loaderCpu = new CpuTally();
    const databaseCpu = new CpuTally();
    const sampleCpu = async () => {
      if (child.pid) loaderCpu.sample([child.pid]);
      const backends = await admin.query<{ pid: number }>(
        'select pid from pg_stat_activity where datname = $1 and application_name = $2',
        [name, LOADER_APP_NAME],
      );
      databaseCpu.sample(backends.rows.map((r) => r.pid));
    };
    const cpuSampler = setInterval(() => void sampleCpu().catch(() => undefined), 1000);
    const during: number[] = [];
    try {
      while (running) {
        during.push(await search());
        await new Promise((r) => setTimeout(r, 50));
      }
    } finally {
      clearInterval(cpuSampler);
    }
    const code = await exited;
    const seconds = (performance.now() - started) / 1000;
    if (code !== 0) throw new Error(`the load failed (exit ${code})`);
    const result: CatalogueLoadFigures = {
      works: workCount,
      loadSeconds: seconds,
      worksPerSecond: workCount / seconds,
      idleP95: p95(idle),
      duringP95: p95(during),
      duringSamples: during.length,
      loaderCpuSeconds: loaderCpu.total(),
      databaseCpuSeconds: databaseCpu.total(),
      loadAverage: [loadAverageBefore, loadavg()[0] as number],
    };
    log(JSON.stringify(result));
    return result;
  } finally {
    await server.stop();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    await rm(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchCatalogueLoad(works, (line) => console.log(line));
}
