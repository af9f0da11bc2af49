// A start puts the edition on the reader's built-in Currently Reading shelf; a finish moves it to Read; a
// dnf takes it off Currently Reading (it is no longer being read, nor was it read). Runs inside the
// progress event's transaction, so the event and the shelves change together.
import type { ReadingEventType } from '@shared/domain/reading-state';
import type { Queryable } from '../../db/db';
import { ensureBuiltinShelf, findBuiltinShelf } from '../shelves/own-shelves';
import { appendToLockedShelf, removeEdition } from '../shelves/shelf-writes';

/** Appends to the built-in shelf, created on first use and locked so concurrent appends take turns. */
async function addToBuiltIn(
  tx: Queryable,
  userId: string,
  slug: string,
  edition: { id: string; work_id: string },
) {
  const shelfId = await ensureBuiltinShelf(tx, userId, slug, true);
  await appendToLockedShelf(tx, shelfId, edition.id, edition.work_id);
}

async function removeFromBuiltIn(tx: Queryable, userId: string, slug: string, editionId: string) {
  const shelfId = await findBuiltinShelf(tx, userId, slug);
  if (shelfId) await removeEdition(tx, shelfId, editionId);
}

export async function shelveAfterEvent(
  tx: Queryable,
  userId: string,
  eventType: ReadingEventType,
  edition: { id: string; work_id: string },
): Promise<void> {
  if (eventType === 'start') {
    await addToBuiltIn(tx, userId, 'currently-reading', edition);
  } else if (eventType === 'finish') {
    await addToBuiltIn(tx, userId, 'read', edition);
    await removeFromBuiltIn(tx, userId, 'currently-reading', edition.id);
  } else if (eventType === 'dnf') {
    await removeFromBuiltIn(tx, userId, 'currently-reading', edition.id);
  }
}
