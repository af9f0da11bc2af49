// A reader's computed reading figures (stats, goals, the streak, insights) are kept in memory and used again
// while nothing they read has changed. What changed is told by the reader's row in
// public.reading_summary_versions, bumped by database triggers in the same transaction as every write the
// figures depend on (migration 0060): no writer can skip it, a library import included. Each request
// reads the version (one primary-key lookup) and recomputes only when it moved. The version is read
// before the data, so a write landing during a computation leaves that result under the older version,
// where the next request will not use it. Servers sharing a database each keep their own cache; the
// version keeps all of them exact.
import { LRUCache } from 'lru-cache';
import type { Queryable } from '../../db/db';

/** Room for a few thousand readers' figures; an insights answer is some tens of kilobytes of JSON. */
const MAX_BYTES = 64 * 1024 * 1024;

interface Entry {
  version: string;
  value: unknown;
  bytes: number;
}

// One cache per database, so two databases in one process (tests, the bench) never share figures.
const caches = new WeakMap<object, LRUCache<string, Entry>>();

function cacheFor(db: Queryable): LRUCache<string, Entry> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new LRUCache<string, Entry>({ maxSize: MAX_BYTES, sizeCalculation: (e) => e.bytes });
    caches.set(db, cache);
  }
  return cache;
}

export async function summaryVersion(db: Queryable, userId: string): Promise<string> {
  const rows = await db.query<{ version: string }>(
    'select version::text as version from public.reading_summary_versions where user_id = $1',
    [userId],
  );
  return rows[0]?.version ?? '0';
}

/**
 * The figure named `key` for the reader: the kept one while the reader's version is unchanged, else
 * `compute()`'s, kept for next time. `key` names everything else the figure depends on (time zone,
 * period, today).
 */
export async function cachedSummary<T>(
  db: Queryable,
  userId: string,
  key: string,
  compute: () => Promise<T>,
  size: (value: T) => number = () => 1024,
): Promise<T> {
  const cache = cacheFor(db);
  const cacheKey = `${userId}\u0000${key}`;
  const version = await summaryVersion(db, userId);
  const kept = cache.get(cacheKey);
  if (kept && kept.version === version) return kept.value as T;
  const value = await compute();
  cache.set(cacheKey, { version, value, bytes: Math.max(1, size(value)) });
  return value;
}
