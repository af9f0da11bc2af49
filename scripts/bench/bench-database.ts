// A fresh database per run: a new `bench_*` database on the PostgreSQL named, or a new PGlite data
// directory (on disk, as the real server keeps it). `drop` removes either completely.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { Db } from '../../server/db/db';
import { openPglite } from '../../server/db/pglite';
import { openPostgres } from '../../server/db/postgres';

export type DbKind = 'pglite' | 'postgres';

export interface BenchDatabase {
  kind: DbKind;
  /** For the server: DATABASE_URL (PostgreSQL) or DATA_DIR holding pglite/ (PGlite). */
  serverEnv: Record<string, string>;
  /** Opens a connection (PostgreSQL: a pool of `max`, like the server's 10). */
  open(max?: number): Promise<Db>;
  drop(): Promise<void>;
}

export async function createBenchDatabase(kind: DbKind, postgresUrl: string): Promise<BenchDatabase> {
  const dataDir = await mkdtemp(join(tmpdir(), 'sf-bench-'));
  if (kind === 'pglite') {
    return {
      kind,
      serverEnv: { DATA_DIR: dataDir, DATABASE_URL: '' },
      open: () => openPglite(join(dataDir, 'pglite')),
      drop: () => rm(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `bench_${Date.now().toString(36)}`;
  await withAdmin(postgresUrl, (admin) => admin.query(`create database ${name}`));
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  return {
    kind,
    serverEnv: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    open: (max = 10) => openPostgres(url.toString(), max),
    async drop() {
      await withAdmin(postgresUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`));
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function withAdmin<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    return await fn(admin);
  } finally {
    await admin.end();
  }
}

/** The server's PostgreSQL version and the settings that shape the figures, for the report. */
export async function postgresFacts(db: Db): Promise<string> {
  const rows = await db.query<{ name: string; setting: string }>(
    `select name, current_setting(name) as setting from pg_settings
     where name in ('shared_buffers', 'work_mem', 'effective_cache_size', 'max_parallel_workers_per_gather',
                    'jit', 'random_page_cost', 'synchronous_commit')
     order by name`,
  );
  const version =
    (await db.query<{ v: string }>(`select current_setting('server_version') as v`))[0]?.v ?? '?';
  return `PostgreSQL ${version}, settings: ${rows.map((r) => `${r.name}=${r.setting}`).join(', ')}`;
}
