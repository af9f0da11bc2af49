// One shelf's items, paged by cursor (SPEC.md §4, §9: pages of 20, `after` = last sort_key), and the local
// changes the page makes to them. Failed writes are ignored with no rollback (SPEC.md §8).
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import type { InfiniteData } from '@tanstack/react-query';
import { useCallback, useMemo, useRef } from 'react';
import { SHELF_PAGE_SIZE } from '@shared/api/shelves';
import { sfQueryKey } from '../../hooks/use-sf-query';
import { useBackend } from '../../platform/backend-context';
import { markStale } from '../../stale-data';
import { neighbourKeys } from './drop-position';
import { flattenPages, inOrder, itemId, nextCursor, withSortKey, withoutItem } from './shelf-items-cache';
import type { ShelfCursor, ShelfItemsPage } from './shelf-items-cache';

type Pages = InfiniteData<ShelfItemsPage, ShelfCursor>;

/**
 * Under sfQueryKey('get-shelf-items', { shelf_id }), so anyone invalidating that key refreshes this list; the
 * trailing 'pages' keeps it apart from a plain useSfQuery answer for the same call, which is shaped differently.
 */
export const shelfItemsKey = (shelfId: string) =>
  [...sfQueryKey('get-shelf-items', { shelf_id: shelfId }), 'pages'] as const;

export function useShelfItems(shelfId: string) {
  const backend = useBackend();
  const queryClient = useQueryClient();
  const queryKey = useMemo(() => shelfItemsKey(shelfId), [shelfId]);

  const query = useInfiniteQuery({
    queryKey,
    queryFn: async ({ pageParam }): Promise<ShelfItemsPage> => {
      const items = await backend.sf('get-shelf-items', {
        shelf_id: shelfId,
        limit: SHELF_PAGE_SIZE,
        after: pageParam.after,
      });
      return { items, full: items.length >= SHELF_PAGE_SIZE };
    },
    initialPageParam: { after: null } as ShelfCursor,
    getNextPageParam: (_last, pages) => nextCursor(pages),
  });

  const items = useMemo(() => flattenPages(query.data?.pages ?? []), [query.data]);

  const updatePages = useCallback(
    (change: (pages: ShelfItemsPage[]) => ShelfItemsPage[]) =>
      queryClient.setQueryData<Pages>(queryKey, (old) => (old ? { ...old, pages: change(old.pages) } : old)),
    [queryClient, queryKey],
  );

  const refreshCounts = useCallback(() => void markStale(queryClient, 'shelfItemRemoved'), [queryClient]);

  /** Takes the row off the page at once and off the shelf by its sort_key. */
  const removeItem = useCallback(
    (editionId: string) => {
      const item = flattenPages(queryClient.getQueryData<Pages>(queryKey)?.pages ?? []).find(
        (i) => itemId(i) === editionId,
      );
      if (!item) return;
      updatePages((pages) => withoutItem(pages, editionId));
      backend
        .sf('remove-shelf-item', { shelf_id: shelfId, sort_key: item.sort_key })
        .then(refreshCounts, () => undefined);
    },
    [backend, queryClient, queryKey, refreshCounts, shelfId, updatePages],
  );

  // Moves are sent one at a time, each naming its neighbours as they are when it is sent, so a quick
  // second drag never quotes a key the first one is about to change.
  const moves = useRef<Promise<void>>(Promise.resolve());

  /** Shows the new order at once, then stores the moved row's new key from the server's answer. */
  const moveItem = useCallback(
    (editionId: string, order: string[]) => {
      updatePages((pages) => inOrder(pages, order));
      moves.current = moves.current.then(async () => {
        const current = flattenPages(queryClient.getQueryData<Pages>(queryKey)?.pages ?? []);
        const moved = current.find((i) => itemId(i) === editionId);
        if (!moved) return;
        const { above, below } = neighbourKeys(
          current.map((i) => ({ id: itemId(i), sortKey: i.sort_key })),
          editionId,
        );
        try {
          const { new_key } = await backend.sf('reorder-shelf-item', {
            shelf_id: shelfId,
            sort_key: moved.sort_key,
            above,
            below,
          });
          updatePages((pages) => withSortKey(pages, editionId, new_key));
        } catch {
          // SPEC.md §8: a failed reorder is ignored and the row stays where it was dropped.
        }
      });
    },
    [backend, queryClient, queryKey, shelfId, updatePages],
  );

  /** The row left this shelf through the Add to Shelves dialog. */
  const forgetItem = useCallback(
    (editionId: string) => updatePages((pages) => withoutItem(pages, editionId)),
    [updatePages],
  );

  return { query, items, removeItem, moveItem, forgetItem };
}
