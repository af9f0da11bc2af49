import { describe, expect, it } from 'vitest';
import { shelfPath } from '../../paths';
import { builtinShelfName, findShelf, itemWorkPath } from './shelf-paths';
import { SHELF_IDS, TEST_SHELVES, makeItem } from './testing/shelf-data';

describe('shelf paths (SPEC.md §2)', () => {
  it('sends built-ins to their own path and custom shelves to /shelf/{id}', () => {
    expect(shelfPath({ id: SHELF_IDS.toBeRead, slug: 'to-be-read' })).toBe('/to-be-read');
    expect(shelfPath({ id: SHELF_IDS.summer, slug: null })).toBe(`/shelf/${SHELF_IDS.summer}`);
  });

  it("links a row to its work and edition, or '#' when the work id is missing", () => {
    const item = makeItem({ workId: 'w', editionId: 'e' });
    expect(itemWorkPath(item)).toBe('/work/w?edition=e');
    expect(itemWorkPath({ ...item, works: { id: '', title: 'x' } })).toBe('#');
  });

  it('names the built-ins by slug', () => {
    expect(builtinShelfName('currently-reading')).toBe('Currently Reading');
    expect(builtinShelfName('owned')).toBe('Owned');
    expect(builtinShelfName('nope')).toBeNull();
  });

  it('finds the shelf a page is about by slug or by id', () => {
    expect(findShelf(TEST_SHELVES, { slug: 'read' })?.id).toBe(SHELF_IDS.read);
    expect(findShelf(TEST_SHELVES, { id: SHELF_IDS.summer })?.name).toBe('Summer Reads');
    expect(findShelf(TEST_SHELVES, { id: '00000000-0000-4000-8000-0000000000ff' })).toBeNull();
    expect(findShelf(TEST_SHELVES, { slug: 'summer' })).toBeNull();
  });
});
