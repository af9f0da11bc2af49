// What a backup must bring back, read straight from a database: every table's rows (as PostgreSQL prints
// them, in a fixed order) reduced to a count and a digest, and every stored file's bytes. Two databases with
// the same fingerprint hold the same data, row for row and byte for byte.
import { createHash } from 'node:crypto';
import type { Queryable } from '../../server/db/db';
import { qualifiedName } from '../../server/backup/backup-format';
import { tablesToBackUp } from '../../server/backup/database-catalog';
import { diskFileStore } from '../../server/storage/disk-file-store';
import { storedFilesOnDisk } from '../../server/storage/move-files-to-database';

export async function tableFingerprint(q: Queryable): Promise<Record<string, string>> {
  const prints: Record<string, string> = {};
  for (const table of await tablesToBackUp(q)) {
    const [row] = await q.query<{ n: number; digest: string }>(
      `select count(*)::int as n, md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) as digest
         from only ${qualifiedName(table.schema, table.name)} t`,
    );
    prints[`${table.schema}.${table.name}`] = `${row!.n} ${row!.digest}`;
  }
  return prints;
}

/** Stored files by path, as the sha256 of their bytes, from whichever store the configuration uses. */
export async function storedFileFingerprint(
  q: Queryable,
  store: { fileStorage: 'disk' | 'database'; storageDir: string },
): Promise<Record<string, string>> {
  const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
  const prints: Record<string, string> = {};
  if (store.fileStorage === 'database') {
    for (const r of await q.query<{ path: string; bytes: Uint8Array }>(
      'select path, bytes from public.stored_files',
    )) {
      prints[r.path] = sha(r.bytes);
    }
  } else {
    const disk = diskFileStore(store.storageDir);
    for (const path of await storedFilesOnDisk(store.storageDir))
      prints[path] = sha((await disk.read(path))!);
  }
  return prints;
}
