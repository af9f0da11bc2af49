// Where avatar files live on disk, and removing one (used when an account is deleted).
import { rm } from 'node:fs/promises';
import { join } from 'node:path';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The single file that holds a user's avatar: <storageDir>/avatars/public/<userId>.png. */
export function avatarFilePath(storageDir: string, userId: string): string {
  // The id is the only variable part of the path, so anything but a uuid is refused (no traversal).
  if (!UUID.test(userId)) throw new Error(`Not a user id: ${userId}`);
  return join(storageDir, 'avatars', 'public', `${userId.toLowerCase()}.png`);
}

/** Deletes the user's avatar file if there is one; a missing file is not an error. */
export async function removeAvatar(storageDir: string, userId: string): Promise<void> {
  if (!UUID.test(userId)) return;
  await rm(avatarFilePath(storageDir, userId), { force: true });
}
