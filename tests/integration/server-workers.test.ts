// SERVER_WORKERS=2 on PostgreSQL: the real server (server/main.ts) as an operator runs it, a primary with two
// serving processes on one port. They answer every call, the database is prepared once, and SIGTERM stops
// every process. PostgreSQL pass only (vitest.config.ts).
import { readFileSync, readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess } from '../support/server-process';
import type { ServerProcess } from '../support/server-process';
import { createThrowawayDatabase } from '../support/test-db';

/** The serving processes `pid` started (its children running server/main.ts; tsx also starts esbuild). */
function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      try {
        const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
        const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        return parent === pid && readFileSync(`/proc/${name}/cmdline`, 'utf8').includes('server/main.ts');
      } catch {
        return false;
      }
    })
    .map(Number);
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('several serving processes', () => {
  let database: { url: string; drop(): Promise<void> };
  let server: ServerProcess;

  beforeAll(async () => {
    database = await createThrowawayDatabase(process.env.DATABASE_URL as string, 'sf_workers');
    server = await startServerProcess({
      DATABASE_URL: database.url,
      SERVER_WORKERS: '2',
      JWT_SECRET: 'a-test-secret-of-at-least-thirty-two-characters',
    });
  });
  afterAll(async () => {
    if (server.alive()) await server.stop();
    await database.drop();
  });

  it('start two workers under one primary, which prepares the database once and says where it listens once', () => {
    const pid = server.child.pid as number;
    expect(childrenOf(pid)).toHaveLength(2);
    expect(server.output().match(/Shelfwise on /g)).toHaveLength(1);
    expect(server.output()).toMatch(/2 processes/);
  });

  it('serve every request, whichever process takes it', async () => {
    // A new connection per call, so the primary hands them out to both processes in turn.
    const answers = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const response = await fetch(`${server.url}/sf/search-works`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${server.anonKey}`,
            connection: 'close',
          },
          body: JSON.stringify({ query: 'river' }),
        });
        return { status: response.status, body: await response.json() };
      }),
    );
    expect(answers).toEqual(
      answers.map(() => ({ status: 200, body: { results: [], new_isbn_added: false } })),
    );
  });

  it('stop, every process, on SIGTERM', async () => {
    const workers = childrenOf(server.child.pid as number);
    await server.stop();
    expect(server.child.exitCode).toBe(0);
    expect(workers.filter(alive)).toEqual([]);
  });
});
