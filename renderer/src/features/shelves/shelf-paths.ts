// Where shelves and their books live in the app's routes (SPEC.md §2).
import { BUILTIN_SHELVES } from '@shared/api/shelves';
import type { Shelf, ShelfItem } from '@shared/api/shelves';

/** A built-in has its own path (/read); a custom shelf is /shelf/{id}. */
export function shelfPath(shelf: Pick<Shelf, 'id' | 'slug'>): string {
  return shelf.slug ? `/${shelf.slug}` : `/shelf/${shelf.id}`;
}

/** '#' when the work is unknown (SPEC.md §2 shelf page). */
export function workPath(item: ShelfItem): string {
  return item.works.id ? `/work/${item.works.id}?edition=${item.editions.id}` : '#';
}

export const authorPath = (authorId: string) => `/author/${authorId}`;

export function builtinShelfName(slug: string): string | null {
  return BUILTIN_SHELVES.find((s) => s.slug === slug)?.name ?? null;
}

/** The shelf a page is about, once the reader's shelves are known: by built-in slug or by id. */
export function findShelf(shelves: Shelf[], ref: { slug: string } | { id: string }): Shelf | null {
  return shelves.find((s) => ('slug' in ref ? s.slug === ref.slug : s.id === ref.id)) ?? null;
}
