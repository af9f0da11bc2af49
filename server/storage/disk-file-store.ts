// Stored files on local disk: <storageDir>/<path>. Writes go to a temporary file first and are renamed into
// place, so a reader never sees half an image.
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { FileStore } from './file-store-contract';
import { checkStoredPath } from './file-store-contract';

export function diskFileStore(storageDir: string): FileStore {
  const fileOf = (path: string) => join(storageDir, checkStoredPath(path));
  return {
    kind: 'disk',
    async read(path) {
      try {
        return await readFile(fileOf(path));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async write(path, bytes) {
      const target = fileOf(path);
      await mkdir(dirname(target), { recursive: true });
      const temp = `${target}.${randomUUID()}.tmp`;
      try {
        await writeFile(temp, bytes, { mode: 0o644 });
        await rename(temp, target);
      } catch (err) {
        await rm(temp, { force: true });
        throw err;
      }
    },
    async remove(path) {
      const target = fileOf(path);
      try {
        await rm(target);
        return true;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
        throw err;
      }
    },
  };
}
