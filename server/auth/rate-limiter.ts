// Fixed-window counters in auth.rate_limits, so every server instance on one database shares them. Keys
// are hashed: the table holds no e-mail or IP addresses.
import type { Db } from '../db/db';
import type { RateLimitBucket, RateLimits } from './limits';
import { sha256Hex } from './secrets';

export interface RateLimiter {
  /** Counts one event for `key` in `bucket`; false when that goes over the limit. */
  take(bucket: RateLimitBucket, key: string): Promise<boolean>;
  /** Whether `key` has already used up `bucket` in the current window, without counting anything. */
  isSpent(bucket: RateLimitBucket, key: string): Promise<boolean>;
}

export function createRateLimiter(db: Db, limits: RateLimits, now: () => number = Date.now): RateLimiter {
  const slot = (bucket: RateLimitBucket, key: string) => {
    const { windowSeconds } = limits[bucket];
    const windowMs = windowSeconds * 1000;
    return {
      key: `${bucket}:${sha256Hex(key.toLowerCase()).slice(0, 32)}`,
      windowStart: new Date(Math.floor(now() / windowMs) * windowMs).toISOString(),
    };
  };

  return {
    async take(bucket, key) {
      const { key: k, windowStart } = slot(bucket, key);
      const [row] = await db.query<{ hits: number }>(
        `insert into auth.rate_limits (key, window_start, hits) values ($1, $2, 1)
         on conflict (key, window_start) do update set hits = auth.rate_limits.hits + 1
         returning hits`,
        [k, windowStart],
      );
      return (row?.hits ?? 0) <= limits[bucket].max;
    },
    async isSpent(bucket, key) {
      const { key: k, windowStart } = slot(bucket, key);
      const [row] = await db.query<{ hits: number }>(
        'select hits from auth.rate_limits where key = $1 and window_start = $2',
        [k, windowStart],
      );
      return (row?.hits ?? 0) >= limits[bucket].max;
    },
  };
}
