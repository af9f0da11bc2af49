// A start puts the edition on the reader's built-in Currently Reading shelf; a finish moves it to Read; a
// dnf takes it off Currently Reading (it is no longer being read, nor was it read). Runs inside the
// progress event's transaction, so the event and the shelves change together.
//
// A private event's shelving is the reader's own (migration 0041): what it adds only the reader sees, what
// it removes leaves the reader's view only, and the timing shows nowhere else. A public event does as it
// always did, and publishes what private events had shelved for it: any public event of a book in progress
// shows it on Currently Reading (as the public profile's reading list already does), a public finish on Read.
import type { ReadingEventType } from '@shared/domain/reading-state';
import type { Queryable } from '../../db/db';
import { ensureBuiltinShelf, findBuiltinShelf } from '../shelves/own-shelves';
import type { Placement } from '../shelves/shelf-writes';
import { appendToLockedShelf, publishLocked, takeOffShelf } from '../shelves/shelf-writes';

/** Appends to the built-in shelf, created on first use and locked so concurrent appends take turns. */
async function addToBuiltIn(
  tx: Queryable,
  userId: string,
  slug: string,
  edition: { id: string; work_id: string },
  placement: Placement,
) {
  const shelfId = await ensureBuiltinShelf(tx, userId, slug, true);
  await appendToLockedShelf(tx, shelfId, edition.id, edition.work_id, placement);
}

async function removeFromBuiltIn(
  tx: Queryable,
  userId: string,
  slug: string,
  editionId: string,
  placement: Placement,
) {
  const shelfId = await findBuiltinShelf(tx, userId, slug);
  if (shelfId) await takeOffShelf(tx, shelfId, editionId, placement);
}

export async function shelveAfterEvent(
  tx: Queryable,
  userId: string,
  eventType: ReadingEventType,
  edition: { id: string; work_id: string },
  isPublic: boolean,
): Promise<void> {
  const placement: Placement = isPublic ? 'public' : 'private';
  if (eventType === 'start') {
    await addToBuiltIn(tx, userId, 'currently-reading', edition, placement);
  } else if (eventType === 'finish') {
    await addToBuiltIn(tx, userId, 'read', edition, placement);
    await removeFromBuiltIn(tx, userId, 'currently-reading', edition.id, placement);
  } else if (eventType === 'dnf') {
    await removeFromBuiltIn(tx, userId, 'currently-reading', edition.id, placement);
  } else if (isPublic) {
    const current = await findBuiltinShelf(tx, userId, 'currently-reading', true);
    if (current) await publishLocked(tx, current, edition.id);
  }
}
