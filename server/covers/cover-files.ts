// Cover files in the file store (server/storage/file-store.ts): covers/<hash>-<size>.webp, one per content
// hash and size. The name is all the server ever builds a path from, and it is checked first, so no path
// escapes; the store writes atomically, so a reader never sees half an image.
import type { CoverSize } from '@shared/covers';
import { isCoverSize } from '@shared/covers';
import type { FileStore } from '../storage/file-store';
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

const storedPath = (hash: string, size: CoverSize) => {
  if (!HASH.test(hash)) throw new Error(`Not a cover hash: ${hash}`);
  return `${COVERS_DIR}/${coverFileName(hash, size)}`;
};

export const readCoverFile = (files: FileStore, hash: string, size: CoverSize): Promise<Buffer | null> =>
  files.read(storedPath(hash, size), { immutable: true });

export async function writeCoverFiles(files: FileStore, hash: string, images: CoverImages): Promise<void> {
  await Promise.all(
    (Object.keys(images) as CoverSize[]).map((size) => files.write(storedPath(hash, size), images[size])),
  );
}
