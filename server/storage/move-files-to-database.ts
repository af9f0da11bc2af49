// The first start with FILE_STORAGE=database (the default with DATABASE_URL) on a data directory that kept
// its files on disk: every avatar and cover file there moves into public.stored_files, once. A file is
// deleted from disk only after its row is committed, so a start that is stopped half-way moves the rest next
// time; a row already in the table (uploaded since through another instance) is newer and stays.
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { AVATAR_BUCKET, avatarOwner } from '@shared/avatar';
import type { Queryable } from '../db/db';
import { COVERS_DIR, parseCoverFileName } from '../covers/cover-files';
import { diskFileStore } from './disk-file-store';

async function namesIn(dir: string): Promise<string[]> {
  try {
    return await readdir(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
}

/** The stored paths of the files under storageDir that belong in the store (never temporary or foreign files). */
export async function storedFilesOnDisk(storageDir: string): Promise<string[]> {
  const avatars = (await namesIn(join(storageDir, AVATAR_BUCKET, 'public')))
    .filter((name) => avatarOwner(`public/${name}`) !== null)
    .map((name) => `${AVATAR_BUCKET}/public/${name}`);
  const covers = (await namesIn(join(storageDir, COVERS_DIR)))
    .filter((name) => parseCoverFileName(name) !== null)
    .map((name) => `${COVERS_DIR}/${name}`);
  return [...avatars, ...covers];
}

/** Moves the files under storageDir into the database; answers how many were moved. */
export async function moveFilesToDatabase(db: Queryable, storageDir: string): Promise<number> {
  const disk = diskFileStore(storageDir);
  let moved = 0;
  for (const path of await storedFilesOnDisk(storageDir)) {
    const bytes = await disk.read(path);
    if (!bytes) continue;
    await db.query(
      `insert into public.stored_files (path, bytes) values ($1, $2) on conflict (path) do nothing`,
      [path, bytes],
    );
    await rm(join(storageDir, path), { force: true });
    moved++;
  }
  return moved;
}
