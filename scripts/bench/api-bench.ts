// One database kind from start to finish: a fresh database, the demo catalogue plus the synthetic one and
// its readers, the database timings, the real server on it, the API timings, and the clean-up.
import { startOpenLibraryFixture } from '../../tests/support/openlibrary-fixture';
import { benchSearchBesideOpenLibrary } from './beside-openlibrary';
import type { BesideOpenLibraryLevel } from './beside-openlibrary';
import { checkMisspellings, TOP } from '../../tests/support/misspellings-check';
import type { MisspellingCheck } from '../../tests/support/misspellings-check';
import type { Db } from '../../server/db/db';
import { migrate } from '../../server/db/migrate';
import { loadDemoCatalogue, seedCatalogue } from '../../server/db/seed/catalogue';
import type { BenchDatabase, DbKind } from './bench-database';
import { createBenchDatabase, postgresFacts } from './bench-database';
import { withIndexesDeferred } from './bulk-load';
import type { Measurement } from './load';
import { loadApi, loadDatabase, warmUp } from './load';
import type { BenchOptions } from './options';
import { usersFor } from './options';
import type { Scenario } from './scenarios';
import { readingScenarios } from './reading-scenarios';
import { buildScenarios, SEARCH_QUERIES } from './scenarios';
import { discoveryScenarios, prepareDiscovery } from './discovery-bench';
import { sampleRss, treeRss } from './process-memory';
import { startServer } from './server-process';
import { generateCatalogue } from './synthetic-catalogue';
import type { Population } from './synthetic-readers';
import { SIGN_IN_PASSWORD, generateReaders } from './synthetic-readers';
import { benchAuth, mintTokens, signIn } from './tokens';
import type { WebBuild } from './web-bench';

export interface LevelResult {
  concurrency: number;
  api: Measurement;
  db: Measurement | null;
}

export interface ScenarioResult {
  name: string;
  levels: LevelResult[];
}

/** The mixed workload held at many connections for a minute: throughput, latency and the server's memory. */
export interface SustainedLoad {
  /** Which workload: the suite's mix, or the same with Zipf-distributed searches. */
  name: string;
  connections: number;
  seconds: number;
  api: Measurement;
  /** Resident memory of the server (and any workers it started), bytes: peak and at the end. */
  rss: { peak: number; last: number } | null;
}

export interface KindResult {
  kind: DbKind;
  works: number;
  database: string;
  population: Population['counts'];
  loadSeconds: number;
  /** The server's start on the loaded data: spawn to first answer. */
  startSeconds: number;
  /** Resident memory of the idle server right after start, bytes. */
  idleRss: number | null;
  scenarios: ScenarioResult[];
  sustained: SustainedLoad[];
  /** Misspelt searches for real titles that found their work in the top three (issue 33). */
  misspellings: MisspellingCheck | null;
  /** search-works while Open Library answers normally, slowly or not at all (issue 33). */
  besideOpenLibrary: BesideOpenLibraryLevel[];
}

const LOADED_TABLES = [
  'works',
  'editions',
  'authors',
  'work_authors',
  'edition_authors',
  'work_genres',
  'shelves',
  'shelf_items',
  'reading_progress_events',
  'reviews',
  'profiles',
];
const COVERS = 'https://covers.openlibrary.org';

export interface PreparedDatabase {
  bench: BenchDatabase;
  population: Population;
  database: string;
  loadSeconds: number;
}

export async function prepareDatabase(
  kind: DbKind,
  works: number,
  options: BenchOptions,
  log: (line: string) => void,
): Promise<PreparedDatabase> {
  const bench = await createBenchDatabase(kind, options.postgresUrl);
  const started = performance.now();
  const db = await bench.open();
  try {
    await migrate(db);
    await seedCatalogue(db, await loadDemoCatalogue());
    let population: Population | null = null;
    await withIndexesDeferred(db, LOADED_TABLES, async () => {
      await generateCatalogue(db, { works, log });
      log(`readers: ${usersFor(options, works)}`);
      population = await generateReaders(db, usersFor(options, works));
    });
    await prepareDiscovery(db, log);
    const database =
      kind === 'postgres' ? await postgresFacts(db) : 'PGlite (on disk, as the server keeps it)';
    const loadSeconds = (performance.now() - started) / 1000;
    log(`${kind}: ${works} works and their readers loaded in ${loadSeconds.toFixed(0)} s`);
    return { bench, population: population as unknown as Population, database, loadSeconds };
  } finally {
    await db.close();
  }
}

async function timeScenarioInDatabase(
  db: Db,
  scenario: Scenario,
  options: BenchOptions,
  log: (line: string) => void,
): Promise<Map<number, Measurement>> {
  const levels = new Map<number, Measurement>();
  const direct = scenario.direct;
  if (!direct) return levels;
  await warmUp((i) => direct(db, i));
  for (const c of options.concurrency) {
    const m = await loadDatabase(db, scenario, c, options.dbDuration);
    levels.set(c, m);
    log(
      `db  ${scenario.name} c=${c}: p50 ${m.p50.toFixed(2)} p95 ${m.p95.toFixed(2)} ms, ${m.rps.toFixed(0)}/s`,
    );
  }
  return levels;
}

