// The loaded pages of a shelf and the local changes made to them (SPEC.md §4 "Shelf list"): paging by the
// last sort_key, a row removed, a row moved, a moved row's new key. Page lengths are kept on a move, and
// whether more pages exist is remembered from the server's answer, so a local removal never ends the paging.
import type { ShelfItem } from '@shared/api/shelves';

export interface ShelfItemsPage {
  items: ShelfItem[];
  /** The server answered a full page, so there may be more after it. */
  full: boolean;
}

/** The next page's request: after the highest key loaded (null: from the top, when every loaded row went). */
export interface ShelfCursor {
  after: string | null;
}

export const itemId = (item: ShelfItem) => item.editions.id;

export function flattenPages(pages: ShelfItemsPage[]): ShelfItem[] {
  return pages.flatMap((page) => page.items);
}

/**
 * Where the next page starts, or undefined when the last answer was short (SPEC.md §9: loading stops when
 * fewer than a page return). The highest key, not the last row's: a row moved up keeps everything below the
 * old last key loaded.
 */
export function nextCursor(pages: ShelfItemsPage[]): ShelfCursor | undefined {
  const last = pages[pages.length - 1];
  if (!last?.full) return undefined;
  let highest: string | null = null;
  for (const item of flattenPages(pages)) {
    // Keys are compared by code unit, as the server orders them (collate "C").
    if (highest === null || item.sort_key > highest) highest = item.sort_key;
  }
  return { after: highest };
}

export function withoutItem(pages: ShelfItemsPage[], id: string): ShelfItemsPage[] {
  return pages.map((page) => ({ ...page, items: page.items.filter((item) => itemId(item) !== id) }));
}

export function withSortKey(pages: ShelfItemsPage[], id: string, sortKey: string): ShelfItemsPage[] {
  return pages.map((page) => ({
    ...page,
    items: page.items.map((item) => (itemId(item) === id ? { ...item, sort_key: sortKey } : item)),
  }));
}

/** The same items in the order of `ids` (ids not loaded are ignored), spread over pages of the same sizes. */
export function inOrder(pages: ShelfItemsPage[], ids: string[]): ShelfItemsPage[] {
  const byId = new Map(flattenPages(pages).map((item) => [itemId(item), item]));
  const ordered = ids.flatMap((id) => byId.get(id) ?? []);
  if (ordered.length !== byId.size) return pages;
  let start = 0;
  return pages.map((page) => {
    const items = ordered.slice(start, start + page.items.length);
    start += page.items.length;
    return { ...page, items };
  });
}
