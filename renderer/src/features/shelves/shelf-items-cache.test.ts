import { describe, expect, it } from 'vitest';
import { flattenPages, inOrder, itemId, nextCursor, withSortKey, withoutItem } from './shelf-items-cache';
import type { ShelfItemsPage } from './shelf-items-cache';
import { makeItems } from './testing/shelf-data';

const items = makeItems(5);
const pages: ShelfItemsPage[] = [
  { items: items.slice(0, 3), full: true },
  { items: items.slice(3), full: true },
];
const titles = (p: ShelfItemsPage[]) => flattenPages(p).map((i) => i.editions.title);

describe('shelf pages', () => {
  it('asks for the next page after the highest loaded key, and stops after a short page', () => {
    expect(nextCursor(pages)).toEqual({ after: 'k0004' });
    expect(nextCursor([{ items: items.slice(0, 3), full: false }])).toBeUndefined();
    expect(nextCursor([])).toBeUndefined();
  });

  it('keeps paging from the highest key when the last row moved up or every row was removed', () => {
    const moved = withSortKey(pages, itemId(items[4]!), 'k0000V');
    expect(
      nextCursor(
        inOrder(
          moved,
          [4, 0, 1, 2, 3].map((i) => itemId(items[i]!)),
        ),
      ),
    ).toEqual({ after: 'k0003' });
    const emptied = items.reduce((p, item) => withoutItem(p, itemId(item)), pages);
    expect(nextCursor(emptied)).toEqual({ after: null });
  });

  it('removes one row', () => {
    expect(titles(withoutItem(pages, itemId(items[1]!)))).toEqual(['Book 1', 'Book 3', 'Book 4', 'Book 5']);
  });

  it('reorders across pages, keeping each page as long as it was', () => {
    const next = inOrder(
      pages,
      [4, 0, 1, 2, 3].map((i) => itemId(items[i]!)),
    );
    expect(next.map((p) => p.items.length)).toEqual([3, 2]);
    expect(titles(next)).toEqual(['Book 5', 'Book 1', 'Book 2', 'Book 3', 'Book 4']);
  });

  it('leaves the pages alone when the order does not name every loaded row', () => {
    expect(inOrder(pages, [itemId(items[0]!)])).toBe(pages);
  });

  it("sets the moved row's key from the server's answer", () => {
    const next = withSortKey(pages, itemId(items[2]!), 'k0004V');
    expect(flattenPages(next)[2]!.sort_key).toBe('k0004V');
    expect(flattenPages(next)[1]!.sort_key).toBe('k0001');
  });
});
