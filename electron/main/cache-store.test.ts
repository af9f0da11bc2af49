import { describe, expect, it } from 'vitest';
import { createCacheStore, isCachedEndpoint } from './cache-store';
import { memoryStore } from './testing/memory-store';

const ALICE = '11111111-1111-4111-8111-111111111111';
const BOB = '22222222-2222-4222-8222-222222222222';

describe('createCacheStore', () => {
  it('keeps each user’s answers apart and clears one user without touching the other', () => {
    const backing = memoryStore();
    const cache = createCacheStore(backing, () => new Date('2026-01-02T03:04:05Z'));
    cache.write(ALICE, 'list-shelves', [{ id: 'a' }]);
    cache.write(ALICE, 'reading-goals', { year: 2026, goals: [] });
    cache.write(BOB, 'list-shelves', [{ id: 'b' }]);

    expect(cache.read(ALICE, 'list-shelves')).toEqual([{ id: 'a' }]);
    expect(cache.read(BOB, 'list-shelves')).toEqual([{ id: 'b' }]);
    expect(cache.read(BOB, 'reading-goals')).toBeNull();
    expect(backing.snapshot()[`cache-${ALICE}`]).toMatchObject({
      'list-shelves': { savedAt: '2026-01-02T03:04:05.000Z' },
    });

    cache.clearUser(ALICE);
    expect(cache.read(ALICE, 'list-shelves')).toBeNull();
    expect(cache.read(ALICE, 'reading-goals')).toBeNull();
    expect(cache.read(BOB, 'list-shelves')).toEqual([{ id: 'b' }]);
  });

  it('refuses user ids that are not UUIDs, so no id can reach another key', () => {
    const cache = createCacheStore(memoryStore());
    for (const id of ['windowState', '../x', 'a.b', '', '__proto__']) {
      expect(() => cache.write(id, 'list-shelves', [])).toThrow();
      expect(() => cache.clearUser(id)).toThrow();
    }
  });

  it('treats a damaged cache file entry as empty', () => {
    const cache = createCacheStore(memoryStore({ [`cache-${ALICE}`]: { 'list-shelves': 'garbage' } }));
    expect(cache.read(ALICE, 'list-shelves')).toBeNull();
  });

  it('keeps the window state beside the caches', () => {
    const cache = createCacheStore(memoryStore());
    expect(cache.readWindowState()).toBeNull();
    cache.writeWindowState({ x: 1, y: 2, width: 800, height: 600 });
    expect(cache.readWindowState()).toEqual({ x: 1, y: 2, width: 800, height: 600 });
  });

  it('knows which endpoints are cached', () => {
    expect(isCachedEndpoint('list-shelves')).toBe(true);
    expect(isCachedEndpoint('reading-events')).toBe(true);
    expect(isCachedEndpoint('reading-goals')).toBe(true);
    expect(isCachedEndpoint('work-details')).toBe(false);
  });
});
