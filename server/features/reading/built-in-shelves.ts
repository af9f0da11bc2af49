// A start puts the edition on the reader's built-in Currently Reading shelf; a finish moves it to Read; a
// dnf takes it off Currently Reading (it is no longer being read, nor was it read). Runs inside the
// progress event's transaction, so the event and the shelves change together.
import { generateKeyBetween } from 'fractional-indexing';
import type { ReadingEventType } from '@shared/domain/reading-state';
import type { Queryable } from '../../db/db';

const BUILT_IN_NAMES = { 'currently-reading': 'Currently Reading', read: 'Read' } as const;
type BuiltInSlug = keyof typeof BUILT_IN_NAMES;

/**
 * The reader's built-in shelf, created on first use, locked for the rest of the transaction so appends to
 * it take turns and never pick the same sort key. Null only if a custom shelf already holds the name.
 */
async function lockBuiltInShelf(tx: Queryable, userId: string, slug: BuiltInSlug): Promise<string | null> {
  await tx.query(
    `insert into public.shelves (user_id, name, slug) values ($1, $2, $3) on conflict do nothing`,
    [userId, BUILT_IN_NAMES[slug], slug],
  );
  const rows = await tx.query<{ id: string }>(
    'select id from public.shelves where user_id = $1 and slug = $2 for update',
    [userId, slug],
  );
  return rows[0]?.id ?? null;
}

/** Appends the edition at the end of the shelf unless it is already there. */
async function appendToShelf(
  tx: Queryable,
  shelfId: string,
  editionId: string,
  workId: string,
): Promise<void> {
  // A writer that does not lock the shelf row could still take the same key first: try a fresh key then.
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const present = await tx.query(
      'select 1 from public.shelf_items where shelf_id = $1 and edition_id = $2',
      [shelfId, editionId],
    );
    if (present.length > 0) return;
    const [last] = await tx.query<{ sort_key: string }>(
      'select sort_key from public.shelf_items where shelf_id = $1 order by sort_key desc limit 1',
      [shelfId],
    );
    const inserted = await tx.query(
      `insert into public.shelf_items (shelf_id, edition_id, work_id, sort_key) values ($1, $2, $3, $4)
       on conflict do nothing returning 1`,
      [shelfId, editionId, workId, generateKeyBetween(last?.sort_key ?? null, null)],
    );
    if (inserted.length > 0) return;
  }
  throw new Error(`could not append edition ${editionId} to shelf ${shelfId}`);
}

async function removeFromBuiltInShelf(tx: Queryable, userId: string, slug: BuiltInSlug, editionId: string) {
  await tx.query(
    `delete from public.shelf_items si using public.shelves s
     where s.id = si.shelf_id and s.user_id = $1 and s.slug = $2 and si.edition_id = $3`,
    [userId, slug, editionId],
  );
}

export async function shelveAfterEvent(
  tx: Queryable,
  userId: string,
  eventType: ReadingEventType,
  edition: { id: string; work_id: string },
): Promise<void> {
  if (eventType === 'start') {
    const shelfId = await lockBuiltInShelf(tx, userId, 'currently-reading');
    if (shelfId) await appendToShelf(tx, shelfId, edition.id, edition.work_id);
  } else if (eventType === 'finish') {
    const shelfId = await lockBuiltInShelf(tx, userId, 'read');
    if (shelfId) await appendToShelf(tx, shelfId, edition.id, edition.work_id);
    await removeFromBuiltInShelf(tx, userId, 'currently-reading', edition.id);
  } else if (eventType === 'dnf') {
    await removeFromBuiltInShelf(tx, userId, 'currently-reading', edition.id);
  }
}
