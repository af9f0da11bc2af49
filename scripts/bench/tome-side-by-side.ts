// Issue 15's side-by-side: Shelfwise's reading-goals, reading-streak and reading-stats for the heavy reader
// (1,000 books, ~5,000 events over five years) against the comparable calls of masonfox/tome, an open-source
// tracker (Next.js + SQLite), seeded with the same shape of reader and started separately (never part of
// this repository: build it beside the project, e.g. under /tmp). Three interleaved rounds per call, each
// Tome then Shelfwise at 1 and at 8 clients, so both see the same machine load.
//   npx tsx scripts/bench/tome-side-by-side.ts --tome http://127.0.0.1:9301 [--db postgres|pglite]
import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { prepareDatabase } from './api-bench';
import type { DbKind } from './bench-database';
import type { Measurement } from './load';
import { loadApi } from './load';
import { parseOptions } from './options';
import { readingScenarios } from './reading-scenarios';
import { startServer } from './server-process';
import { percentile } from './stats';
import { mintTokens } from './tokens';

const { values } = parseArgs({
  options: {
    tome: { type: 'string', default: 'http://127.0.0.1:9301' },
    db: { type: 'string', default: 'postgres' },
    rounds: { type: 'string', default: '3' },
    duration: { type: 'string', default: '5' },
    out: { type: 'string', default: 'bench/results' },
  },
});
const kind = values.db as DbKind;
const rounds = Number(values.rounds);
const seconds = Number(values.duration);
const year = new Date().getUTCFullYear();

/** Tome's calls that answer what ours do: this year's goal, the streak, the stats overview. */
const TOME_PATHS: Record<string, string> = {
  'reading-goals': `/api/reading-goals?year=${year}`,
  'reading-streak': '/api/streak',
  'reading-stats': '/api/stats/overview',
};

async function loadTome(path: string, connections: number): Promise<Measurement> {
  const latencies: number[] = [];
  let errors = 0;
  const instance = autocannon(
    { url: `${values.tome}${path}`, connections, duration: seconds, timeout: 30 },
    () => undefined,
  );
  instance.on('response', (_c, status, _b, ms) => {
    if (status >= 200 && status < 300) latencies.push(ms);
    else errors++;
  });
  const started = performance.now();
  await new Promise((resolve) => instance.on('done', resolve));
  const elapsed = (performance.now() - started) / 1000;
  return {
    count: latencies.length,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    rps: latencies.length / elapsed,
    errors,
    errorSamples: [],
  };
}

const options = parseOptions(['--works', '20000', '--pglite-works', '20000', '--users', '100']);
const prepared = await prepareDatabase(kind, 20_000, options, (line) => console.log(line));
const secret = randomBytes(48).toString('base64url');
const server = await startServer({
  ...prepared.bench.serverEnv,
  JWT_SECRET: secret,
  COVERS_URL: 'http://127.0.0.1:9/covers',
});
const lines: string[] = [];
try {
  const { anonKey } = (await (await fetch(`${server.base}/client-config`)).json()) as { anonKey: string };
  const tokens = await mintTokens(secret, prepared.population.users);
  const scenarios = (await readingScenarios(prepared.population, 'http://127.0.0.1:9/covers')).filter((s) =>
    Object.keys(TOME_PATHS).some((name) => s.name.startsWith(`${name} `)),
  );
  const results = new Map<string, Measurement[]>();
  const keep = (key: string, m: Measurement) => results.set(key, [...(results.get(key) ?? []), m]);
  for (const s of scenarios) {
    const name = s.name.split(' ')[0] as string;
    await loadApi(server.base, s, tokens, anonKey, 1, 1);
    await loadTome(TOME_PATHS[name] as string, 1);
  }
  for (let r = 1; r <= rounds; r++) {
    for (const s of scenarios) {
      const name = s.name.split(' ')[0] as string;
      for (const c of [1, 8]) {
        const tome = await loadTome(TOME_PATHS[name] as string, c);
        const ours = await loadApi(server.base, s, tokens, anonKey, c, seconds);
        keep(`${name}|${c}|tome`, tome);
        keep(`${name}|${c}|shelfwise`, ours);
        console.log(
          `round ${r} ${name} c=${c}: Shelfwise p50 ${ours.p50.toFixed(2)} p95 ${ours.p95.toFixed(2)}, ` +
            `Tome p50 ${tome.p50.toFixed(2)} p95 ${tome.p95.toFixed(2)} ms (errors ${ours.errors}/${tome.errors})`,
        );
      }
    }
  }
  const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? 0;
  lines.push(
    `# Shelfwise vs Tome, ${new Date().toISOString().slice(0, 16)} UTC (${kind}, ${rounds} interleaved rounds of ${seconds} s)`,
    '',
    "Median over the rounds of each round's p50 / p95, in ms.",
    '',
    '| call | clients | Shelfwise p50 / p95 | Tome p50 / p95 |',
    '| --- | --: | --: | --: |',
  );
  for (const name of Object.keys(TOME_PATHS)) {
    for (const c of [1, 8]) {
      const f = (who: string) => {
        const list = results.get(`${name}|${c}|${who}`) ?? [];
        return `${median(list.map((m) => m.p50)).toFixed(2)} / ${median(list.map((m) => m.p95)).toFixed(2)}`;
      };
      lines.push(`| ${name} | ${c} | ${f('shelfwise')} | ${f('tome')} |`);
    }
  }
  console.log(lines.join('\n'));
  const stamp = new Date().toISOString().slice(0, 19).replace(/:/g, '-');
  await writeFile(`${values.out}/${stamp}-issue15-tome-${kind}.md`, `${lines.join('\n')}\n`);
} finally {
  await server.stop();
  await prepared.bench.drop();
}
