// The public read cache (issue 19) when PostgreSQL restarts under the real server (server/main.ts): changes
// made while the server's LISTEN is gone would never be announced, so losing it drops every cached answer and
// keeps none until a LISTEN is open again; after that, writes show on the next read as before. The test
// brings its own cluster (initdb + pg_ctl), like database-outage.test.ts.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sfCall } from '../support/http-reader';
import { readerOnStartedBook } from '../support/mixed-load';
import type { LoadTarget } from '../support/mixed-load';
import { startServerProcess } from '../support/server-process';
import type { ServerProcess } from '../support/server-process';
import { startThrowawayCluster } from '../support/throwaway-postgres';
import type { ThrowawayCluster } from '../support/throwaway-postgres';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the public read cache across a PostgreSQL restart', () => {
  let cluster: ThrowawayCluster;
  let server: ServerProcess;
  let dataDir: string;
  let target: LoadTarget;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'sf-cache-outage-'));
    cluster = await startThrowawayCluster();
    server = await startServerProcess({ DATABASE_URL: cluster.url, DATA_DIR: dataDir, SEED_DEMO: '1' });
    target = await readerOnStartedBook(server.url, server.anonKey);
  });

  afterAll(async () => {
    await server?.stop();
    await cluster?.destroy();
    await rm(dataDir, { recursive: true, force: true });
  });

  const details = () => sfCall(server.url, 'work-details', { work_id: target.workId }, server.anonKey);

  /** Renames the work with the database's announcements off: only an answer read afresh shows it. */
  async function renameUnannounced(title: string) {
    const client = new pg.Client({ connectionString: cluster.url });
    await client.connect();
    try {
      await client.query('begin');
      await client.query('set local session_replication_role = replica');
      await client.query('update public.works set title = $2 where id = $1', [target.workId, title]);
      await client.query('commit');
    } finally {
      await client.end();
    }
  }

  /** Whether the server answers from its cache: a fresh answer is kept, so a silent rename stays unseen. */
  async function caching(probe: string): Promise<boolean> {
    const kept = await details();
    await renameUnannounced(probe);
    return (await details()).body.title === kept.body.title;
  }

  it('drops everything when its LISTEN is lost, and caches exactly again once it is back', async () => {
    const kept = (await details()).body.title as string;
    await renameUnannounced('Renamed while cached');
    expect((await details()).body.title).toBe(kept);

    await cluster.restart();
    let answer = await details();
    for (let tries = 0; answer.status !== 200 && tries < 200; tries++) {
      await sleep(50);
      answer = await details();
    }
    expect(answer.status).toBe(200);
    // The cached answer went with the LISTEN: the first answer after the restart is the database's.
    expect(answer.body.title).toBe('Renamed while cached');

    let back = false;
    for (let tries = 0; !back && tries < 60; tries++) {
      back = await caching(`Probe ${tries}`);
      if (!back) await sleep(250);
    }
    expect(back).toBe(true);

    // Caching again, and exact: the reader's review shows in the rating on their next read.
    const before = (await details()).body.rating_count as number;
    const review = await sfCall(
      server.url,
      'submit-review',
      { work_id: target.workId, rating: 4, headline: 'After the restart' },
      target.token,
    );
    expect(review.status, JSON.stringify(review.body)).toBe(200);
    expect((await details()).body.rating_count).toBe(before + 1);
    expect(server.output()).toContain('public read cache: off until');
  });
});
