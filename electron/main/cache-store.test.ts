import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MAX_CACHED_ANSWERS, createCacheStore } from '@shared/offline/cache-store';
import { sealerWithKey } from './data-sealer';
import { memoryStore } from './testing/memory-store';

const ADA = '11111111-1111-4111-8111-111111111111';
const BOB = '22222222-2222-4222-8222-222222222222';
const SHELF = '33333333-3333-4333-8333-333333333333';
const JOURNAL = 'A sentence only my journal holds.';

function setup(key = randomBytes(32), store = memoryStore()) {
  let clock = Date.parse('2026-05-01T10:00:00Z');
  const now = () => new Date((clock += 1000));
  return { cache: createCacheStore(store, sealerWithKey(key), { now }), store, key };
}

describe('createCacheStore', () => {
  it('keeps one answer per endpoint and payload (key order does not matter), per reader', () => {
    const { cache } = setup();
    cache.write(ADA, 'get-shelf-items', { shelf_id: SHELF, limit: 20 }, [{ title: 'Dune' }]);
    cache.write(ADA, 'get-shelf-items', { limit: 20, shelf_id: SHELF }, [{ title: 'Emma' }]);
    cache.write(ADA, 'get-shelf-items', { shelf_id: SHELF, limit: 40 }, [{ title: 'Persuasion' }]);
    expect(cache.read(ADA, 'get-shelf-items', { shelf_id: SHELF, limit: 20 })?.value).toEqual([
      { title: 'Emma' },
    ]);
    expect(cache.read(BOB, 'get-shelf-items', { shelf_id: SHELF, limit: 20 })).toBeNull();
    expect(cache.snapshot(ADA).map((a) => a.value)).toEqual([[{ title: 'Persuasion' }], [{ title: 'Emma' }]]);
    // No payload and {} are the same call, as the proxy sends it.
    cache.write(ADA, 'list-shelves', undefined, []);
    expect(cache.read(ADA, 'list-shelves', {})?.value).toEqual([]);
  });

  it('writes only ciphertext, readable again with the same key and by no other', () => {
    const { cache, store, key } = setup();
    cache.write(ADA, 'list-reading-logs', { limit: 50 }, { logs: [{ journal_md: `<p>${JOURNAL}</p>` }] });
    expect(JSON.stringify(store.snapshot())).not.toContain(JOURNAL);
    expect(JSON.stringify(store.snapshot())).not.toContain('list-reading-logs');

    const again = setup(key, store).cache;
    expect(again.read(ADA, 'list-reading-logs', { limit: 50 })?.value).toEqual({
      logs: [{ journal_md: `<p>${JOURNAL}</p>` }],
    });
    const otherKey = setup(randomBytes(32), store).cache;
    expect(otherKey.read(ADA, 'list-reading-logs', { limit: 50 })).toBeNull();
  });

  it('forgets a reader on sign-out, and refuses ids that are not UUIDs', () => {
    const { cache, store } = setup();
    cache.write(ADA, 'list-shelves', {}, []);
    cache.write(BOB, 'list-shelves', {}, []);
    cache.clearUser(ADA);
    expect(cache.read(ADA, 'list-shelves', {})).toBeNull();
    expect(Object.keys(store.snapshot())).toEqual([`cache-${BOB}`]);
    expect(() => cache.write('../vault', 'list-shelves', {}, [])).toThrow();
  });

  it(`keeps the newest ${MAX_CACHED_ANSWERS} answers`, () => {
    const { cache } = setup();
    for (let i = 0; i <= MAX_CACHED_ANSWERS; i += 1)
      cache.write(ADA, 'reading-events', { work_id: SHELF, limit: 20, after: `c${i}` }, { i });
    const kept = cache.snapshot(ADA);
    expect(kept).toHaveLength(MAX_CACHED_ANSWERS);
    expect(kept[0]?.value).toEqual({ i: MAX_CACHED_ANSWERS });
    expect(cache.read(ADA, 'reading-events', { work_id: SHELF, limit: 20, after: 'c0' })).toBeNull();
  });
});
