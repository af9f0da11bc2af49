// Drag-and-drop reordering (SPEC.md §4): the moved item gets a fractional-index key between its new
// neighbours. The shelf row is locked for the transaction, so concurrent moves on one shelf take turns, and
// the neighbours are re-read under the lock: when another move made the client's view stale, the item goes
// next to the neighbour that still exists instead of colliding with a key that changed.
import { generateKeyBetween } from 'fractional-indexing';
import type { Db, Queryable } from '../../db/db';
import { badRequest, notFound } from '../../http/errors';
import { requireOwnShelf } from './own-shelves';

export interface ReorderRequest {
  shelf_id: string;
  sort_key: string;
  above: string | null;
  below: string | null;
}

type Bounds = { lo: string | null; hi: string | null };

export async function reorderShelfItem(
  db: Db,
  userId: string,
  req: ReorderRequest,
): Promise<{ new_key: string }> {
  if (req.above === req.sort_key || req.below === req.sort_key) {
    throw badRequest('An item cannot be its own neighbour.');
  }
  if (req.above !== null && req.below !== null && req.above >= req.below) {
    throw badRequest('above must sort before below.');
  }
  return db.transaction(async (tx) => {
    const shelfId = await requireOwnShelf(tx, userId, req.shelf_id, true);
    // Only items the reader sees can be moved (migration 0041: a private event may hide one from them).
    const moved = await tx.query(
      'select 1 from public.shelf_items where shelf_id = $1 and sort_key = $2 and owner_visible',
      [shelfId, req.sort_key],
    );
    if (moved.length === 0) throw notFound('Shelf item not found');

    const bounds = await currentBounds(tx, shelfId, req);
    if (bounds === null) return { new_key: req.sort_key };
    const { lo, hi } = bounds;
    // Already there (no item between it and its wanted neighbours): keep the key, write nothing.
    if ((lo === null || lo < req.sort_key) && (hi === null || req.sort_key < hi))
      return { new_key: req.sort_key };

    const newKey = generateKeyBetween(lo, hi);
    await tx.query('update public.shelf_items set sort_key = $3 where shelf_id = $1 and sort_key = $2', [
      shelfId,
      req.sort_key,
      newKey,
    ]);
    return { new_key: newKey };
  });
}

/**
 * The keys the item goes between, from the shelf as it is now (the moved item left out). Null when the
 * request names no neighbour that still exists and does not ask for the top or bottom: the item stays.
 */
async function currentBounds(tx: Queryable, shelfId: string, req: ReorderRequest): Promise<Bounds | null> {
  const exists = async (key: string) =>
    (await tx.query('select 1 from public.shelf_items where shelf_id = $1 and sort_key = $2', [shelfId, key]))
      .length > 0;
  const aboveNow = req.above !== null && (await exists(req.above));
  const belowNow = req.below !== null && (await exists(req.below));

  if (aboveNow || (req.above === null && !belowNow && req.below !== null)) {
    // Right after `above`, or at the very top when the client asked for the top and `below` is gone.
    const lo = aboveNow ? req.above : null;
    return { lo, hi: await neighbour(tx, shelfId, req.sort_key, lo, 'after') };
  }
  if (belowNow || (req.below === null && req.above !== null)) {
    // Right before `below`, or at the very bottom when the client asked for it and `above` is gone.
    const hi = belowNow ? req.below : null;
    return { lo: await neighbour(tx, shelfId, req.sort_key, hi, 'before'), hi };
  }
  if (req.above === null && req.below === null) {
    // No neighbours given: correct only when the item is alone on the shelf.
    const others = await tx.query(
      'select 1 from public.shelf_items where shelf_id = $1 and sort_key <> $2 and owner_visible limit 1',
      [shelfId, req.sort_key],
    );
    if (others.length > 0) throw badRequest('Give above or below unless the item is alone on its shelf.');
  }
  return null;
}

/** The closest key after (or before) `from` on the shelf, skipping the moved item; null at the ends. */
async function neighbour(
  tx: Queryable,
  shelfId: string,
  movedKey: string,
  from: string | null,
  direction: 'after' | 'before',
): Promise<string | null> {
  const cmp = direction === 'after' ? '>' : '<';
  const order = direction === 'after' ? 'asc' : 'desc';
  const rows = await tx.query<{ sort_key: string }>(
    `select sort_key from public.shelf_items
     where shelf_id = $1 and sort_key <> $2 and ($3::text is null or sort_key ${cmp} $3::text collate "C")
     order by sort_key ${order} limit 1`,
    [shelfId, movedKey, from],
  );
  return rows[0]?.sort_key ?? null;
}
