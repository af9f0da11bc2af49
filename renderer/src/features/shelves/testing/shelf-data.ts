// Shelf items and shelves shaped as the API answers them, for this folder's tests.
import type { Shelf, ShelfItem } from '@shared/api/shelves';

let counter = 0;
const uuid = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

export function makeItem(overrides: {
  title?: string;
  sortKey?: string;
  addedAt?: string;
  myRating?: number | null;
  average?: number | null;
  ratingCount?: number;
  pages?: number | null;
  author?: { id: string; name: string };
  workId?: string;
  editionId?: string;
}): ShelfItem {
  counter += 1;
  const title = overrides.title ?? `Book ${counter}`;
  return {
    sort_key: overrides.sortKey ?? `a${counter.toString().padStart(4, '0')}`,
    added_at: overrides.addedAt ?? '2025-03-04T12:00:00.000Z',
    my_rating: overrides.myRating ?? null,
    average_rating: overrides.average ?? null,
    rating_count: overrides.ratingCount ?? (overrides.average == null ? 0 : 12),
    editions: {
      id: overrides.editionId ?? uuid(10_000 + counter),
      title,
      page_count: overrides.pages === undefined ? 300 : overrides.pages,
      edition_authors: [
        { authors: overrides.author ?? { id: uuid(20_000 + counter), name: `Author ${counter}` } },
      ],
      cover_url: null,
    },
    works: { id: overrides.workId ?? uuid(30_000 + counter), title },
  };
}

/** `count` items with ascending keys k0000, k0001, ... titled `${prefix} 1`, `${prefix} 2`, ... */
export function makeItems(count: number, prefix = 'Book', keyPrefix = 'k'): ShelfItem[] {
  return Array.from({ length: count }, (_, i) =>
    makeItem({ title: `${prefix} ${i + 1}`, sortKey: `${keyPrefix}${i.toString().padStart(4, '0')}` }),
  );
}

export const SHELF_IDS = {
  currentlyReading: uuid(1),
  read: uuid(2),
  toBeRead: uuid(3),
  favorites: uuid(4),
  owned: uuid(5),
  summer: uuid(6),
};

export const TEST_SHELVES: Shelf[] = [
  { id: SHELF_IDS.currentlyReading, name: 'Currently Reading', description: null, slug: 'currently-reading' },
  { id: SHELF_IDS.read, name: 'Read', description: null, slug: 'read' },
  { id: SHELF_IDS.toBeRead, name: 'To Be Read', description: null, slug: 'to-be-read' },
  { id: SHELF_IDS.favorites, name: 'Favorites', description: null, slug: 'favorites' },
  { id: SHELF_IDS.owned, name: 'Owned', description: null, slug: 'owned' },
  { id: SHELF_IDS.summer, name: 'Summer Reads', description: null, slug: null },
];
