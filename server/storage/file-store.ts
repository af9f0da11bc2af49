// Where stored files (avatars, the cover cache) live: one small interface, two places. With DATABASE_URL
// they are rows of public.stored_files, so every instance on that database sees the same files (issue 30);
// the embedded database keeps them on local disk under STORAGE_DIR, as a single process needs nothing more.
// FILE_STORAGE=disk keeps them on disk with PostgreSQL too (one instance, or a shared volume).
import type { Config } from '../config';
import type { Queryable } from '../db/db';
import { databaseFileStore } from './database-file-store';
import { diskFileStore } from './disk-file-store';
import type { FileStore } from './file-store-contract';
import type { HeldFiles } from './held-files';

export type { FileStore } from './file-store-contract';

/**
 * The store this configuration uses (cheap to build per router: the database kind shares the process's memory
 * of served files, or else one per database handle).
 */
export function fileStoreFor(deps: {
  config: Pick<Config, 'fileStorage' | 'storageDir'>;
  db: Queryable;
  heldFiles?: HeldFiles;
}): FileStore {
  return deps.config.fileStorage === 'database'
    ? databaseFileStore(deps.db, deps.heldFiles)
    : diskFileStore(deps.config.storageDir);
}
