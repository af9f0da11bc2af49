// What a file store is (file-store.ts picks one): the interface and the path check both kinds apply.

export interface FileStore {
  readonly kind: 'disk' | 'database';
  /**
   * The stored bytes, or null when there is no such file. immutable: the caller knows the bytes never change
   * under this path (content-addressed covers), so a copy held in memory needs no check.
   */
  read(path: string, options?: { immutable?: boolean }): Promise<Buffer | null>;
  /** Stores the bytes under the path, replacing what was there; a reader sees the old or the new, never half. */
  write(path: string, bytes: Uint8Array): Promise<void>;
  /** Removes the file; a missing one is not an error. Answers whether there was one. */
  remove(path: string): Promise<boolean>;
}

/**
 * A stored file's path: lower-case folder names, then one file name of letters, digits, '-', '_' and '.',
 * never '..'. Callers build paths from checked ids and hashes; this is the last guard before disk or table.
 */
const STORED_PATH = /^[a-z]+(?:\/[a-z]+)*\/[\w-]+(?:\.[\w-]+)*$/;

export function checkStoredPath(path: string): string {
  if (!STORED_PATH.test(path)) throw new Error(`Not a stored file path: ${path}`);
  return path;
}
