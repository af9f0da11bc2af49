// Changes to shelves and their items. Every item write first locks its shelf row, so writes to one shelf
// take turns: appended keys never collide, and an edition added twice at once is stored once.
import { generateKeyBetween } from 'fractional-indexing';
import {
  CUSTOM_SHELVES_LIMIT_MESSAGE,
  MAX_CUSTOM_SHELVES,
  MAX_SHELF_ITEMS,
  SHELF_ITEMS_LIMIT_MESSAGE,
} from '@shared/api/shelves';
import type { Db, Queryable } from '../../db/db';
import { badRequest, conflict, notFound } from '../../http/errors';
import { ensureBuiltinShelves } from './own-shelves';

// Advisory lock class for "one reader's custom shelves"; the second key is a hash of the user id. Creations by
// one reader take turns, so the count checked below is the count the insert lands on.
const CUSTOM_SHELVES_LOCK = 7_274_041;

export async function createShelf(db: Db, userId: string, name: string): Promise<{ id: string }> {
  return db.transaction(async (tx) => {
    // Built-ins first, so a custom shelf can never take a built-in's name before the built-in exists.
    await ensureBuiltinShelves(tx, userId);
    await tx.query(`select pg_advisory_xact_lock(${CUSTOM_SHELVES_LOCK}, hashtext($1))`, [userId]);
    const [have] = await tx.query<{ n: number }>(
      'select count(*)::int as n from public.shelves where user_id = $1 and slug is null',
      [userId],
    );
    if ((have?.n ?? 0) >= MAX_CUSTOM_SHELVES) throw conflict(CUSTOM_SHELVES_LIMIT_MESSAGE, 'limit_reached');
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
 * Who an item placed by a write may be shown to: 'public' for the reader's own adds and public reading
 * events, 'private' for private reading events (migration 0041 has the whole model).
 */
export type Placement = 'public' | 'private';

/**
 * Puts the edition at the end of a shelf whose row the caller has locked in this transaction. When it is
 * already there, a public placement publishes it, and either brings back an item a private event had taken
 * off the owner's view. Other features (reading events) call this inside their own transaction. A full
 * shelf answers 409 limit_reached; the lock makes that exact.
 */
export async function appendToLockedShelf(
  tx: Queryable,
  shelfId: string,
  editionId: string,
  workId: string,
  placement: Placement = 'public',
): Promise<void> {
  const [existing] = await tx.query<{ owner_visible: boolean; published_at: string | null }>(
    'select owner_visible, published_at from public.shelf_items where shelf_id = $1 and edition_id = $2',
    [shelfId, editionId],
  );
  if (existing) {
    if (!existing.owner_visible) {
      await tx.query(
        `update public.shelf_items set owner_visible = true, added_at = now()
         where shelf_id = $1 and edition_id = $2`,
        [shelfId, editionId],
      );
    }
    if (placement === 'public' && existing.published_at === null) {
      await publishLocked(tx, shelfId, editionId);
    }
    return;
  }
  const [held] = await tx.query<{ n: number }>(
    'select count(*)::int as n from public.shelf_items where shelf_id = $1',
    [shelfId],
  );
  if ((held?.n ?? 0) >= MAX_SHELF_ITEMS) throw conflict(SHELF_ITEMS_LIMIT_MESSAGE, 'limit_reached');
  await tx.query(
    `insert into public.shelf_items (shelf_id, edition_id, work_id, sort_key, published_at)
     values ($1, $2, $3, $4, case when $5 then now() end)`,
    [shelfId, editionId, workId, await keyAfterLast(tx, shelfId), placement === 'public'],
  );
}

async function keyAfterLast(tx: Queryable, shelfId: string): Promise<string> {
  const last = await tx.query<{ sort_key: string }>(
    'select sort_key from public.shelf_items where shelf_id = $1 order by sort_key desc limit 1',
    [shelfId],
  );
  return generateKeyBetween(last[0]?.sort_key ?? null, null);
}

/**
 * Shows everyone an item only its owner could see so far, on a shelf locked by the caller: dated now, and
 * moved to the end, as if added now, so that neither its date nor its place tells when it was shelved.
 */
export async function publishLocked(tx: Queryable, shelfId: string, editionId: string): Promise<void> {
  await tx.query(
    `update public.shelf_items set published_at = now(), sort_key = $3
     where shelf_id = $1 and edition_id = $2 and published_at is null
       and exists (select 1 from public.shelf_items later
                   where later.shelf_id = $1 and later.sort_key > shelf_items.sort_key)`,
    [shelfId, editionId, await keyAfterLast(tx, shelfId)],
  );
  // Already last: only the date.
  await tx.query(
    `update public.shelf_items set published_at = now()
     where shelf_id = $1 and edition_id = $2 and published_at is null`,
    [shelfId, editionId],
  );
}

/** The reader's own removal: gone for everyone. */
/**
 * With the edition's work, the work's other editions on the shelf go too (what 'Your Lists' ticked); a
 * work_id the edition is not of removes only the edition.
 */
export async function removeEdition(
  q: Queryable,
  shelfId: string,
  editionId: string,
  workId?: string,
): Promise<void> {
  await q.query(
    `delete from public.shelf_items si
     where si.shelf_id = $1
       and (si.edition_id = $2
            or ($3::uuid is not null and si.work_id = $3::uuid
                and exists (select 1 from public.editions e where e.id = $2 and e.work_id = $3::uuid)))`,
    [shelfId, editionId, workId ?? null],
  );
}

/**
 * A reading event's removal. A private one takes the item off the owner's view only when others can see
 * it (to them nothing happened); an item only the owner knew of simply goes.
 */
export async function takeOffShelf(
  q: Queryable,
  shelfId: string,
  editionId: string,
  placement: Placement,
): Promise<void> {
  if (placement === 'private') {
    await q.query(
      `update public.shelf_items set owner_visible = false
       where shelf_id = $1 and edition_id = $2 and published_at is not null`,
      [shelfId, editionId],
    );
  }
  await q.query(
    `delete from public.shelf_items
     where shelf_id = $1 and edition_id = $2 and ($3 or published_at is null)`,
    [shelfId, editionId, placement === 'public'],
  );
}

export async function removeItemByKey(q: Queryable, shelfId: string, sortKey: string): Promise<void> {
  await q.query('delete from public.shelf_items where shelf_id = $1 and sort_key = $2', [shelfId, sortKey]);
}
