// Fixed-window counters in auth.rate_limits, so every server instance on one database shares them. Keys
// are hashed: the table holds no e-mail or IP addresses. Each count is one atomic upsert that answers the
// new total, so requests racing each other still get distinct totals and never more than the limit passes.
import type { Db } from '../db/db';
import type { RateLimitBucket, RateLimits } from './limits';
import { sha256Hex } from './secrets';

export interface Counted {
  /** Whether this event is within the limit. */
  allowed: boolean;
  /** Events in the window so far, this one included. */
  hits: number;
  /** Takes this event back (an attempt that turned out not to count); a no-op after the window moved on. */
  giveBack(): Promise<void>;
}

export interface RateLimiter {
  /** Counts one event for `key` in `bucket`; false when that goes over the limit. */
  take(bucket: RateLimitBucket, key: string): Promise<boolean>;
  /** Counts one event for `key` in `bucket`, answering the total and a way to give it back. */
  count(bucket: RateLimitBucket, key: string): Promise<Counted>;
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

  async function count(bucket: RateLimitBucket, key: string): Promise<Counted> {
    const { key: k, windowStart } = slot(bucket, key);
    const [row] = await db.query<{ hits: number }>(
      `insert into auth.rate_limits (key, window_start, hits) values ($1, $2, 1)
       on conflict (key, window_start) do update set hits = auth.rate_limits.hits + 1
       returning hits`,
      [k, windowStart],
    );
    const hits = row?.hits ?? 0;
    return {
      allowed: hits <= limits[bucket].max,
      hits,
      async giveBack() {
        await db.query(
          'update auth.rate_limits set hits = hits - 1 where key = $1 and window_start = $2 and hits > 0',
          [k, windowStart],
        );
      },
    };
  }

  return {
    count,
    async take(bucket, key) {
      return (await count(bucket, key)).allowed;
    },
  };
}
