// Cover files in the storage area: <storageDir>/covers/<hash>-<size>.webp, one per content hash and size.
// The name is all the server ever builds a path from, and it is checked first, so no path escapes. Files
// are written to a temporary name and renamed, so a reader never sees half an image.
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CoverSize } from '@shared/covers';
import { isCoverSize } from '@shared/covers';
import type { CoverImages } from './reencode-cover';

const HASH = /^[0-9a-f]{32}$/;
export const COVERS_DIR = 'covers';

export const coverFileName = (hash: string, size: CoverSize) => `${hash}-${size}.webp`;

/** The hash and size of a served file name, or null for any other name. */
export function parseCoverFileName(name: string): { hash: string; size: CoverSize } | null {
  const match = /^([0-9a-f]{32})-([a-z]+)\.webp$/.exec(name);
  if (!match || !HASH.test(match[1]!) || !isCoverSize(match[2])) return null;
  return { hash: match[1]!, size: match[2] };
}

const filePath = (storageDir: string, hash: string, size: CoverSize) => {
  if (!HASH.test(hash)) throw new Error(`Not a cover hash: ${hash}`);
  return join(storageDir, COVERS_DIR, coverFileName(hash, size));
};

export async function readCoverFile(
  storageDir: string,
  hash: string,
  size: CoverSize,
): Promise<Buffer | null> {
  try {
    return await readFile(filePath(storageDir, hash, size));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

export async function writeCoverFiles(storageDir: string, hash: string, images: CoverImages): Promise<void> {
  await mkdir(join(storageDir, COVERS_DIR), { recursive: true });
  await Promise.all(
    (Object.keys(images) as CoverSize[]).map(async (size) => {
      const target = filePath(storageDir, hash, size);
      const temp = `${target}.${randomUUID()}.tmp`;
      try {
        await writeFile(temp, images[size], { mode: 0o644 });
        await rename(temp, target);
      } catch (err) {
        await rm(temp, { force: true });
        throw err;
      }
    }),
  );
}
