// A restore goes only into an empty place: a database with no tables of ours, or a DATA_DIR that does not
// exist yet or is empty, and, with disk storage, an empty STORAGE_DIR. Anything there would otherwise be
// mixed with or overwritten by the backup's rows, and the operator may have pointed at the wrong place.
import { readdir } from 'node:fs/promises';
import pg from 'pg';
import type { Config } from '../config';
import { BackupError } from './backup-format';
import { relationsInDatabase } from './database-catalog';

export type RestoreConfig = Pick<
  Config,
  'databaseUrl' | 'dataDir' | 'fileStorage' | 'storageDir' | 'jwtSecret'
>;

export async function checkRestoreTarget(config: RestoreConfig): Promise<void> {
  if (config.databaseUrl) {
    const client = new pg.Client({ connectionString: config.databaseUrl });
    try {
      await client.connect();
    } catch (err) {
      throw new BackupError(`Cannot reach the database at DATABASE_URL: ${(err as Error).message}`);
    }
    try {
      const relations = await relationsInDatabase({
        query: async (sql, params) => (await client.query(sql, params as unknown[])).rows,
        exec: async (sql) => void (await client.query(sql)),
      });
      if (relations > 0) {
        throw new BackupError(
          `The database at DATABASE_URL is not empty (it holds ${relations} tables, views or sequences): ` +
            'restore only into a new, empty database (createdb, then point DATABASE_URL at it).',
        );
      }
    } finally {
      await client.end();
    }
  } else if ((await entriesOf(config.dataDir)).length > 0) {
    throw new BackupError(
      `DATA_DIR ${config.dataDir} is not empty: restore only into a new, empty directory ` +
        '(set DATA_DIR to a path that does not exist yet).',
    );
  }
  if (config.fileStorage === 'disk' && (await entriesOf(config.storageDir)).length > 0) {
    throw new BackupError(
      `STORAGE_DIR ${config.storageDir} is not empty: restore only into a new, empty directory.`,
    );
  }
}

async function entriesOf(dir: string): Promise<string[]> {
  try {
    return await readdir(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
}
