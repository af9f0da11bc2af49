// Stored files as rows of public.stored_files (migration 0160): every instance on the database reads the
// same files, and they are replicated and backed up with the rest of the data. One statement per call, so a
// write replaces the file atomically.
//
// Each instance holds the files it served last in memory (held-files.ts): a content-addressed file (a cover)
// is served from there as it is; a replaceable one (an avatar) too while the database's announcements of
// changes are heard, else after asking the database only whether it changed (its digest): a round trip of a
// few bytes instead of the whole image. A file replaced through another instance is never served stale.
import type { Queryable } from '../db/db';
import type { FileStore } from './file-store-contract';
import { checkStoredPath } from './file-store-contract';
import type { HeldFiles } from './held-files';
import { newHeldFiles } from './held-files';

/** pg answers bytea as a Buffer, PGlite as a Uint8Array: the callers get a Buffer either way. */
const asBuffer = (bytes: Uint8Array) =>
  Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

export function databaseFileStore(db: Queryable, held = heldFilesOf(db)): FileStore {
  return {
    kind: 'database',
    async read(path, options) {
      const immutable = options?.immutable ?? false;
      const known = await held.lookup(checkStoredPath(path), immutable);
      if (known?.current) return known.file.bytes;
      const ticket = held.ticket();
      const rows = await db.query<{ digest: string; bytes: Uint8Array | null }>(
        `select digest, case when digest is distinct from $2 then bytes end as bytes
           from public.stored_files where path = $1`,
        [path, known?.file.digest ?? null],
      );
      const row = rows[0];
      if (!row) {
        held.drop(path);
        return null;
      }
      if (!row.bytes) return known!.file.bytes;
      const bytes = asBuffer(row.bytes);
      held.keep(ticket, path, { digest: row.digest, bytes, immutable });
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
      held.drop(path);
      return rows.length > 0;
    },
  };
}

/**
 * One memory per database handle, for stores built without the process's own (startHeldFiles, made at start):
 * shared by every router that builds a store on that handle.
 */
const heldByDb = new WeakMap<Queryable, HeldFiles>();
function heldFilesOf(db: Queryable): HeldFiles {
  let held = heldByDb.get(db);
  if (!held) {
    held = newHeldFiles();
    heldByDb.set(db, held);
  }
  return held;
}