/** PGlite: every scenario's database timings before the server opens the database (one connection). */
async function timeAllInDatabase(
  bench: BenchDatabase,
  scenarios: Scenario[],
  options: BenchOptions,
  log: (line: string) => void,
): Promise<Map<string, Map<number, Measurement>>> {
  const out = new Map<string, Map<number, Measurement>>();
  const db = await bench.open();
  try {
    for (const s of scenarios) out.set(s.name, await timeScenarioInDatabase(db, s, options, log));
  } finally {
    await db.close();
  }
  return out;
}

export async function benchKind(
  kind: DbKind,
  works: number,
  options: BenchOptions,
  log: (line: string) => void,
  web: WebBuild | null = null,
): Promise<KindResult> {
  const prepared = await prepareDatabase(kind, works, options, log);
  const { bench, population } = prepared;
  try {
    const scenarios = [
      ...buildScenarios(population, works, COVERS),
      ...(await readingScenarios(population, COVERS)),
      ...discoveryScenarios(),
    ].filter((s) => !options.only || s.name.includes(options.only));
    // PGlite has one connection, held by the server while it runs: its database timings all come first.
    // PostgreSQL's are taken right before each scenario's API runs, under the same machine load.
    const dbTimes =
      options.api && kind === 'pglite'
        ? await timeAllInDatabase(bench, scenarios, options, log)
        : new Map<string, Map<number, Measurement>>();
    const direct = kind === 'postgres' && options.api ? await bench.open() : null;
    // Open Library is the local fixture server: the bench never reaches the real one, and can make it slow.
    const openLibrary = await startOpenLibraryFixture();
    const auth = await benchAuth();
    const server = await startServer({
      ...bench.serverEnv,
      ...auth.env,
      COVERS_URL: COVERS,
      OPENLIBRARY_URL: openLibrary.url,
      ...(web && { WEB_DIST_DIR: web.distDir }),
      ...options.serverEnv,
    });
    log(`${kind}: the server answered ${server.startSeconds.toFixed(2)} s after it was started`);
    const idleRss = treeRss(server.pid);
    try {
      const { anonKey } = (await (await fetch(`${server.base}/client-config`)).json()) as { anonKey: string };
      const tokens = await mintTokens(auth, population.users);
      // Reader 0 signs in for real; the token the server hands out replaces the minted one.
      tokens[0] = await signIn(server.base, anonKey, population.users[0]?.email ?? '', SIGN_IN_PASSWORD);
      const results: ScenarioResult[] = [];
      for (const s of options.api ? scenarios : []) {
        if (direct) dbTimes.set(s.name, await timeScenarioInDatabase(direct, s, options, log));
        await loadApi(server.base, s, tokens, anonKey, 1, 1);
        const levels: LevelResult[] = [];
        for (const c of options.concurrency) {
          const api = await loadApi(server.base, s, tokens, anonKey, c, options.duration);
          levels.push({ concurrency: c, api, db: dbTimes.get(s.name)?.get(c) ?? null });
          log(
            `api ${s.name} c=${c}: p50 ${api.p50.toFixed(2)} p95 ${api.p95.toFixed(2)} ms, ${api.rps.toFixed(0)}/s` +
              (api.errors ? `, ${api.errors} errors (${api.errorSamples.join('; ')})` : ''),
          );
        }
        results.push({ name: s.name, levels });
      }
      const misspellings =
        options.api && (!options.only || 'search-works: misspelling'.includes(options.only))
          ? await checkMisspellings(server.base, anonKey)
          : null;
      if (misspellings) {
        log(`misspelt titles found in the top ${TOP}: ${misspellings.found} of ${misspellings.total}`);
      }
      const besideOpenLibrary =
        options.api && (!options.only || 'search-works: beside Open Library'.includes(options.only))
          ? await benchSearchBesideOpenLibrary(
              server.base,
              anonKey,
              openLibrary,
              SEARCH_QUERIES.common,
              options.concurrency,
              options.duration,
              log,
            )
          : [];
      const sustained: SustainedLoad[] = [];
      const heldLoads = scenarios.filter((s) => s.name.startsWith('mixed workload'));
      for (const mixed of options.api && options.loadConnections > 0 ? heldLoads : []) {
        const { loadConnections: connections, loadDuration: seconds } = options;
        const stopSampling = sampleRss(server.pid);
        const api = await loadApi(server.base, mixed, tokens, anonKey, connections, seconds);
        const held: SustainedLoad = { name: mixed.name, connections, seconds, api, rss: stopSampling() };
        sustained.push(held);
        log(
          `api ${mixed.name}, ${connections} connections, ${seconds} s: ${api.rps.toFixed(0)}/s, ` +
            `p50 ${api.p50.toFixed(1)} p95 ${api.p95.toFixed(1)} p99 ${api.p99.toFixed(1)} ms, ${api.errors} errors` +
            (held.rss ? `, RSS peak ${(held.rss.peak / 2 ** 20).toFixed(0)} MiB` : ''),
        );
      }
      if (web) await web.measure(server.base, population.popularWorks[0] as string);
      return {
        kind,
        works,
        database: prepared.database,
        population: population.counts,
        loadSeconds: prepared.loadSeconds,
        startSeconds: server.startSeconds,
        idleRss,
        scenarios: results,
        sustained,
        misspellings,
        besideOpenLibrary,
      };
    } finally {
      await direct?.close();
      await server.stop();
      await openLibrary.close();
    }
  } finally {
    await bench.drop();
  }
}
