// Deleting an account: one statement removes the user, and ON DELETE CASCADE from auth.users takes every
// row they own (profile, sessions, shelves, logs, goals, reviews, whose trigger takes their ratings off the
// works) in the same transaction. Their avatar goes afterwards.
import type { Db } from '../db/db';
import { removeAvatar } from '../storage/avatar-files';
import type { FileStore } from '../storage/file-store';

/** Answers false when there was no such user. */
export async function deleteUserAccount(db: Db, files: FileStore, userId: string): Promise<boolean> {
  const deleted = await db.transaction((tx) =>
    tx.query('delete from auth.users where id = $1 returning id', [userId]),
  );
  if (deleted.length === 0) return false;
  // The account is gone either way; a file left behind is logged, not a failed deletion.
  await removeAvatar(files, userId).catch((err: unknown) =>
    console.error(`could not remove the avatar of deleted user ${userId}:`, err),
  );
  return true;
}
