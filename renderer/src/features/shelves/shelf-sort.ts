// Client-side sorting of the loaded shelf items (SPEC.md §3 "Sort options", §4 "Sort modes").
import type { ShelfItem } from '@shared/api/shelves';

export type SortMode = 'original' | 'average' | 'my-rating' | 'date' | 'pages' | 'alphabetical';
export type SortDirection = 'asc' | 'desc';

export interface SortOption {
  value: SortMode;
  label: string;
}

const COMMON_OPTIONS: SortOption[] = [
  { value: 'original', label: 'User Order' },
  { value: 'average', label: 'Average Rating' },
  { value: 'my-rating', label: 'My Rating' },
  { value: 'date', label: 'Date Added' },
  { value: 'pages', label: 'Page Length' },
];

/** Only custom shelves offer the alphabetical order (SPEC.md §4). */
export function sortOptionsFor(isCustomShelf: boolean): SortOption[] {
  return isCustomShelf
    ? [...COMMON_OPTIONS, { value: 'alphabetical', label: 'Alphabetical' }]
    : COMMON_OPTIONS;
}

/** The direction a mode starts in when chosen: the reader's own order and A–Z ascend, the rest descend. */
export function defaultDirection(mode: SortMode): SortDirection {
  return mode === 'original' || mode === 'alphabetical' ? 'asc' : 'desc';
}

/** Dragging only makes sense where the rows show the order it changes. */
export function canReorder(mode: SortMode): boolean {
  return mode === 'original';
}

/** The original order has one direction only, so it gets no toggle. */
export function hasDirectionToggle(mode: SortMode): boolean {
  return mode !== 'original';
}

type NumericKey = (item: ShelfItem) => number | null;

const numericKeys: Record<Exclude<SortMode, 'original' | 'alphabetical'>, NumericKey> = {
  average: (item) => item.average_rating,
  'my-rating': (item) => item.my_rating,
  date: (item) => {
    const time = Date.parse(item.added_at);
    return Number.isNaN(time) ? null : time;
  },
  pages: (item) => item.editions.page_count,
};

const titleCollator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

/**
 * The items in the chosen order. 'original' keeps the order they are held in (the reader's order, as
 * loaded and as moved by drag and drop). Items without a value (unrated, no page count) go last in
 * either direction; ties keep the reader's order.
 */
export function sortShelfItems(items: ShelfItem[], mode: SortMode, direction: SortDirection): ShelfItem[] {
  if (mode === 'original') return [...items];
  const sign = direction === 'asc' ? 1 : -1;
  if (mode === 'alphabetical') {
    return [...items].sort((a, b) => sign * titleCollator.compare(a.editions.title, b.editions.title));
  }
  const key = numericKeys[mode];
  return [...items].sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    if (ka === null || kb === null) return ka === kb ? 0 : ka === null ? 1 : -1;
    return sign * (ka - kb);
  });
}
