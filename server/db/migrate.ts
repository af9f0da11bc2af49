import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Db, Queryable } from './db';

const migrationsDir = fileURLToPath(new URL('./migrations/', import.meta.url));
// Any constant works; it only has to be the same for every instance migrating one database.
const MIGRATION_LOCK = 7_274_001;

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export async function loadMigrations(): Promise<Migration[]> {
  const files = (await readdir(migrationsDir)).filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f)).sort();
  return Promise.all(
    files.map(async (file) => ({
      version: Number(file.slice(0, 4)),
      name: file.replace(/\.sql$/, ''),
      sql: await readFile(migrationsDir + file, 'utf8'),
    })),
  );
}

/**
 * Applies each pending migration once, in its own transaction, and records it. An advisory lock makes
 * concurrent starts of several instances safe: the second waits and then finds nothing to do.
 * Answers the latest applied version.
 */
export async function migrate(db: Db): Promise<number> {
  await db.exec(SCHEMA_MIGRATIONS_TABLE);
  let latest = 0;
  for (const m of await loadMigrations()) {
    await db.transaction(async (tx) => {
      await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      const done = await tx.query('select 1 from public.schema_migrations where version = $1', [m.version]);
      if (done.length > 0) return;
      await applyMigration(tx, m);
    });
    latest = m.version;
  }
  return latest;
}

export const SCHEMA_MIGRATIONS_TABLE = `create table if not exists public.schema_migrations (
    version integer primary key, name text not null, applied_at timestamptz not null default now())`;

/** Runs one migration and records it, inside the caller's transaction (a restore runs many in one). */
export async function applyMigration(tx: Queryable, m: Migration): Promise<void> {
  await tx.exec(m.sql);
  await tx.query('insert into public.schema_migrations (version, name) values ($1, $2)', [m.version, m.name]);
}

export async function migrationVersion(db: Db): Promise<number> {
  const rows = await db.query<{ v: number | null }>('select max(version) as v from public.schema_migrations');
  return rows[0]?.v ?? 0;
}
