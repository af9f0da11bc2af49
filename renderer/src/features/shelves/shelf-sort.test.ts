import { describe, expect, it } from 'vitest';
import {
  canReorder,
  defaultDirection,
  hasDirectionToggle,
  sortOptionsFor,
  sortShelfItems,
} from './shelf-sort';
import { makeItem } from './testing/shelf-data';

const titles = (items: { editions: { title: string } }[]) => items.map((i) => i.editions.title);

const dune = makeItem({
  title: 'Dune',
  average: 4.3,
  myRating: 3,
  pages: 600,
  addedAt: '2025-01-02T00:00:00Z',
});
const emma = makeItem({
  title: 'emma',
  average: null,
  myRating: 5,
  pages: 480,
  addedAt: '2025-03-01T00:00:00Z',
});
const beloved = makeItem({
  title: 'Beloved',
  average: 3.9,
  myRating: null,
  pages: null,
  addedAt: '2024-12-31T00:00:00Z',
});
const atonement = makeItem({
  title: 'Atonement',
  average: 4.3,
  myRating: 4.25,
  pages: 350,
  addedAt: '2025-02-01T00:00:00Z',
});
const userOrder = [dune, emma, beloved, atonement];

describe('sort modes (SPEC.md §3, §4)', () => {
  it('offers User Order, Average Rating, My Rating, Date Added and Page Length; Alphabetical only on custom shelves', () => {
    expect(sortOptionsFor(false).map((o) => o.label)).toEqual([
      'User Order',
      'Average Rating',
      'My Rating',
      'Date Added',
      'Page Length',
    ]);
    expect(sortOptionsFor(true).map((o) => o.value)).toEqual([
      'original',
      'average',
      'my-rating',
      'date',
      'pages',
      'alphabetical',
    ]);
  });

  it('starts User Order and Alphabetical ascending, the others descending', () => {
    expect(defaultDirection('original')).toBe('asc');
    expect(defaultDirection('alphabetical')).toBe('asc');
    for (const mode of ['average', 'my-rating', 'date', 'pages'] as const)
      expect(defaultDirection(mode)).toBe('desc');
  });

  it('allows dragging and hides the direction toggle only in User Order', () => {
    expect(canReorder('original')).toBe(true);
    expect(hasDirectionToggle('original')).toBe(false);
    for (const mode of ['average', 'my-rating', 'date', 'pages', 'alphabetical'] as const) {
      expect(canReorder(mode)).toBe(false);
      expect(hasDirectionToggle(mode)).toBe(true);
    }
  });

  it('keeps the reader order in User Order, whatever the direction', () => {
    expect(titles(sortShelfItems(userOrder, 'original', 'asc'))).toEqual([
      'Dune',
      'emma',
      'Beloved',
      'Atonement',
    ]);
    expect(titles(sortShelfItems(userOrder, 'original', 'desc'))).toEqual([
      'Dune',
      'emma',
      'Beloved',
      'Atonement',
    ]);
  });

  it('sorts by average rating; ties keep the reader order and unrated works go last both ways', () => {
    expect(titles(sortShelfItems(userOrder, 'average', 'desc'))).toEqual([
      'Dune',
      'Atonement',
      'Beloved',
      'emma',
    ]);
    expect(titles(sortShelfItems(userOrder, 'average', 'asc'))).toEqual([
      'Beloved',
      'Dune',
      'Atonement',
      'emma',
    ]);
  });

  it("sorts by the reader's own rating", () => {
    expect(titles(sortShelfItems(userOrder, 'my-rating', 'desc'))).toEqual([
      'emma',
      'Atonement',
      'Dune',
      'Beloved',
    ]);
    expect(titles(sortShelfItems(userOrder, 'my-rating', 'asc'))).toEqual([
      'Dune',
      'Atonement',
      'emma',
      'Beloved',
    ]);
  });

  it('sorts by date added, newest first by default', () => {
    expect(titles(sortShelfItems(userOrder, 'date', 'desc'))).toEqual([
      'emma',
      'Atonement',
      'Dune',
      'Beloved',
    ]);
    expect(titles(sortShelfItems(userOrder, 'date', 'asc'))).toEqual([
      'Beloved',
      'Dune',
      'Atonement',
      'emma',
    ]);
  });

  it('sorts by page length, longest first by default, unknown lengths last', () => {
    expect(titles(sortShelfItems(userOrder, 'pages', 'desc'))).toEqual([
      'Dune',
      'emma',
      'Atonement',
      'Beloved',
    ]);
    expect(titles(sortShelfItems(userOrder, 'pages', 'asc'))).toEqual([
      'Atonement',
      'emma',
      'Dune',
      'Beloved',
    ]);
  });

  it('sorts alphabetically by title ignoring case, and reverses', () => {
    expect(titles(sortShelfItems(userOrder, 'alphabetical', 'asc'))).toEqual([
      'Atonement',
      'Beloved',
      'Dune',
      'emma',
    ]);
    expect(titles(sortShelfItems(userOrder, 'alphabetical', 'desc'))).toEqual([
      'emma',
      'Dune',
      'Beloved',
      'Atonement',
    ]);
  });

  it('never changes the array it is given', () => {
    const copy = [...userOrder];
    sortShelfItems(userOrder, 'pages', 'asc');
    expect(userOrder).toEqual(copy);
  });
});
