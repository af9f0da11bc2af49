// npm run restore: a backup (write-backup.ts) into an empty database or DATA_DIR (restore-target.ts), from
// either kind of database into either. In one transaction: the schema exactly as the backup's migration left
// it, then every row with triggers and foreign-key checks off (the rows were consistent when read, and the
// triggers' derived rows are in the backup already), sequences, and the files into this configuration's
// store. Migrations newer than the backup run afterwards, as at any start. A failed restore leaves nothing.
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '../config';
import { openDatabase } from '../bootstrap';
import type { Queryable } from '../db/db';
import { SCHEMA_MIGRATIONS_TABLE, applyMigration, loadMigrations, migrate } from '../db/migrate';
import { fileStoreFor } from '../storage/file-store';
import type { BackupHeader, BackupTrailer, TableSection } from './backup-format';
import { BACKUP_FORMAT_VERSION, BackupError, qualifiedName, quoteIdent } from './backup-format';
import type { BackupEntry } from './backup-input';
import { openBackupInput } from './backup-input';
import { tablesToBackUp } from './database-catalog';
import type { RestoreConfig } from './restore-target';
import { checkRestoreTarget } from './restore-target';

/** Rows sent per INSERT: one jsonb array parameter, up to this many rows or bytes. */
const BATCH_ROWS = 500;
const BATCH_BYTES = 4 * 1024 * 1024;

export interface RestoreSummary {
  header: BackupHeader;
  trailer: BackupTrailer;
  /** The schema's migration after the restore (newer than the backup's when this build ships newer ones). */
  migration: number;
}

export async function restoreBackup(options: {
  config: RestoreConfig & Pick<Config, 'databasePoolSize'>;
  file: string;
  log?: (line: string) => void;
}): Promise<RestoreSummary> {
  const { config, file } = options;
  const log = options.log ?? (() => undefined);
  const input = await openBackupInput(file);
  try {
    const { header } = input;
    if (header.version > BACKUP_FORMAT_VERSION) {
      throw new BackupError(`${file} was made by a newer Shelfwise (backup format ${header.version}).`);
    }
    const migrations = (await loadMigrations()).filter((m) => m.version <= header.migration);
    const known = migrations.at(-1)?.version ?? 0;
    if (known < header.migration || !migrations.some((m) => m.version === header.migration)) {
      throw new BackupError(
        `${file} was made by a newer Shelfwise (schema migration ${header.migration}, this one knows up to ${known}): restore it with that version or a later one.`,
      );
    }
    await checkRestoreTarget(config);

    const db = await openDatabase(config);
    let trailer: BackupTrailer;
    try {
      trailer = await db.transaction(async (tx) => {
        await tx.exec(SCHEMA_MIGRATIONS_TABLE);
        for (const m of migrations) await applyMigration(tx, m);
        await withoutTriggers(tx);
        // Rows some migrations insert (reference data) are in the backup as they were: start from none.
        const tables = await tablesToBackUp(tx);
        if (tables.length > 0) {
          await tx.exec(`truncate ${tables.map((t) => qualifiedName(t.schema, t.name)).join(', ')}`);
        }
        return loadEntries(tx, input.entries, config, log);
      });
    } catch (err) {
      await db.close();
      if (!config.databaseUrl) await removeEmbeddedDatabase(config);
      throw err;
    }
    try {
      const migration = await migrate(db);
      if (header.jwt_secret && !config.jwtSecret) {
        await writeFile(join(config.dataDir, 'jwt-secret'), header.jwt_secret, { mode: 0o600, flag: 'wx' });
      } else if (header.jwt_secret) {
        log(
          'The backup carries the JWT secret its server generated; this configuration sets JWT_SECRET instead, so ' +
            'sessions from before need a new sign-in, and enrolled second factors work again only with ' +
            'MFA_ENCRYPTION_KEY set to the old secret (found in the old DATA_DIR/jwt-secret).',
        );
      }
      return { header, trailer, migration };
    } finally {
      await db.close();
    }
  } finally {
    input.close();
  }
}

async function withoutTriggers(tx: Queryable): Promise<void> {
  try {
    await tx.exec('set local session_replication_role = replica');
  } catch (err) {
    throw new BackupError(
      `The database user cannot turn off triggers for the restore (${(err as Error).message}): ` +
        'restore as a superuser (or rds_superuser, cloudsqlsuperuser on hosted PostgreSQL).',
    );
  }
}

async function loadEntries(
  tx: Queryable,
  entries: AsyncIterable<BackupEntry>,
  config: RestoreConfig,
  log: (line: string) => void,
): Promise<BackupTrailer> {
  const store = fileStoreFor({ config, db: tx });
  const loaded: Record<string, number> = {};
  let sequences = 0;
  let files = 0;
  let table: TableSection | null = null;
  let batch: string[] = [];
  let batchBytes = 0;

  const flush = async () => {
    if (!table || batch.length === 0) return;
    const target = qualifiedName(table.schema, table.name);
    const columns = table.columns.map(quoteIdent).join(', ');
    await tx.query(
      `insert into ${target} (${columns}) overriding system value
       select ${columns} from jsonb_populate_recordset(null::${target}, $1::jsonb)`,
      [`[${batch.join(',')}]`],
    );
    const key = `${table.schema}.${table.name}`;
    loaded[key] = (loaded[key] ?? 0) + batch.length;
    batch = [];
    batchBytes = 0;
  };

  for await (const entry of entries) {
    switch (entry.kind) {
      case 'table':
        await flush();
        table = entry.table;
        loaded[`${table.schema}.${table.name}`] = 0;
        break;
      case 'row':
        if (!table)
          throw new BackupError('The backup is damaged (a row before any table): nothing was restored.');
        batch.push(entry.json);
        batchBytes += entry.json.length;
        if (batch.length >= BATCH_ROWS || batchBytes >= BATCH_BYTES) await flush();
        break;
      case 'sequence':
        await flush();
        await tx.query('select setval($1::regclass, $2, true)', [entry.name, entry.lastValue]);
        sequences++;
        break;
      case 'file':
        await flush();
        await store.write(entry.path, entry.bytes);
        files++;
        break;
      case 'end': {
        await flush();
        checkComplete(entry.trailer, { rows: loaded, sequences, files });
        const rows = Object.values(loaded).reduce((a, b) => a + b, 0);
        log(`Restored ${rows} rows in ${Object.keys(loaded).length} tables, ${files} files.`);
        return entry.trailer;
      }
    }
  }
  throw new BackupError('The backup ends early (was the file cut short?): nothing was restored.');
}

function checkComplete(expected: BackupTrailer, loaded: BackupTrailer): void {
  const same =
    expected.files === loaded.files &&
    expected.sequences === loaded.sequences &&
    Object.keys(expected.rows).length === Object.keys(loaded.rows).length &&
    Object.entries(expected.rows).every(([table, n]) => loaded.rows[table] === n);
  if (!same)
    throw new BackupError('The backup does not hold what its last line lists: nothing was restored.');
}

/** A failed restore into DATA_DIR takes back what it created there, so the directory is empty again. */
async function removeEmbeddedDatabase(config: RestoreConfig): Promise<void> {
  await rm(join(config.dataDir, 'pglite'), { recursive: true, force: true });
  if (config.fileStorage === 'disk') await rm(config.storageDir, { recursive: true, force: true });
}
