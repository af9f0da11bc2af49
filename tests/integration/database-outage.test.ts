// Issue 13 §1: PostgreSQL restarted, or stopped and started, under a mixed load. The server process must
// live through it, answer 503 + Retry-After (never 500, never a reset connection) while the database is
// away, say so on /health, serve again within a second of the database coming back, and keep every write
// it acknowledged. The test brings its own cluster (initdb + pg_ctl), so it runs once: vitest.config.ts
// keeps it in the PGlite pass of the integration suites (test:unit) and out of the PostgreSQL pass.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneRequest, readerOnStartedBook, startMixedLoad, storedEventIds } from '../support/mixed-load';
import type { Answer, LoadTarget } from '../support/mixed-load';
import { startServerProcess } from '../support/server-process';
import type { ServerProcess } from '../support/server-process';
import { startThrowawayCluster } from '../support/throwaway-postgres';
import type { ThrowawayCluster } from '../support/throwaway-postgres';

const RESTARTS = 3;
const OUTAGE_MS = 3_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Milliseconds from now until the service is back: the start of the first write that succeeds (polling
 * every 25 ms, at most 10 s). Its start, not its end, so a slow machine's latency is not counted as outage.
 */
async function timeUntilServing(target: LoadTarget): Promise<number> {
  const from = Date.now();
  while (Date.now() - from < 10_000) {
    const attempt = await oneRequest(target, 'write');
    if (attempt.status === 200) return attempt.at - from;
    await sleep(25);
  }
  return Infinity;
}

const isAllowedAnswer = (a: Answer) =>
  a.status === 200 || (a.status === 503 && a.retryAfter !== null && a.code === 'unavailable');

describe('the server lives through PostgreSQL going away', () => {
  let cluster: ThrowawayCluster;
  let server: ServerProcess;
  let dataDir: string;
  let target: LoadTarget;
  const figures: string[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'sf-outage-'));
    cluster = await startThrowawayCluster();
    server = await startServerProcess({ DATABASE_URL: cluster.url, DATA_DIR: dataDir, SEED_DEMO: '1' });
    target = await readerOnStartedBook(server.url, server.anonKey);
  });

  afterAll(async () => {
    console.log(`database outage: ${figures.join('; ')}`);
    await server?.stop();
    await cluster?.destroy();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('survives restarts and a stop under load, answers 503 meanwhile, recovers at once, loses nothing', async () => {
    const load = startMixedLoad(target);
    await sleep(1_000);

    const recoveries: number[] = [];
    let survived = 0;
    for (let i = 0; i < RESTARTS; i += 1) {
      await cluster.restart();
      recoveries.push(await timeUntilServing(target));
      await sleep(300);
      if (server.alive()) survived += 1;
    }

    await cluster.stop();
    await sleep(200);
    const downFrom = Date.now();
    const health = await fetch(`${server.url}/health`);
    const healthBody = await health.json();
    await sleep(OUTAGE_MS);
    const downUntil = Date.now();
    await cluster.start();
    recoveries.push(await timeUntilServing(target));
    await sleep(500);
    if (server.alive()) survived += 1;
    await load.stop();

    const down = load.answers.filter((a) => a.at >= downFrom && a.at + 50 < downUntil);
    const refused = load.answers.filter((a) => a.status !== 200);
    figures.push(
      `${survived}/${RESTARTS + 1} restarts survived`,
      `${load.answers.length} requests, ${refused.length} refused during outages (${[...new Set(refused.map((a) => `${a.status} ${String(a.code)}`))].join(', ')})`,
      `back after ${recoveries.map((ms) => `${ms} ms`).join(', ')}`,
    );

    expect(server.alive(), server.output()).toBe(true);
    expect(survived).toBe(RESTARTS + 1);
    expect(health.status).toBe(503);
    expect(healthBody).toEqual({ ok: false, database: 'postgres', error: 'database unavailable' });
    // While the database was down, every kind of request (writes, reads, public search, /auth/v1) was a 503.
    expect(down.length).toBeGreaterThan(20);
    expect(new Set(down.map((a) => a.what))).toEqual(new Set(['write', 'read', 'search', 'auth']));
    expect(down.filter((a) => a.status !== 503)).toEqual([]);
    expect(load.answers.filter((a) => !isAllowedAnswer(a))).toEqual([]);
    for (const ms of recoveries) expect(ms).toBeLessThanOrEqual(1_000);

    const stored = await storedEventIds(target);
    const lost = [...load.acknowledged].filter((id) => !stored.has(id));
    figures.push(`${load.acknowledged.size} acknowledged writes, ${lost.length} lost`);
    expect(load.acknowledged.size).toBeGreaterThan(20);
    expect(lost).toEqual([]);

    // The outage was logged, but not once per refused request; and no SQL or values reached the log.
    const logged = server.output().split('\n');
    // (A handful of reasons, each once a minute; hundreds of requests were refused.)
    const outageLines = logged.filter((line) => line.startsWith('503 database unavailable'));
    expect(outageLines.length).toBeGreaterThan(0);
    expect(outageLines.length).toBeLessThanOrEqual(20);
    expect(server.output()).not.toMatch(/insert into|select |Unhandled|at Parser\./i);
  }, 180_000);

  it('a server started while the database is down waits for it, then serves', async () => {
    await cluster.stop();
    let waiting: () => void = () => undefined;
    const saysWaiting = new Promise<void>((resolve) => (waiting = resolve));
    const starting = startServerProcess(
      { DATABASE_URL: cluster.url, DATA_DIR: dataDir, SEED_DEMO: '0' },
      { onOutput: (text) => text.includes('Waiting for PostgreSQL') && waiting() },
    );
    await saysWaiting;
    await sleep(1_000);
    await cluster.start();
    const late = await starting;
    try {
      expect(late.output()).toMatch(/Waiting for PostgreSQL at 127\.0\.0\.1:\d+\/shelfwise/);
      expect(late.output()).not.toContain('postgres@');
      expect((await fetch(`${late.url}/health`)).status).toBe(200);
    } finally {
      await late.stop();
    }
  }, 120_000);
});
