// The cache's own rules: a change drops exactly the answers carrying its tag, an answer read while one of
// its rows changed is not kept, and the byte, entry and time limits hold.
import { describe, expect, it } from 'vitest';
import { TaggedCache } from './tagged-cache';

const roomy = { maxBytes: 1_000_000, maxEntries: 1000, ttlMs: 60_000 };

describe('TaggedCache', () => {
  it('keeps an answer until a change to one of its tags, and only the answers carrying that tag', () => {
    const cache = new TaggedCache<string>(roomy);
    cache.store(cache.ticket(), 'work-1', 'one', 3, ['w:1', 'a:9']);
    cache.store(cache.ticket(), 'work-2', 'two', 3, ['w:2', 'a:9']);
    cache.store(cache.ticket(), 'work-3', 'three', 5, ['w:3']);
    expect(cache.get('work-1')).toBe('one');

    cache.invalidate('w:1');
    expect([cache.get('work-1'), cache.get('work-2'), cache.get('work-3')]).toEqual([
      undefined,
      'two',
      'three',
    ]);
    cache.invalidate('a:9');
    expect([cache.get('work-2'), cache.get('work-3')]).toEqual([undefined, 'three']);
    cache.invalidate('u:unrelated');
    expect(cache.get('work-3')).toBe('three');
    expect(cache.size).toBe(1);
  });

  it('refuses an answer whose rows changed while it was being read, and keeps one whose rows did not', () => {
    const cache = new TaggedCache<string>(roomy);
    const ticket = cache.ticket();
    cache.invalidate('w:1');
    cache.invalidate('u:7');
    expect(cache.store(ticket, 'work-1', 'maybe stale', 11, ['w:1'])).toBe(false);
    expect(cache.get('work-1')).toBeUndefined();
    expect(cache.store(ticket, 'work-2', 'fresh', 5, ['w:2'])).toBe(true);
    expect(cache.get('work-2')).toBe('fresh');
  });

  it('refuses an answer read before a clear, or from before what it still remembers', () => {
    const cache = new TaggedCache<string>({ ...roomy, recentInvalidations: 2 });
    const beforeClear = cache.ticket();
    cache.clear();
    expect(cache.store(beforeClear, 'k', 'v', 1, ['w:1'])).toBe(false);

    const old = cache.ticket();
    for (let i = 0; i < 10; i++) cache.invalidate(`w:other-${i}`);
    // Too many changes since to tell whether w:1 was among them.
    expect(cache.store(old, 'k', 'v', 1, ['w:1'])).toBe(false);
    expect(cache.store(cache.ticket(), 'k', 'v', 1, ['w:1'])).toBe(true);
  });

  it('drops the least recently used answers beyond the byte and entry caps', () => {
    const cache = new TaggedCache<string>({ maxBytes: 3 * 1300, maxEntries: 1000, ttlMs: 60_000 });
    for (const key of ['a', 'b', 'c']) cache.store(cache.ticket(), key, key, 1000, [`t:${key}`]);
    expect(cache.get('a')).toBe('a');
    cache.store(cache.ticket(), 'd', 'd', 1000, ['t:d']);
    expect([cache.get('a'), cache.get('b'), cache.get('c'), cache.get('d')]).toEqual([
      'a',
      undefined,
      'c',
      'd',
    ]);
    expect(cache.byteSize).toBeLessThanOrEqual(3 * 1300);

    const few = new TaggedCache<string>({ ...roomy, maxEntries: 2 });
    for (const key of ['a', 'b', 'c']) few.store(few.ticket(), key, key, 1, []);
    expect([few.get('a'), few.get('b'), few.get('c')]).toEqual([undefined, 'b', 'c']);
    // An answer larger than the whole cache is not kept at all.
    expect(few.store(few.ticket(), 'huge', 'x', 2_000_000, [])).toBe(false);
  });

  it('forgets an answer once its time is up, and its tags with it', () => {
    let now = 1000;
    const cache = new TaggedCache<string>({ ...roomy, ttlMs: 500, now: () => now });
    cache.store(cache.ticket(), 'k', 'v', 1, ['w:1']);
    now += 499;
    expect(cache.get('k')).toBe('v');
    now += 1;
    expect(cache.get('k')).toBeUndefined();
    expect(cache.size).toBe(0);
    expect(cache.byteSize).toBe(0);
  });

  it('keeps an answer stored with a shorter time only that long, and never longer than the cache allows', () => {
    let now = 1000;
    const cache = new TaggedCache<string>({ ...roomy, ttlMs: 500, now: () => now });
    cache.store(cache.ticket(), 'short', 'v', 1, ['s'], 100);
    cache.store(cache.ticket(), 'long', 'v', 1, ['s'], 10_000);
    now += 100;
    expect(cache.get('short')).toBeUndefined();
    expect(cache.get('long')).toBe('v');
    now += 400;
    expect(cache.get('long')).toBeUndefined();
  });
});
