// Avatars in the file store (server/storage/file-store.ts): avatars/public/<userId>.png, one per user.
import { AVATAR_BUCKET, avatarObjectPath, avatarOwner } from '@shared/avatar';
import type { FileStore } from './file-store';

/** The stored path of a user's avatar. The id is the only variable part and must be a uuid, so no path escapes. */
export function avatarStoredPath(userId: string): string {
  const objectPath = avatarObjectPath(userId.toLowerCase());
  if (avatarOwner(objectPath) === null) throw new Error(`Not a user id: ${userId}`);
  return `${AVATAR_BUCKET}/${objectPath}`;
}

/** Deletes the user's avatar if there is one; a missing file (or a non-uuid id) is not an error. */
export async function removeAvatar(files: FileStore, userId: string): Promise<boolean> {
  if (avatarOwner(avatarObjectPath(userId.toLowerCase())) === null) return false;
  return files.remove(avatarStoredPath(userId));
}

/** The stored bytes, or null when the user has no avatar. */
export const readAvatar = (files: FileStore, userId: string): Promise<Buffer | null> =>
  files.read(avatarStoredPath(userId));

export const writeAvatar = (files: FileStore, userId: string, bytes: Uint8Array): Promise<void> =>
  files.write(avatarStoredPath(userId), bytes);
