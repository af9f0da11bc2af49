// /sf/ shelf calls. Shelves and items are only ever changed by their owner: someone else's shelf answers
// 404 'Shelf not found', the same as a shelf that does not exist. Every shelf of a public account (one whose
// e-mail is confirmed) is readable through public-shelf, without what private reading events put there.
import { notFound } from '../../http/errors';
import type { ParsedRequestOf, ResponseOf } from '@shared/api/endpoints';
import type { shelvesEndpoints } from '@shared/api/shelves';
import type { AppDeps } from '../../deps';
import type { AreaHandlers } from '../../http/handler-context';
import {
  ensureBuiltinShelf,
  ensureBuiltinShelves,
  findBuiltinShelf,
  requireOwnShelf,
  SHELF_NOT_FOUND,
} from './own-shelves';
import { reorderShelfItem } from './reorder';
import {
  listShelves,
  publicShelfHeader,
  shelfCounts,
  shelfItemsPage,
  shelvesHoldingEdition,
} from './shelf-reads';
import {
  appendToLockedShelf,
  createShelf,
  removeEdition,
  removeItemByKey,
  workOfEdition,
} from './shelf-writes';
import { assertWorkUsable } from '../catalogue/visibility';

export const shelvesHandlers = {
  async 'list-shelves'(_input, { deps, user }) {
    await ensureBuiltinShelves(deps.db, user.userId);
    return listShelves(deps.db, user.userId);
  },

  async 'get-shelf-items'({ shelf_id, limit, after }, { deps, user }) {
    const items = await shelfItemsPage(deps.db, shelf_id, user.userId, {
      view: 'owner',
      limit,
      after,
      coversBase: deps.config.publicUrl,
      ownerId: user.userId,
    });
    // No rows: someone else's shelf or none at all (404), or the caller's own, empty past `after`.
    if (items.length === 0) await requireOwnShelf(deps.db, user.userId, shelf_id);
    return items;
  },

  async 'create-shelf'({ name }, { deps, user }) {
    return createShelf(deps.db, user.userId, name);
  },

  async 'add-to-shelf'({ shelf_id, shelf_name, edition_id, work_id }, { deps, user }) {
    return deps.db.transaction(async (tx) => {
      const workId = await workOfEdition(tx, edition_id, work_id);
      await assertWorkUsable(tx, workId, user.userId, 'Edition not found');
      const shelfId =
        shelf_id !== undefined
          ? await requireOwnShelf(tx, user.userId, shelf_id, true)
          : await ensureBuiltinShelf(tx, user.userId, shelf_name ?? '', true);
      await appendToLockedShelf(tx, shelfId, edition_id, workId);
      return { shelf_id: shelfId };
    });
  },

  async 'remove-from-shelf'({ shelf_id, shelf_name, edition_id, work_id }, { deps, user }) {
    // A built-in that was never created holds nothing, so there is nothing to remove (and nothing to create).
    const shelfId =
      shelf_id !== undefined
        ? await requireOwnShelf(deps.db, user.userId, shelf_id)
        : await findBuiltinShelf(deps.db, user.userId, shelf_name ?? '');
    if (shelfId) await removeEdition(deps.db, shelfId, edition_id, work_id);
    return { ok: true as const };
  },

  async 'remove-shelf-item'({ shelf_id, sort_key }, { deps, user }) {
    await requireOwnShelf(deps.db, user.userId, shelf_id);
    await removeItemByKey(deps.db, shelf_id, sort_key);
    return { ok: true as const };
  },

  async 'reorder-shelf-item'(input, { deps, user }) {
    return reorderShelfItem(deps.db, user.userId, input);
  },

  async 'edition-shelves'({ edition_id, work_id }, { deps, user }) {
    return shelvesHoldingEdition(deps.db, user.userId, edition_id, work_id);
  },

  async 'shelf-counts'(_input, { deps, user }) {
    return { counts: await shelfCounts(deps.db, user.userId) };
  },

  async 'public-shelf'(input, { deps }) {
    return (await readPublicShelf(deps, input)).answer;
  },
} satisfies AreaHandlers<typeof shelvesEndpoints>;

/**
 * A public shelf page and whose shelf it is: the answer names only the username, and the public read cache
 * (server/cache) must know the owner's id to drop the page when the owner changes something on it.
 */
export async function readPublicShelf(
  deps: AppDeps,
  { shelf_id, limit, after }: ParsedRequestOf<'public-shelf'>,
): Promise<{ answer: ResponseOf<'public-shelf'>; ownerId: string }> {
  const header = await publicShelfHeader(deps.db, shelf_id);
  if (!header) throw notFound(SHELF_NOT_FOUND);
  const items = await shelfItemsPage(deps.db, shelf_id, header.user_id, {
    view: 'public',
    limit,
    after,
    coversBase: deps.config.publicUrl,
  });
  return {
    answer: { shelf: { name: header.name, username: header.username }, items },
    ownerId: header.user_id,
  };
}
