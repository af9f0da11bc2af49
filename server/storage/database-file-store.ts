// Stored files as rows of public.stored_files (migration 0160): every instance on the database reads the
// same files, and they are replicated and backed up with the rest of the data. One statement per call, so a
// write replaces the file atomically.
//
// Each instance keeps the files it served last in memory and asks the database only whether they changed
// (their digest): a round trip of a few bytes instead of the whole image, and a file replaced through another
// instance is never served stale. Content-addressed files (covers) are served from memory without asking.
import { LRUCache } from 'lru-cache';
import type { Queryable } from '../db/db';
import type { FileStore } from './file-store-contract';
import { checkStoredPath } from './file-store-contract';

/** pg answers bytea as a Buffer, PGlite as a Uint8Array: the callers get a Buffer either way. */
const asBuffer = (bytes: Uint8Array) =>
  Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** Memory per process for the files served last (avatars are tens of KB, cover files a few to tens). */
export const SERVED_FILES_BYTES = 64 * 1024 * 1024;

interface Held {
  digest: string;
  bytes: Buffer;
}
export type HeldFiles = LRUCache<string, Held>;

/** An empty memory of served files (each instance has one; tests make two to play two instances). */
export const newHeldFiles = (): HeldFiles =>
  new LRUCache<string, Held>({
    maxSize: SERVED_FILES_BYTES,
    sizeCalculation: (file) => Math.max(1, file.bytes.byteLength),
  });

export function databaseFileStore(db: Queryable, held = heldFilesOf(db)): FileStore {
  return {
    kind: 'database',
    async read(path, options) {
      const known = held.get(checkStoredPath(path));
      if (known && options?.immutable) return known.bytes;
      const rows = await db.query<{ digest: string; bytes: Uint8Array | null }>(
        `select digest, case when digest is distinct from $2 then bytes end as bytes
           from public.stored_files where path = $1`,
        [path, known?.digest ?? null],
      );
      const row = rows[0];
      if (!row) {
        held.delete(path);
        return null;
      }
      if (!row.bytes) return known!.bytes;
      const bytes = asBuffer(row.bytes);
      held.set(path, { digest: row.digest, bytes });
      return bytes;
    },
    async write(path, bytes) {
      await db.query(
        `insert into public.stored_files (path, bytes, updated_at) values ($1, $2, now())
         on conflict (path) do update set bytes = excluded.bytes, updated_at = excluded.updated_at`,
        [checkStoredPath(path), asBuffer(bytes)],
      );
    },
    async remove(path) {
      const rows = await db.query('delete from public.stored_files where path = $1 returning path', [
        checkStoredPath(path),
      ]);
      held.delete(path);
      return rows.length > 0;
    },
  };
}

/** One memory per database handle, shared by every router that builds a store on it. */
const heldByDb = new WeakMap<Queryable, HeldFiles>();
function heldFilesOf(db: Queryable): HeldFiles {
  let held = heldByDb.get(db);
  if (!held) {
    held = newHeldFiles();
    heldByDb.set(db, held);
  }
  return held;
}
