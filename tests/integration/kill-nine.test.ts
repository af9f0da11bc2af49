// Issue 13 §10: kill -9 in the middle of acknowledged writes loses none of them. The real server runs as a
// child process on the database of this pass: embedded PGlite in a temp DATA_DIR (test:unit), or a
// throw-away database on DATABASE_URL's PostgreSQL (test:pg). Each round fires concurrent writes,
// SIGKILLs the server mid-stream, starts it again on the same data and looks for every 2xx write.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneRequest, readerOnStartedBook, storedEventIds } from '../support/mixed-load';
import type { LoadTarget } from '../support/mixed-load';
import { startServerProcess } from '../support/server-process';
import type { ServerProcess } from '../support/server-process';
import { createThrowawayDatabase } from '../support/test-db';

const ROUNDS = 3;
const WRITERS = 8;
const kind = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe(`kill -9 during acknowledged writes (${kind})`, () => {
  let dataDir: string;
  let database: { url: string; drop(): Promise<void> } | null = null;
  let env: Record<string, string | undefined>;
  let server: ServerProcess;
  let target: LoadTarget;
  const figures: string[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'sf-kill-'));
    database = process.env.DATABASE_URL
      ? await createThrowawayDatabase(process.env.DATABASE_URL, 'sf_kill')
      : null;
    env = { DATA_DIR: dataDir, DATABASE_URL: database?.url, SEED_DEMO: '1' };
    server = await startServerProcess(env);
    target = await readerOnStartedBook(server.url, server.anonKey);
  });

  afterAll(async () => {
    console.log(`kill -9 on ${kind}: ${figures.join('; ')}`);
    await server?.kill9();
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('every write answered 2xx before the kill is there after the restart', async () => {
    const acknowledged = new Set<string>();
    let refused = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      let writing = true;
      const writers = Array.from({ length: WRITERS }, async () => {
        while (writing) {
          const answer = await oneRequest(target, 'write');
          if (answer.eventId) acknowledged.add(answer.eventId);
          else if (answer.status !== 0) refused += 1;
          // Once the process is gone every call is refused at once; stop rather than spin.
          if (answer.status === 0) return;
        }
      });
      const before = acknowledged.size;
      const deadline = Date.now() + 20_000;
      // Kill mid-stream: once this round has some acknowledged writes, at a moment of its own.
      while (acknowledged.size < before + 20 && Date.now() < deadline) await sleep(20);
      await sleep(Math.floor(Math.random() * 200));
      await server.kill9();
      writing = false;
      await Promise.all(writers);

      server = await startServerProcess(env);
      target = { ...target, url: server.url, anonKey: server.anonKey };
      const stored = await storedEventIds(target);
      const lost = [...acknowledged].filter((id) => !stored.has(id));
      figures.push(`round ${round + 1}: ${acknowledged.size} acknowledged so far, ${lost.length} lost`);
      expect(lost).toEqual([]);
      expect(acknowledged.size).toBeGreaterThan(before);
    }
    // Writes are well-formed: nothing but the kill may stop one.
    expect(refused).toBe(0);
  }, 300_000);
});
