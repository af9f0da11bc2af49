// Issues 15 and 19: Shelfwise side by side with masonfox/tome, an open-source reading tracker (Next.js +
// SQLite), for the heavy reader (1,000 books, ~5,000 events over five years; synthetic-readers.ts). Tome is
// never part of this repository: build it beside the project (e.g. under /tmp), seed it with the same shape
// of reader (1,000 books, ~5,000 progress logs over five years, this year's goal of 150 books, streak
// tracking on in Europe/Berlin, a shelf named "Bench shelf of 100" holding 100 finished books) and start it
// with `next start`. This script makes the Shelfwise reader's shelf of 100 through the API.
//
// Which Tome call answers which of ours (Tome's routes are app/api/**/route.ts in its source):
//   shelf of 100: whole shelf   get-shelf-items {limit: 100}           GET /api/shelves/:id?withBooks=true
//                                                                       (Tome's shelf page: the whole shelf
//                                                                       in its order, with each book's status)
//   shelf of 100: first 50      get-shelf-items {limit: 50}            GET /api/books?shelf=:id&limit=50&skip=0
//   shelf of 100: second 50     get-shelf-items {limit: 50, after}     GET /api/books?shelf=:id&limit=50&skip=50
//                                                                       (Tome's library filtered to the shelf,
//                                                                       which pages by 50)
//   reading-goals               reading-goals {timezone}               GET /api/reading-goals?year=YYYY
//   reading-streak              reading-streak {timezone}              GET /api/streak
//   reading-stats               reading-stats {timezone}               GET /api/stats/overview
//   log progress                log-progress-event (progress, pages)   POST /api/books/:id/progress {currentPage}
// Log progress writes: request i logs the next page of book i mod --books on both sides (the books being
// read with the most pages left), and after every timed run the events it made are deleted through each
// side's API, so every run starts from the same reader.
//
// Three interleaved rounds: per call and level (1 and 8 clients), both sides for --duration s, Tome first
// in odd rounds and Shelfwise first in even ones, so both see the same machine load. Afterwards the
// Shelfwise side's SQL for the same calls is timed straight against the database (the server stopped), so
// the report shows what the request adds to the database's time.
//   npx tsx scripts/bench/tome-side-by-side.ts --tome http://127.0.0.1:9301 --db postgres|pglite
import { writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { prepareDatabase } from './api-bench';
import type { DbKind } from './bench-database';
import {
  BENCH_SHELF_NAME,
  booksBeingRead,
  createHundredBookShelf,
  heavyReaderClient,
  undoProgressSince,
} from './heavy-reader-fixture';
import type { Measurement } from './load';
import { loadApi, loadDatabase, warmUp } from './load';
import { parseOptions } from './options';
import {
  heavyReaderProgressScenario,
  heavyReaderShelfScenarios,
  readingScenarios,
} from './reading-scenarios';
import type { Scenario } from './scenarios';
import { startServer } from './server-process';
import type { TomeCall } from './tome-client';
import { loadTome, tomeBooksBeingRead, tomeProgressCall, tomeShelfId, undoTomeProgress } from './tome-client';
import { benchAuth, mintTokens } from './tokens';

const { values } = parseArgs({
  options: {
    tome: { type: 'string', default: 'http://127.0.0.1:9301' },
    db: { type: 'string', default: 'postgres' },
    rounds: { type: 'string', default: '3' },
    duration: { type: 'string', default: '5' },
    'db-duration': { type: 'string', default: '3' },
    books: { type: 'string', default: '40' },
    label: { type: 'string', default: '' },
    out: { type: 'string', default: 'bench/results' },
  },
});
const kind = values.db as DbKind;
const tome = values.tome as string;
const rounds = Number(values.rounds);
const seconds = Number(values.duration);
const dbSeconds = Number(values['db-duration']);
const bookCount = Number(values.books);
const year = new Date().getUTCFullYear();
const LEVELS = [1, 8];
const SHELF_SIZE = 100;

interface Comparison {
  name: string;
  tomeCall: TomeCall;
  tomeLabel: string;
  ours: Scenario;
  /** Runs that write are undone on both sides before anything else is timed. */
  writes: boolean;
}

const get = (path: string): TomeCall => ({ method: 'GET', path: () => path });
const load1 = loadavg()[0] as number;

const options = parseOptions(['--works', '20000', '--pglite-works', '20000', '--users', '100']);
const prepared = await prepareDatabase(kind, 20_000, options, (line) => console.log(line));
const heavyReader = prepared.population.users[prepared.population.heavyReader];
if (!heavyReader) throw new Error('the population has no heavy reader');
const seeded = await prepared.bench.open();
const ourBooks = await booksBeingRead(seeded, heavyReader.id, bookCount).finally(() => seeded.close());
const auth = await benchAuth();
const server = await startServer({
  ...prepared.bench.serverEnv,
  ...auth.env,
  COVERS_URL: 'http://127.0.0.1:9/covers',
});
let serverRunning = true;
const lines: string[] = [];
try {
  const { anonKey } = (await (await fetch(`${server.base}/client-config`)).json()) as { anonKey: string };
  const population = prepared.population;
  const tokens = await mintTokens(auth, population.users);
  const call = heavyReaderClient(server.base, anonKey, tokens[population.heavyReader] as string);
  const shelf = await createHundredBookShelf(call);
  const tomeShelf = await tomeShelfId(tome, BENCH_SHELF_NAME, SHELF_SIZE);
  const tomeBooks = await tomeBooksBeingRead(tome, bookCount);
  if (ourBooks.length < bookCount || tomeBooks.length < bookCount) {
    throw new Error(
      `want ${bookCount} books being read on each side; Shelfwise has ${ourBooks.length}, Tome ${tomeBooks.length}`,
    );
  }

  const shelfPages = heavyReaderShelfScenarios(population, shelf);
  const reading = await readingScenarios(population, 'http://127.0.0.1:9/covers');
  const readingCall = (name: string) => {
    const found = reading.find((s) => s.name.startsWith(`${name} `));
    if (!found) throw new Error(`no ${name} scenario`);
    return found;
  };
  const tomePaths: [string, string][] = [
    [`/api/shelves/${tomeShelf}?withBooks=true`, 'shelf of 100: whole shelf'],
    [`/api/books?shelf=${tomeShelf}&limit=50&skip=0`, 'shelf of 100: first 50'],
    [`/api/books?shelf=${tomeShelf}&limit=50&skip=50`, 'shelf of 100: second 50'],
  ];
  const comparisons: Comparison[] = [
    ...tomePaths.map(([path, name]) => ({
      name,
      tomeCall: get(path),
      tomeLabel: `GET ${path}`,
      ours: shelfPages.find((s) => s.name === name) as Scenario,
      writes: false,
    })),
    ...(
      [
        ['reading-goals', `/api/reading-goals?year=${year}`],
        ['reading-streak', '/api/streak'],
        ['reading-stats', '/api/stats/overview'],
      ] as const
    ).map(([name, path]) => ({
      name,
      tomeCall: get(path),
      tomeLabel: `GET ${path}`,
      ours: readingCall(name),
      writes: false,
    })),
    {
      name: 'log progress',
      tomeCall: tomeProgressCall(tomeBooks),
      tomeLabel: 'POST /api/books/:id/progress',
      ours: heavyReaderProgressScenario(population, ourBooks),
      writes: true,
    },
  ];

  let undone = { shelfwise: 0, tome: 0 };
  const timeTome = async (c: Comparison, clients: number, s: number) => {
    const m = await loadTome(tome, c.tomeCall, clients, s);
    if (c.writes) undone.tome += await undoTomeProgress(tome, tomeBooks);
    return m;
  };
  const timeOurs = async (c: Comparison, clients: number, s: number) => {
    const since = new Date();
    const m = await loadApi(server.base, c.ours, tokens, anonKey, clients, s);
    if (c.writes) undone.shelfwise += await undoProgressSince(call, since);
    return m;
  };

  for (const c of comparisons) {
    await timeOurs(c, 1, 1);
    await timeTome(c, 1, 1);
  }
  undone = { shelfwise: 0, tome: 0 };

  const results = new Map<string, Measurement[]>();
  const keep = (key: string, m: Measurement) => results.set(key, [...(results.get(key) ?? []), m]);
  for (let r = 1; r <= rounds; r++) {
    for (const c of comparisons) {
      for (const clients of LEVELS) {
        let ours: Measurement;
        let theirs: Measurement;
        if (r % 2 === 1) {
          theirs = await timeTome(c, clients, seconds);
          ours = await timeOurs(c, clients, seconds);
        } else {
          ours = await timeOurs(c, clients, seconds);
          theirs = await timeTome(c, clients, seconds);
        }
        keep(`${c.name}|${clients}|tome`, theirs);
        keep(`${c.name}|${clients}|shelfwise`, ours);
        console.log(
          `round ${r} ${c.name} c=${clients}: Shelfwise p50 ${ours.p50.toFixed(2)} p95 ${ours.p95.toFixed(2)} ` +
            `${ours.rps.toFixed(0)}/s, Tome p50 ${theirs.p50.toFixed(2)} p95 ${theirs.p95.toFixed(2)} ` +
            `${theirs.rps.toFixed(0)}/s (errors ${ours.errors}/${theirs.errors}` +
            `${[...ours.errorSamples, ...theirs.errorSamples].map((e) => `; ${e}`).join('')})`,
        );
      }
    }
  }
  const load2 = loadavg()[0] as number;

  // The Shelfwise side's SQL alone, with the server stopped so PGlite's one connection is free.
  await server.stop();
  serverRunning = false;
  const inDatabase = new Map<string, Measurement>();
  const db = await prepared.bench.open();
  try {
    for (const c of comparisons) {
      const direct = c.ours.direct;
      if (!direct) continue;
      await warmUp((i) => direct(db, i));
      for (const clients of LEVELS) {
        const m = await loadDatabase(db, c.ours, clients, dbSeconds);
        inDatabase.set(`${c.name}|${clients}`, m);
        console.log(`db ${c.name} c=${clients}: p50 ${m.p50.toFixed(2)} p95 ${m.p95.toFixed(2)} ms`);
      }
    }
  } finally {
    await db.close();
  }

  const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? 0;
  const figures = (name: string, clients: number, who: string) => {
    const list = results.get(`${name}|${clients}|${who}`) ?? [];
    return {
      p50: median(list.map((m) => m.p50)),
      p95: median(list.map((m) => m.p95)),
      rps: median(list.map((m) => m.rps)),
      errors: list.reduce((sum, m) => sum + m.errors, 0),
    };
  };
  const ms = (n: number) => n.toFixed(2);
  lines.push(
    `# Shelfwise vs Tome, ${new Date().toISOString().slice(0, 16)} UTC (${kind}, ${rounds} interleaved rounds of ${seconds} s)`,
    '',
    `Shelfwise: ${prepared.database}; the heavy reader on a 20,000-work catalogue. Tome at ${tome}.`,
    `Machine load average (1 min): ${load1.toFixed(1)} at the start, ${load2.toFixed(1)} after the rounds.`,
    `Log progress: ${bookCount} books being read on each side; after each timed run its events were deleted ` +
      `(${undone.shelfwise} on Shelfwise, ${undone.tome} on Tome).`,
    '',
    '| call | Shelfwise | Tome |',
    '| --- | --- | --- |',
    ...comparisons.map((c) => {
      const { endpoint, body } = c.ours.request(0);
      return `| ${c.name} | \`${endpoint} ${JSON.stringify(body)}\` | \`${c.tomeLabel}\` |`;
    }),
    '',
    "Median over the rounds of each round's p50 / p95 (ms) and requests per second; errors are summed. " +
      "Shelfwise's database time is its handler's SQL alone, straight against the database.",
    '',
    '| call | clients | Shelfwise p50 / p95 | Tome p50 / p95 | Shelfwise / Tome req/s | throughput | ' +
      'Shelfwise database p50 / p95 | errors |',
    '| --- | --: | --: | --: | --: | --: | --: | --: |',
  );
  for (const c of comparisons) {
    for (const clients of LEVELS) {
      const ours = figures(c.name, clients, 'shelfwise');
      const theirs = figures(c.name, clients, 'tome');
      const dbm = inDatabase.get(`${c.name}|${clients}`);
      lines.push(
        `| ${c.name} | ${clients} | ${ms(ours.p50)} / ${ms(ours.p95)} | ${ms(theirs.p50)} / ${ms(theirs.p95)} | ` +
          `${ours.rps.toFixed(0)} / ${theirs.rps.toFixed(0)} | ${(ours.rps / theirs.rps).toFixed(1)}x | ` +
          `${dbm ? `${ms(dbm.p50)} / ${ms(dbm.p95)}` : '-'} | ${ours.errors} / ${theirs.errors} |`,
      );
    }
  }
  console.log(lines.join('\n'));
  const stamp = new Date().toISOString().slice(0, 19).replace(/:/g, '-');
  const label = values.label ? `-${values.label}` : '';
  await writeFile(`${values.out}/${stamp}${label}-issue19-tome-${kind}.md`, `${lines.join('\n')}\n`);
} finally {
  if (serverRunning) await server.stop();
  await prepared.bench.drop();
}
