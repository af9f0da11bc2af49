// The events stats, goals and the streak are computed from (shared/domain/reading-stats.ts): all of the
// reader's events, private ones included, oldest first, each with its edition's page count. The figures
// are kept per reader and recomputed only after a write they depend on (../insights/summary-cache.ts).
import { localDay } from '@shared/domain/local-day';
import type { ReadingStats, StatsEvent, StreakEvent } from '@shared/domain/reading-stats';
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

const DAY_MS = 86_400_000;
const COLUMNS = `edition_id, work_id, event_type, created_at, start_page, end_page, start_percent, end_percent`;

/**
 * The events that decide a year's stats, for the first read after a write (goals ask for this year's):
 * the events from a day before the year's first instant to a day after its last (time zones are less
 * than a day from UTC, so every local day of the year is inside), and, for each edition read in them, the
 * latest earlier event that sets the reader's position there (a start, page values, or percentages of an
 * edition with a page count). A range only depends on its event and that position, so the year's figures
 * are the same as from the whole history.
 */
export function loadStatsEventsOfYear(db: Queryable, userId: string, year: number): Promise<StatsEvent[]> {
  const from = new Date(Date.UTC(year, 0, 1) - DAY_MS).toISOString();
  const to = new Date(Date.UTC(year + 1, 0, 1) + DAY_MS).toISOString();
  return db.query<StatsEvent>(
    `with win as (
       select id, ${COLUMNS} from public.reading_progress_events
       where user_id = $1 and created_at >= $2 and created_at < $3
     ), before as (
       select distinct on (p.edition_id) p.id, ${COLUMNS.replace(/(\w+)/g, 'p.$1')}
       from public.reading_progress_events p join public.editions ed on ed.id = p.edition_id
       where p.user_id = $1 and p.created_at < $2 and p.edition_id in (select edition_id from win)
         and (p.event_type = 'start' or p.start_page is not null or p.end_page is not null
              or (ed.page_count is not null and (p.start_percent is not null or p.end_percent is not null)))
       order by p.edition_id, p.created_at desc, p.id desc
     )
     select ${COLUMNS.replace(/(\w+)/g, 'x.$1')}, ed.page_count
     from (select * from before union all select * from win) x join public.editions ed on ed.id = x.edition_id
     order by x.created_at, x.id`,
    [userId, from, to],
  );
}

/** Stats over all time, or over the local days of `year`. */
export function readingStatsOf(
  db: Queryable,
  userId: string,
  timeZone: string,
  year?: number,
): Promise<ReadingStats> {
  return cachedSummary(db, userId, `stats\u0000${timeZone}\u0000${year ?? 'all'}`, async () => {
    const events =
      year === undefined ? await loadStatsEvents(db, userId) : await loadStatsEventsOfYear(db, userId, year);
    return computeReadingStats(events, timeZone, year);
  });
}

/** The streak depends on today too, so a new local day computes it again. */
export function readingStreakOf(db: Queryable, userId: string, timeZone: string, now: Date): Promise<number> {
  const today = localDay(now, timeZone);
  return cachedSummary(db, userId, `streak\u0000${timeZone}\u0000${today}`, async () => {
    // Only reading days matter here: the instants, and a start's values (one without pages makes none).
    const events = await db.query<StreakEvent>(
      `select event_type, created_at, start_page, end_page, start_percent, end_percent
       from public.reading_progress_events
       where user_id = $1 and event_type <> 'pause'`,
      [userId],
    );
    return readingStreak(events, timeZone, now);
  });
}
