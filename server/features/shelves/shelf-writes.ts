// Changes to shelves and their items. Every item write first locks its shelf row, so writes to one shelf
// take turns: appended keys never collide, and an edition added twice at once is stored once.
import { generateKeyBetween } from 'fractional-indexing';
import type { Db, Queryable } from '../../db/db';
import { badRequest, conflict, notFound } from '../../http/errors';
import { ensureBuiltinShelves } from './own-shelves';

export async function createShelf(db: Db, userId: string, name: string): Promise<{ id: string }> {
  return db.transaction(async (tx) => {
    // Built-ins first, so a custom shelf can never take a built-in's name before the built-in exists.
    await ensureBuiltinShelves(tx, userId);
    const rows = await tx.query<{ id: string }>(
      `insert into public.shelves (user_id, name) values ($1, $2) on conflict do nothing returning id`,
      [userId, name],
    );
    if (!rows[0]) throw conflict('You already have a shelf with this name.', 'shelf_name_taken');
    return rows[0];
  });
}

/** The work an edition belongs to; 404 for an unknown edition, 400 when work_id names another work. */
export async function workOfEdition(
  q: Queryable,
  editionId: string,
  workId: string | undefined,
): Promise<string> {
  const rows = await q.query<{ work_id: string }>('select work_id from public.editions where id = $1', [
    editionId,
  ]);
  const edition = rows[0];
  if (!edition) throw notFound('Edition not found');
  if (workId !== undefined && workId !== edition.work_id) {
    throw badRequest('work_id: the edition belongs to a different work.');
  }
  return edition.work_id;
}

/**
 * Puts the edition at the end of a shelf whose row the caller has locked in this transaction; nothing
 * changes when it is already there. Other features (reading events) call this inside their own transaction.
 */
export async function appendToLockedShelf(
  tx: Queryable,
  shelfId: string,
  editionId: string,
  workId: string,
): Promise<void> {
  const existing = await tx.query(
    'select 1 from public.shelf_items where shelf_id = $1 and edition_id = $2',
    [shelfId, editionId],
  );
  if (existing.length > 0) return;
  const last = await tx.query<{ sort_key: string }>(
    'select sort_key from public.shelf_items where shelf_id = $1 order by sort_key desc limit 1',
    [shelfId],
  );
  await tx.query(
    `insert into public.shelf_items (shelf_id, edition_id, work_id, sort_key) values ($1, $2, $3, $4)`,
    [shelfId, editionId, workId, generateKeyBetween(last[0]?.sort_key ?? null, null)],
  );
}

export async function removeEdition(q: Queryable, shelfId: string, editionId: string): Promise<void> {
  await q.query('delete from public.shelf_items where shelf_id = $1 and edition_id = $2', [
    shelfId,
    editionId,
  ]);
}

export async function removeItemByKey(q: Queryable, shelfId: string, sortKey: string): Promise<void> {
  await q.query('delete from public.shelf_items where shelf_id = $1 and sort_key = $2', [shelfId, sortKey]);
}
