// Contracts of the reading calls (SPEC.md §7): progress events, reading logs, the dashboard's currently
// reading list, stats and streak, plus `reading-events`, which stands in for the spec's direct read of
// reading_progress_events. The §5 range checks need the edition's page count, so the server runs them
// (shared/domain/progress-validation.ts) after these schemas and answers their texts without a field prefix.
import { z } from 'zod';
import { isValidTimeZone } from '../domain/local-day';
import { MAX_PAGE_NUMBER } from '../domain/progress-validation';
import { READING_EVENT_TYPES } from '../domain/reading-state';
import type { EndpointDef } from './common';
import { endpoint, id, ok, text } from './common';

export const readingEventType = z.enum(READING_EVENT_TYPES);

/** An IANA time zone name the server's Intl knows, e.g. 'Europe/Berlin'. */
export const timeZone = text()
  .max(100)
  .refine(isValidTimeZone, 'must be an IANA time zone name such as Europe/Berlin');

const CURSOR_PATTERN =
  /^(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d):(\d\d)\.\d{6}Z\|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a cursor names an instant that exists: the server casts it to timestamptz and uuid, so a date
 * such as 2024-02-30 or year 0 must be refused here rather than fail in the database.
 */
function isRealCursor(cursor: string): boolean {
  const match = CURSOR_PATTERN.exec(cursor);
  if (!match) return false;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number) as number[];
  const daysInMonth = new Date(Date.UTC(2000, month!, 0)).getUTCDate();
  const leap = year! % 4 === 0 && (year! % 100 !== 0 || year! % 400 === 0);
  const lastDay = month === 2 ? (leap ? 29 : 28) : daysInMonth;
  return (
    year! >= 1 &&
    month! >= 1 &&
    month! <= 12 &&
    day! >= 1 &&
    day! <= lastDay &&
    hour! <= 23 &&
    minute! <= 59 &&
    second! <= 59
  );
}

/** Opaque paging cursor answered as next_cursor; pass it back as `after` for the next page. */
export const readingCursor = z.string().max(100).refine(isRealCursor, 'is not a cursor from this API');

const pageNumber = z.number().int('must be a whole number');
const storedPage = pageNumber
  .min(0, `must be 0 to ${MAX_PAGE_NUMBER}`)
  .max(MAX_PAGE_NUMBER, `must be 0 to ${MAX_PAGE_NUMBER}`);
const storedPercent = z.number().min(0, 'must be 0 to 100').max(100, 'must be 0 to 100');
const journal = text().max(200_000, 'the journal is at most 200000 characters');
const pageLimit = (fallback: number) => z.number().int().min(1).max(100).default(fallback);

export const readingEvent = z.object({
  id,
  user_id: id,
  created_at: z.string(),
  event_type: readingEventType,
  start_page: z.number().int().nullable(),
  end_page: z.number().int().nullable(),
  start_percent: z.number().nullable(),
  end_percent: z.number().nullable(),
  edition_id: id,
  work_id: id,
  /** Sanitised HTML paragraphs. */
  journal_md: z.string().nullable(),
  is_public: z.boolean(),
  editions: z.object({ id, title: z.string() }),
});
export type ReadingEvent = z.infer<typeof readingEvent>;

/** A reading log is an event seen for journaling (SPEC.md §3). */
export const readingLog = z.object({
  id,
  created_at: z.string(),
  event_type: readingEventType,
  journal_md: z.string().nullable(),
  start_page: z.number().int().nullable(),
  end_page: z.number().int().nullable(),
  start_percent: z.number().nullable(),
  end_percent: z.number().nullable(),
  is_public: z.boolean(),
  work_id: id,
  editions: z.object({ id, title: z.string(), cover_url: z.string().nullable() }),
  /** A read an imported Goodreads or StoryGraph file dated, not a log the reader kept (issue 25). */
  imported: z.boolean().default(false),
  /** An imported finish or dnf: when that read started, when the file said; its start is not listed apart. */
  read_started_at: z.string().nullable().default(null),
});
export type ReadingLog = z.infer<typeof readingLog>;

export const currentlyReadingItem = z.object({
  edition: z.object({
    id,
    title: z.string(),
    page_count: z.number().int().nullable(),
    cover_url: z.string().nullable(),
  }),
  work: z.object({ id, title: z.string() }),
  /** The edition's first author (the work's when the edition has none). */
  author: z.object({ id, name: z.string() }).nullable(),
  /** The latest event; 'pause' shows Resume Reading. */
  event_type: readingEventType,
  last_event_at: z.string(),
  /** Page reached (1 right after a start); null when only a percentage is known. */
  current_page: z.number().int().nullable(),
  /** Percentage reached as recorded; null when only a page is known. */
  current_percent: z.number().nullable(),
  /** The progress bar: current_percent, else current_page / page_count, rounded to 0..100. */
  percent: z.number().int(),
});
export type CurrentlyReadingItem = z.infer<typeof currentlyReadingItem>;

export const logProgressEventRequest = z.object({
  work_id: id,
  edition_id: id,
  event_type: readingEventType,
  start_page: pageNumber.nullish(),
  end_page: pageNumber.nullish(),
  start_percent: z.number().nullish(),
  end_percent: z.number().nullish(),
  journal_md: journal.nullish(),
  is_public: z.boolean().default(true),
});

export const updateReadingLogRequest = z.object({
  id,
  /** Absent: unchanged; null or blank: cleared. */
  journal_md: journal.nullish(),
  /** Send page values or percent values (or neither to keep the location); the other kind is cleared. */
  start_page: storedPage.nullish(),
  end_page: storedPage.nullish(),
  start_percent: storedPercent.nullish(),
  end_percent: storedPercent.nullish(),
});

export const readingEndpoints = {
  'log-progress-event': endpoint(
    'user',
    logProgressEventRequest,
    z.object({ ok: z.literal(true), event: readingEvent }),
  ),
  'list-reading-logs': endpoint(
    'user',
    z.object({ limit: pageLimit(50), after: readingCursor.optional() }),
    z.object({ logs: z.array(readingLog), next_cursor: z.string().nullable() }),
  ),
  'update-reading-log': endpoint('user', updateReadingLogRequest, ok),
  'delete-reading-log': endpoint('user', z.object({ log_id: id }), ok),
  'reading-events': endpoint(
    'user',
    z.object({
      types: z.array(readingEventType).min(1).optional(),
      edition_id: id.optional(),
      work_id: id.optional(),
      limit: pageLimit(20),
      after: readingCursor.optional(),
    }),
    z.object({ events: z.array(readingEvent), next_cursor: z.string().nullable() }),
  ),
  'currently-reading': endpoint('user', z.object({}), z.object({ items: z.array(currentlyReadingItem) })),
  'reading-stats': endpoint(
    'user',
    z.object({ timezone: timeZone.optional() }),
    z.object({ books: z.number().int(), pages: z.number().int(), days: z.number().int(), hours: z.number() }),
  ),
  'reading-streak': endpoint(
    'user',
    z.object({ timezone: timeZone }),
    z.object({ streak: z.number().int() }),
  ),
} satisfies Record<string, EndpointDef>;
