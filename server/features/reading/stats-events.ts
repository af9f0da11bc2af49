// The events stats, goals and the streak are computed from (shared/domain/reading-stats.ts): all of the
// reader's events, private ones included, oldest first, each with its edition's page count. The figures
// are kept per reader and recomputed only after a write they depend on (../insights/summary-cache.ts).
import { localDay } from '@shared/domain/local-day';
import type { ReadingStats, StatsEvent } from '@shared/domain/reading-stats';
import { computeReadingStats, readingStreak } from '@shared/domain/reading-stats';
import type { Queryable } from '../../db/db';
import { cachedSummary } from '../insights/summary-cache';

export function loadStatsEvents(db: Queryable, userId: string): Promise<StatsEvent[]> {
  return db.query<StatsEvent>(
    `select e.edition_id, e.work_id, e.event_type, e.created_at, e.start_page, e.end_page, e.start_percent,
            e.end_percent, ed.page_count
     from public.reading_progress_events e join public.editions ed on ed.id = e.edition_id
     where e.user_id = $1
     order by e.created_at, e.id`,
    [userId],
  );
}

/** Stats over all time, or over the local days of `year`. */
export function readingStatsOf(
  db: Queryable,
  userId: string,
  timeZone: string,
  year?: number,
): Promise<ReadingStats> {
  return cachedSummary(db, userId, `stats\u0000${timeZone}\u0000${year ?? 'all'}`, async () =>
    computeReadingStats(await loadStatsEvents(db, userId), timeZone, year),
  );
}

/** The streak depends on today too, so a new local day computes it again. */
export function readingStreakOf(db: Queryable, userId: string, timeZone: string, now: Date): Promise<number> {
  const today = localDay(now, timeZone);
  return cachedSummary(db, userId, `streak\u0000${timeZone}\u0000${today}`, async () => {
    // Only activity days matter here, so only the instants are read.
    const events = await db.query<Pick<StatsEvent, 'event_type' | 'created_at'>>(
      `select event_type, created_at from public.reading_progress_events
       where user_id = $1 and event_type <> 'pause'`,
      [userId],
    );
    return readingStreak(events, timeZone, now);
  });
}
