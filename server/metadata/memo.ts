import { LRUCache } from 'lru-cache';

// Shares one in-flight load per key (lru-cache's fetch) and keeps settled values, null included, for ttlMs;
// a failed load is not kept, so the next call retries. Values are boxed: lru-cache holds no null.
export function createMemo(ttlMs: number, maxEntries: number) {
  const cache = new LRUCache<string, { value: unknown }, () => Promise<unknown>>({
    max: maxEntries,
    ttl: ttlMs,
    // A load pushed out of the cache while in flight still answers the callers waiting for it.
    ignoreFetchAbort: true,
    fetchMethod: async (_key, _stale, { context: load }) => ({ value: await load() }),
  });
  return async function memo<T>(key: string, load: () => Promise<T>): Promise<T> {
    const entry = await cache.fetch(key, { context: load });
    if (!entry) throw new Error(`Open Library cache lost ${key}`);
    // Callers get their own copy so one of them editing a result cannot change what the next one sees.
    return structuredClone(entry.value) as T;
  };
}
