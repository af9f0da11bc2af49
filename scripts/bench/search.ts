// Search latency: `tsx scripts/bench/search.ts [--works N] [--postgres URL] [--runs R]`.
// Builds a fresh database (in-memory PGlite, or a throw-away database on the PostgreSQL named), loads the
// demo catalogue plus N synthetic works, then times each kind of search query directly against the
// database and through the HTTP API on loopback, one client at a time, and prints p50/p95 per kind.
import { serve } from '@hono/node-server';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { createApp } from '../../server/app';
import { buildDeps } from '../../server/bootstrap';
import { loadConfig } from '../../server/config';
import { migrate } from '../../server/db/migrate';
import { openPglite } from '../../server/db/pglite';
import { openPostgres } from '../../server/db/postgres';
import { loadDemoCatalogue, seedCatalogue } from '../../server/db/seed/catalogue';
import { findWorkByIsbn, searchWorks } from '../../server/features/catalogue/search';
import { percentile } from './stats';
import { generateCatalogue } from './synthetic-catalogue';
import pg from 'pg';

const { values } = parseArgs({
  options: {
    works: { type: 'string', default: '100000' },
    postgres: { type: 'string' },
    runs: { type: 'string', default: '200' },
  },
});
const works = Number(values.works);
const runs = Number(values.runs);

async function openDb() {
  if (!values.postgres)
    return { db: await openPglite(), kind: 'PGlite (in-memory)', drop: async () => undefined };
  const name = `sf_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: values.postgres });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(values.postgres);
  url.pathname = `/${name}`;
  const db = await openPostgres(url.toString());
  return {
    db,
    kind: `PostgreSQL (${url.host})`,
    drop: async () => {
      await db.close();
      await admin.query(`drop database ${name} with (force)`);
      await admin.end();
    },
  };
}

const { db, kind, drop } = await openDb();
await migrate(db);
await seedCatalogue(db, await loadDemoCatalogue());
const started = Date.now();
if (works > 0) await generateCatalogue(db, { works, log: (l) => process.stdout.write(`\r${l}`) });
console.log(
  `\n${kind}: ${works} synthetic works + demo catalogue loaded in ${((Date.now() - started) / 1000).toFixed(1)} s`,
);

const config = {
  ...loadConfig({ NODE_ENV: 'production', DATA_DIR: '/tmp/sf-bench' }),
  openLibraryUrl: 'http://127.0.0.1:9',
};
const app = createApp(await buildDeps(config, db));
const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }) as Server;
// Longer than the pauses between API phases, so the client never reuses a socket the server just closed.
server.keepAliveTimeout = 65_000;
await new Promise((r) => server.once('listening', r));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

const queries: Record<string, string[]> = {
  'common word': ['garden', 'night', 'river', 'house', 'shadow'],
  'rare word': ['raven', 'lantern', 'orchard', 'velvet', 'feather'],
  phrase: ['"the silent river"', 'hidden garden', 'pride prejudice', 'lord of the rings', 'crimson queen'],
  author: ['tolkien', 'jane austen', 'tanaka', 'okafor', 'garcia marquez'],
  misspelling: ['prejudise', 'wuthering hieghts', 'tolkein', 'dostoyevski', 'lanturn'],
  isbn: ['9780141439518', '978-0-14-143951-8', '9798000000017', '0141439513', '9798000001007'],
};

async function time(fn: () => Promise<unknown>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    out.push(performance.now() - t0);
  }
  return out;
}

console.log(`\n| query kind | database p50 | database p95 | API p50 | API p95 | hits (first query) |`);
console.log(`| --- | --- | --- | --- | --- | --- |`);
for (const [label, list] of Object.entries(queries)) {
  let i = 0;
  const next = () => list[i++ % list.length] as string;
  const direct = await time(() => {
    const q = next();
    return label === 'isbn' ? findWorkByIsbn(db, q.replace(/-/g, '')) : searchWorks(db, q);
  });
  const api = await time(() =>
    fetch(`${base}/sf/search-works`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: next() }),
    }).then((r) => r.json()),
  );
  const sample = (await (
    await fetch(`${base}/sf/search-works`, {
      method: 'POST',
      body: JSON.stringify({ query: list[0] }),
      headers: { 'content-type': 'application/json' },
    })
  ).json()) as { results: unknown[] };
  const f = (n: number) => `${n.toFixed(2)} ms`;
  console.log(
    `| ${label} | ${f(percentile(direct, 50))} | ${f(percentile(direct, 95))} | ${f(percentile(api, 50))} | ${f(percentile(api, 95))} | ${sample.results.length} |`,
  );
}
server.close();
await drop();
process.exit(0);
