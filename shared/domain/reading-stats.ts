/**
 * Reading stats, goal progress and the streak: one set of rules so the Stats page, the goals card and the
 * streak card always agree. All of them are computed from the reader's own progress events, private ones
 * included (privacy hides events from others, not from their owner). Deleting a reading log removes its
 * event and so its contribution.
 *
 * - Local day: the calendar day of an event's created_at in the caller's IANA time zone (an event at
 *   23:30 UTC is on the next day in Asia/Tokyo). A period (a goal's year) is a range of local days.
 * - Activity: an event of type start, progress, resume, finish or dnf. A pause is not reading, so it neither
 *   makes a day active nor keeps a streak alive.
 * - Books read in a period: distinct WORKS with at least one finish event in the period. Another edition of
 *   the same work, or a re-read in the same period, is the same book; a re-read in a later year counts again
 *   in that year's goal. All-time stats count each work once. A dnf is not a book read.
 * - Pages read in a period: per edition, the size of the union of the page ranges of the period's events,
 *   so overlapping or repeated ranges count once. A range is measured on the edition's pages as a half-open
 *   interval: pages X-Y cover (X-1, Y]; X%-Y% cover (X/100 * page_count, Y/100 * page_count], so pages and
 *   percentages of one edition mix exactly. An event with only an end covers from where the previous event
 *   on that edition left off (the reader's position) to that end; with only a start, that one page. A start
 *   event reads nothing: it sets the position (page 1 unless it says otherwise). Every other event's range
 *   counts, pause and resume included (a pause usually repeats the last values, which the union absorbs).
 *   Ranges are clipped to [0, page_count] when the page count is known; percentages of an edition without a
 *   page count cannot be converted and count 0 pages. Ranges come from the whole history, then are attributed to their event's
 *   day, so a period counts what was read in it even when the reading began before it. A dnf's pages count.
 *   The total is rounded to a whole number of pages.
 * - Hours read: estimated from pages read at PAGES_PER_HOUR (40 pages an hour, a typical adult pace for
 *   prose), one decimal. Elapsed time between events is not used: days-long gaps between start and finish
 *   are not reading time.
 * - Days (Stats): the number of distinct active local days; Pages per day is pages / days.
 * - Streak: the number of consecutive reading days ending at the latest one, alive only if that day is today
 *   or yesterday in the caller's time zone (so it does not drop to 0 before today's reading); else 0. A
 *   reading day is an active day, except that a start which records no pages (end beyond its start) does
 *   not make one: taking a book off the shelf is not reading, and "You're on fire" after 0 pages misleads.
 * - Goals: books, pages and hours above, over the local days of the goal's year.
 */
import { addDays, localDay, yearOf } from './local-day';
import type { LocationValues } from './progress';
import { hasPageValues, hasPercentValues } from './progress';
import type { ReadingEventType } from './reading-state';

export const PAGES_PER_HOUR = 40;
export const GOAL_TYPES = ['books', 'pages', 'hours'] as const;
export type GoalType = (typeof GOAL_TYPES)[number];

const ACTIVITY_TYPES: ReadonlySet<ReadingEventType> = new Set([
  'start',
  'progress',
  'resume',
  'finish',
  'dnf',
]);
export const isActivity = (type: ReadingEventType): boolean => ACTIVITY_TYPES.has(type);

export interface StatsEvent extends LocationValues {
  edition_id: string;
  work_id: string;
  event_type: ReadingEventType;
  /** ISO-8601 instant. */
  created_at: string;
  /** The edition's page count, null when unknown. */
  page_count: number | null;
}

export interface ReadingStats {
  books: number;
  pages: number;
  days: number;
  hours: number;
}

/** A stretch of an edition read by one event, in page units, on the event's local day. */
export interface ReadRange {
  edition_id: string;
  day: string;
  from: number;
  to: number;
}

/** Oldest first; each instant is parsed once, not on every comparison. */
function chronological(events: readonly StatsEvent[]): StatsEvent[] {
  const timed = events.map((event) => ({ event, at: Date.parse(event.created_at) }));
  timed.sort((a, b) => a.at - b.at);
  return timed.map((t) => t.event);
}

/** Where a start event puts the reader, in page units (the position before the first page read). */
function startPosition(e: StatsEvent): number {
  if (hasPageValues(e)) return Math.max(0, (e.start_page ?? e.end_page ?? 1) - 1);
  const percent = e.start_percent ?? e.end_percent;
  return percent != null && e.page_count ? (percent / 100) * e.page_count : 0;
}

/** An event's range in page units given the reader's position before it, or null when it has none. */
function rangeOf(e: StatsEvent, position: number): { from: number; to: number } | null {
  let from: number;
  let to: number;
  if (hasPageValues(e)) {
    const { start_page: s, end_page: end } = e;
    if (s != null) {
      const hi = Math.max(s, end ?? s);
      from = Math.min(s, end ?? s) - 1;
      to = hi;
    } else {
      to = end as number;
      from = to > position ? position : to - 1;
    }
  } else if (hasPercentValues(e)) {
    if (!e.page_count) return null;
    const scale = e.page_count / 100;
    const { start_percent: s, end_percent: end } = e;
    if (s != null) {
      from = Math.min(s, end ?? s) * scale;
      to = Math.max(s, end ?? s) * scale;
    } else {
      to = (end as number) * scale;
      from = Math.min(position, to);
    }
  } else {
    return null;
  }
  const cap = e.page_count ?? Number.POSITIVE_INFINITY;
  return { from: Math.min(Math.max(0, from), cap), to: Math.min(Math.max(0, to), cap) };
}

