// A fresh database for one test file: in-memory PGlite, or, when DATABASE_URL is set, a new throw-away
// database on that PostgreSQL server, so the same suites prove both kinds.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Db } from '../../server/db/db';
import { migrate } from '../../server/db/migrate';
import { openPglite } from '../../server/db/pglite';
import { openPostgres } from '../../server/db/postgres';

export interface TestDb {
  db: Db;
  drop(): Promise<void>;
}

export const testDatabaseKind = process.env.DATABASE_URL ? 'postgres' : 'pglite';

export async function openTestDb(): Promise<TestDb> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const db = await openPglite();
    await migrate(db);
    return { db, drop: () => db.close() };
  }
  const database = await createThrowawayDatabase(url, 'sf_test');
  const db = await openPostgres(database.url, 4);
  await migrate(db);
  return {
    db,
    async drop() {
      await db.close();
      await database.drop();
    },
  };
}

/** A new, empty database on the PostgreSQL server at `url`, and how to drop it (even while in use). */
export async function createThrowawayDatabase(
  url: string,
  prefix: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  return {
    url: target.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
