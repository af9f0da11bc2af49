// The PostgreSQL adapter when the server drops connections (what a restart or failover does to each
// session: 57P01). Needs a real server: only the PostgreSQL pass (DATABASE_URL, see vitest.config.ts) runs it; the outage of a whole
// cluster is tests/integration/database-outage.test.ts.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '../../tests/support/test-db';
import type { TestDb } from '../../tests/support/test-db';
import { DatabaseUnavailableError } from './database-unavailable';
import { openPostgres } from './postgres';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it('a database that is not there is DatabaseUnavailableError, at once', async () => {
  const from = Date.now();
  const opening = openPostgres('postgres://postgres@127.0.0.1:1/nowhere');
  await expect(opening).rejects.toBeInstanceOf(DatabaseUnavailableError);
  await expect(opening).rejects.toMatchObject({ reason: 'ECONNREFUSED' });
  expect(Date.now() - from).toBeLessThan(5_000);
});

describe('connections the server terminates', () => {
  let test: TestDb;
  let admin: pg.Client;
  const terminate = (pid: number) => admin.query('select pg_terminate_backend($1)', [pid]);

  beforeAll(async () => {
    test = await openTestDb();
    admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
  });
  afterAll(async () => {
    await admin.end();
    await test.drop();
  });

  it('a transaction whose session is terminated between statements fails as unavailable, and the process lives', async () => {
    const attempt = test.db.transaction(async (tx) => {
      const [{ pid }] = (await tx.query<{ pid: number }>('select pg_backend_pid() as pid')) as [
        { pid: number },
      ];
      await terminate(pid);
      // The server's 57P01 arrives while the client is checked out and idle: pg-pool is not listening then.
      await sleep(200);
      await tx.query('select 1');
    });
    await expect(attempt).rejects.toBeInstanceOf(DatabaseUnavailableError);
    // The broken client left the pool: what follows runs on fresh connections.
    for (let i = 0; i < 12; i += 1) expect(await test.db.query('select 1 as one')).toEqual([{ one: 1 }]);
  });

  it('a statement whose session is terminated while it runs fails as unavailable', async () => {
    const attempt = test.db.transaction(async (tx) => {
      const [{ pid }] = (await tx.query<{ pid: number }>('select pg_backend_pid() as pid')) as [
        { pid: number },
      ];
      const slow = tx.query('select pg_sleep(5)');
      // It may fail before terminate() answers, while nothing awaits it yet: not an unhandled rejection.
      slow.catch(() => undefined);
      await sleep(100);
      await terminate(pid);
      await slow;
    });
    await expect(attempt).rejects.toBeInstanceOf(DatabaseUnavailableError);
    expect(await test.db.query('select 1 as one')).toEqual([{ one: 1 }]);
  });

  it('idle pooled sessions terminated by the server are replaced without a failed request', async () => {
    await Promise.all(Array.from({ length: 4 }, () => test.db.query('select pg_sleep(0.05)')));
    const name = await currentDatabase(test);
    const { rows } = await admin.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = $1',
      [name],
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const { pid } of rows) await terminate(pid);
    await sleep(200);
    expect(await test.db.query('select 1 as one')).toEqual([{ one: 1 }]);
  });
});

describe('transactions PostgreSQL undoes for a conflict', () => {
  let test: TestDb;
  beforeAll(async () => {
    test = await openTestDb();
    await test.db.exec('create table crossing (id int primary key, hits int not null default 0)');
    await test.db.exec('insert into crossing (id) values (1), (2)');
  });
  afterAll(() => test.drop());

  it('two writes that lock the same rows in opposite orders both land: the deadlock victim runs again', async () => {
    // Each side locks its first row, waits until the other has locked its own, then reaches for the
    // other's: a deadlock every time. PostgreSQL undoes one side (40P01); it must run again, not fail.
    let firstLocks = 0;
    let bothLocked!: () => void;
    const crossed = new Promise<void>((resolve) => (bothLocked = resolve));
    const runs: string[] = [];
    const side = (name: string, first: number, second: number) =>
      test.db.transaction(async (tx) => {
        runs.push(name);
        await tx.query('update crossing set hits = hits + 1 where id = $1', [first]);
        if (++firstLocks === 2) bothLocked();
        await crossed;
        await tx.query('update crossing set hits = hits + 1 where id = $1', [second]);
      });
    await Promise.all([side('a', 1, 2), side('b', 2, 1)]);
    expect(runs.length).toBe(3);
    // Each side's two increments counted once: the undone run left nothing behind.
    expect(await test.db.query('select id, hits from crossing order by id')).toEqual([
      { id: 1, hits: 2 },
      { id: 2, hits: 2 },
    ]);
  });

  it('any other failure is not run again', async () => {
    let runs = 0;
    const failing = test.db.transaction(async (tx) => {
      runs++;
      await tx.query('insert into crossing (id) values (1)');
    });
    await expect(failing).rejects.toMatchObject({ code: '23505' });
    expect(runs).toBe(1);
  });
});

async function currentDatabase(test: TestDb): Promise<string> {
  const [row] = await test.db.query<{ name: string }>('select current_database() as name');
  return (row as { name: string }).name;
}

describe('statements sent again and again', () => {
  let test: TestDb;
  beforeAll(async () => {
    test = await openTestDb();
    await test.db.exec('create table shapes (id int primary key, label text not null)');
    await test.db.exec(`insert into shapes values (1, 'one'), (2, 'two')`);
  });
  afterAll(() => test.drop());

  it('are prepared once per connection and answer as before', async () => {
    const sql = 'select label from shapes where id = $1';
    for (let i = 0; i < 30; i++) {
      expect(await test.db.query(sql, [1 + (i % 2)])).toEqual([{ label: i % 2 ? 'two' : 'one' }]);
    }
    const [row] = await test.db.query<{ prepared: number }>(
      `select count(*)::int as prepared from pg_prepared_statements where statement = $1`,
      [sql],
    );
    // The pool hands out connections in turn, so this asking connection is one that prepared it.
    expect(row?.prepared).toBe(1);
  });

  it('still answer after the table changes shape under a prepared statement', async () => {
    const sql = 'select * from shapes where id = $1';
    for (let i = 0; i < 12; i++) await test.db.query(sql, [1]);
    await test.db.exec('alter table shapes add column weight int not null default 7');
    for (let i = 0; i < 12; i++) {
      expect(await test.db.query(sql, [1])).toEqual([{ id: 1, label: 'one', weight: 7 }]);
    }
  });
});