/** Every event's read range over the whole history, each on its event's local day (the rules above). */
export function readRanges(events: readonly StatsEvent[], timeZone: string): ReadRange[] {
  const position = new Map<string, number>();
  const ranges: ReadRange[] = [];
  for (const e of chronological(events)) {
    if (e.event_type === 'start') {
      position.set(e.edition_id, startPosition(e));
      continue;
    }
    const range = rangeOf(e, position.get(e.edition_id) ?? 0);
    if (!range) continue;
    position.set(e.edition_id, range.to);
    if (range.to > range.from)
      ranges.push({ edition_id: e.edition_id, day: localDay(e.created_at, timeZone), ...range });
  }
  return ranges;
}

/** Total length of the union of ranges, per edition. */
export function unionLength(ranges: readonly ReadRange[]): number {
  const byEdition = new Map<string, ReadRange[]>();
  for (const r of ranges) {
    const list = byEdition.get(r.edition_id);
    if (list) list.push(r);
    else byEdition.set(r.edition_id, [r]);
  }
  let total = 0;
  for (const list of byEdition.values()) {
    list.sort((a, b) => a.from - b.from);
    let covered: { from: number; to: number } | null = null;
    for (const r of list) {
      if (covered && r.from <= covered.to) {
        covered.to = Math.max(covered.to, r.to);
        continue;
      }
      if (covered) total += covered.to - covered.from;
      covered = { from: r.from, to: r.to };
    }
    if (covered) total += covered.to - covered.from;
  }
  return total;
}

export const hoursForPages = (pages: number): number => Math.round((pages / PAGES_PER_HOUR) * 10) / 10;

/** Stats over all events, or over the local days of one year when `year` is given. */
export function computeReadingStats(
  events: readonly StatsEvent[],
  timeZone: string,
  year?: number,
): ReadingStats {
  const inPeriod = (day: string) => year === undefined || yearOf(day) === year;
  const works = new Set<string>();
  const days = new Set<string>();
  for (const e of events) {
    if (!isActivity(e.event_type)) continue;
    const day = localDay(e.created_at, timeZone);
    if (!inPeriod(day)) continue;
    days.add(day);
    if (e.event_type === 'finish') works.add(e.work_id);
  }
  const pages = Math.round(unionLength(readRanges(events, timeZone).filter((r) => inPeriod(r.day))));
  return { books: works.size, pages, days: days.size, hours: hoursForPages(pages) };
}

export type StreakEvent = Pick<StatsEvent, 'event_type' | 'created_at'> & LocationValues;

/** Whether an event makes its local day a reading day for the streak (the rules above). */
export function makesReadingDay(e: StreakEvent): boolean {
  if (!isActivity(e.event_type)) return false;
  if (e.event_type !== 'start') return true;
  const pages = e.start_page != null && e.end_page != null && e.end_page > e.start_page;
  const percent = e.start_percent != null && e.end_percent != null && e.end_percent > e.start_percent;
  return pages || percent;
}

/** Consecutive reading days ending today or yesterday in the time zone; 0 otherwise. */
export function readingStreak(events: readonly StreakEvent[], timeZone: string, now: Date): number {
  const days = new Set(events.filter(makesReadingDay).map((e) => localDay(e.created_at, timeZone)));
  const today = localDay(now, timeZone);
  let day = days.has(today) ? today : addDays(today, -1);
  let streak = 0;
  while (days.has(day)) {
    streak += 1;
    day = addDays(day, -1);
  }
  return streak;
}

export function goalProgress(goalType: GoalType, stats: ReadingStats): number {
  return stats[goalType];
}

/** Stats page: pages per active day, rounded; 0 when there are no days. Non-numbers count as 0. */
export function pagesPerDay(stats: { pages: unknown; days: unknown }): number {
  const pages = typeof stats.pages === 'number' && Number.isFinite(stats.pages) ? stats.pages : 0;
  const days = typeof stats.days === 'number' && Number.isFinite(stats.days) ? stats.days : 0;
  return days > 0 ? Math.round(pages / days) : 0;
}

/** Goals card: progress as a percentage of the target, capped at 100. */
export function goalPercent(target: number, progress: number): number {
  return target > 0 ? Math.min(100, Math.round((progress / target) * 100)) : 0;
}

/**
 * Goals card pace (SPEC.md §9): progress against target times the fraction of the year elapsed on `today`
 * (a local day of that year). Positive means ahead, negative behind, rounded to the goal's unit.
 */
export function goalPace(target: number, progress: number, today: string): number {
  const year = yearOf(today);
  const start = Date.UTC(year, 0, 1);
  const length = Date.UTC(year + 1, 0, 1) - start;
  const [, m, d] = today.split('-').map(Number) as [number, number, number];
  const elapsed = (Date.UTC(year, m - 1, d) - start + 86_400_000) / length;
  return Math.round(progress - target * elapsed);
}
