import { describe, expect, it } from 'vitest';
import { readShelfwise } from './shelfwise';

const file = (shelves: unknown[]) =>
  JSON.stringify({
    kind: 'shelfwise-library',
    version: 1,
    books: [{ title: 'Emma', authors: ['Jane Austen'], shelves }],
  });

const placementsOf = (content: string) => {
  const read = readShelfwise(content);
  if (typeof read === 'string') throw new Error(read);
  return read.records[0]?.shelves;
};

describe('Shelfwise shelf placements', () => {
  it('keep who sees the item and when it went on the shelf', () => {
    const placement = {
      slug: 'currently-reading',
      name: 'Currently Reading',
      position: 1,
      added_at: '2024-02-01T10:00:00.000Z',
      owner_visible: false,
      published_at: '2024-02-01T10:00:00.000Z',
    };
    expect(placementsOf(file([placement]))).toEqual([placement]);
    const privateOne = { ...placement, owner_visible: true, published_at: null };
    expect(placementsOf(file([privateOne]))).toEqual([privateOne]);
  });

  it('read a file from before visibility was carried as items everyone sees (nothing said)', () => {
    expect(placementsOf(file([{ slug: 'read', name: 'Read', position: null }]))).toEqual([
      { slug: 'read', name: 'Read', position: null },
    ]);
  });

  it('give an item hidden from everyone back to its reader, as the database requires someone to see it', () => {
    const hidden = { slug: 'read', name: 'Read', position: 1, owner_visible: false, published_at: null };
    expect(placementsOf(file([hidden]))).toEqual([{ ...hidden, owner_visible: true }]);
  });

  it('refuse a published_at that is not a timestamp', () => {
    const bad = { slug: 'read', name: 'Read', position: 1, published_at: 'yesterday' };
    expect(readShelfwise(file([bad]))).toMatch(
      /^This is not a Shelfwise library file we can read: .*published_at/,
    );
  });
});
