// Which shelf a page is about and where a shelf row links (SPEC.md §2); the paths themselves are in paths.ts.
import { BUILTIN_SHELVES } from '@shared/api/shelves';
import type { Shelf, ShelfItem } from '@shared/api/shelves';
import { workPath } from '../../paths';

/** A row's work at its edition; '#' when the work is unknown (SPEC.md §2 shelf page). */
export function itemWorkPath(item: ShelfItem): string {
  return item.works.id ? workPath(item.works.id, item.editions.id) : '#';
}

export function builtinShelfName(slug: string): string | null {
  return BUILTIN_SHELVES.find((s) => s.slug === slug)?.name ?? null;
}

/** The shelf a page is about, once the reader's shelves are known: by built-in slug or by id. */
export function findShelf(shelves: Shelf[], ref: { slug: string } | { id: string }): Shelf | null {
  return shelves.find((s) => ('slug' in ref ? s.slug === ref.slug : s.id === ref.id)) ?? null;
}
