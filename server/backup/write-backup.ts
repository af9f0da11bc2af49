// npm run backup: one consistent copy of the database and the stored files. Every row and, with database
// storage, every file is read in one REPEATABLE READ, read-only transaction: a single snapshot, so writes
// that commit meanwhile are either wholly in the backup or wholly not, and the server keeps serving
// (PostgreSQL). The embedded database has one connection: its backup runs with the server stopped.
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '../config';
import type { Db, Queryable } from '../db/db';
import { diskFileStore } from '../storage/disk-file-store';
import { storedFilesOnDisk } from '../storage/move-files-to-database';
import type { BackupHeader, BackupTrailer } from './backup-format';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  BackupError,
  ROW_PREFIX,
  qualifiedName,
  quoteIdent,
} from './backup-format';
import type { BackupOutput } from './backup-output';
import { openBackupOutput } from './backup-output';
import { sequencesToBackUp, tablesToBackUp } from './database-catalog';

type BackupConfig = Pick<Config, 'dataDir' | 'jwtSecret' | 'fileStorage' | 'storageDir'>;

const ROWS_PER_FETCH = 500;
const FILES_PER_FETCH = 20;

export async function writeBackup(options: {
  db: Db;
  config: BackupConfig;
  file: string;
}): Promise<BackupTrailer> {
  const { db, config, file } = options;
  if (await exists(file)) throw new BackupError(`${file} already exists: choose a new file name.`);
  const jwtSecret = config.jwtSecret ? null : await generatedJwtSecret(config.dataDir);
  // PostgreSQL retries a transaction that hit a serialisation conflict: each attempt writes its own file.
  return db.transaction(async (tx) => {
    await tx.query('set transaction isolation level repeatable read, read only');
    const out = openBackupOutput(file);
    try {
      const trailer = await writeSnapshot(tx, out, { ...config, source: db.kind, jwtSecret });
      await out.commit();
      return trailer;
    } catch (err) {
      await out.discard();
      throw err;
    }
  });
}

async function writeSnapshot(
  tx: Queryable,
  out: BackupOutput,
  config: BackupConfig & { source: Db['kind']; jwtSecret: string | null },
): Promise<BackupTrailer> {
  const migration = await latestMigration(tx);
  const header: BackupHeader = {
    format: BACKUP_FORMAT,
    version: BACKUP_FORMAT_VERSION,
    created_at: new Date().toISOString(),
    source: config.source,
    migration,
    jwt_secret: config.jwtSecret,
  };
  await out.line(JSON.stringify(['header', header]));
  const trailer: BackupTrailer = { rows: {}, sequences: 0, files: 0 };

  for (const table of await tablesToBackUp(tx)) {
    await out.line(JSON.stringify(['table', table]));
    const columns = table.columns.map((c) => `t.${quoteIdent(c)}`).join(', ');
    let count = 0;
    await tx.exec(
      `declare backup_rows no scroll cursor for
         select to_jsonb(r)::text as row
           from (select ${columns} from only ${qualifiedName(table.schema, table.name)} t) r`,
    );
    for (;;) {
      const rows = await tx.query<{ row: string }>(`fetch forward ${ROWS_PER_FETCH} from backup_rows`);
      if (rows.length === 0) break;
      for (const r of rows) await out.line(`${ROW_PREFIX}${r.row}]`);
      count += rows.length;
    }
    await tx.exec('close backup_rows');
    trailer.rows[`${table.schema}.${table.name}`] = count;
  }

  for (const sequence of await sequencesToBackUp(tx)) {
    await out.line(JSON.stringify(['sequence', sequence.name, sequence.lastValue]));
    trailer.sequences++;
  }

  const writeFile = async (path: string, bytes: Uint8Array) => {
    await out.line(JSON.stringify(['file', path, Buffer.from(bytes).toString('base64')]));
    trailer.files++;
  };
  if (config.fileStorage === 'database') {
    await tx.exec(
      'declare backup_files no scroll cursor for select path, bytes from public.stored_files order by path',
    );
    for (;;) {
      const rows = await tx.query<{ path: string; bytes: Uint8Array }>(
        `fetch forward ${FILES_PER_FETCH} from backup_files`,
      );
      if (rows.length === 0) break;
      for (const r of rows) await writeFile(r.path, r.bytes);
    }
    await tx.exec('close backup_files');
  } else {
    const disk = diskFileStore(config.storageDir);
    for (const path of await storedFilesOnDisk(config.storageDir)) {
      const bytes = await disk.read(path);
      if (bytes) await writeFile(path, bytes); // removed since it was listed: as if backed up a moment earlier
    }
  }

  await out.line(JSON.stringify(['end', trailer]));
  return trailer;
}

async function latestMigration(q: Queryable): Promise<number> {
  const rows = await q
    .query<{ v: number | null }>(`select max(version) as v from public.schema_migrations`)
    .catch(() => []);
  const version = rows[0]?.v ?? 0;
  if (version === 0)
    throw new BackupError('This database has no Shelfwise schema yet: there is nothing to back up.');
  return version;
}

async function generatedJwtSecret(dataDir: string): Promise<string | null> {
  try {
    return (await readFile(join(dataDir, 'jwt-secret'), 'utf8')).trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw err;
  }
}
