// Avatar files on disk: <storageDir>/avatars/public/<userId>.png, one per user. Writes go to a temporary
// file first and are renamed into place, so a reader never sees half an image.
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { AVATAR_BUCKET, avatarObjectPath, avatarOwner } from '@shared/avatar';

/** The file of a user's avatar. The id is the only variable part and must be a uuid, so no path escapes. */
export function avatarFilePath(storageDir: string, userId: string): string {
  const objectPath = avatarObjectPath(userId.toLowerCase());
  if (avatarOwner(objectPath) === null) throw new Error(`Not a user id: ${userId}`);
  return join(storageDir, AVATAR_BUCKET, objectPath);
}

/** Deletes the user's avatar file if there is one; a missing file (or a non-uuid id) is not an error. */
export async function removeAvatar(storageDir: string, userId: string): Promise<void> {
  if (avatarOwner(avatarObjectPath(userId.toLowerCase())) === null) return;
  await rm(avatarFilePath(storageDir, userId), { force: true });
}

/** The stored bytes, or null when the user has no avatar. */
export async function readAvatar(storageDir: string, userId: string): Promise<Buffer | null> {
  try {
    return await readFile(avatarFilePath(storageDir, userId));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

export async function writeAvatar(storageDir: string, userId: string, bytes: Uint8Array): Promise<void> {
  const target = avatarFilePath(storageDir, userId);
  await mkdir(dirname(target), { recursive: true });
  const temp = `${target}.${randomUUID()}.tmp`;
  try {
    await writeFile(temp, bytes, { mode: 0o644 });
    await rename(temp, target);
  } catch (err) {
    await rm(temp, { force: true });
    throw err;
  }
}
