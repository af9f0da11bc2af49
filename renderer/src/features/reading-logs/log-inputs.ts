// The Start and End inputs of a reading log (SPEC.md §3, §4, §5 "Log inputs") and the update-reading-log
// payload built from them and the journal.
import type { RequestOf } from '@shared/api/endpoints';
import type { ReadingLog } from '@shared/api/reading';
import { locationMode } from '@shared/domain/progress';

export type LogMode = 'page' | 'percent';

/** What the reader edits: the two inputs as typed and the journal as HTML paragraphs (null: empty). */
export interface LogDraft {
  start: string;
  end: string;
  journal: string | null;
}

export const unitLabel = (mode: LogMode): string => (mode === 'page' ? 'pages' : '%');

/** Page-based logs: empty is null, else a whole number; percent-based: empty is null, else a number. */
export function parseLogInput(text: string, mode: LogMode): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const value = Number(trimmed);
  if (!Number.isFinite(value)) return null;
  return mode === 'page' ? Math.trunc(value) : value;
}

const shown = (value: number | null): string => (value == null ? '' : String(value));

/** Selecting a log loads its page values if it is page-based, else its percent values, plus the journal. */
export function draftOf(log: ReadingLog): { mode: LogMode; draft: LogDraft } {
  const mode = locationMode(log);
  const [start, end] =
    mode === 'page' ? [log.start_page, log.end_page] : [log.start_percent, log.end_percent];
  return { mode, draft: { start: shown(start), end: shown(end), journal: log.journal_md } };
}

export type LogUpdate = RequestOf<'update-reading-log'>;

/** One update-reading-log call: id, journal_md or null, and the start/end pages or percents. */
export function logUpdate(id: string, mode: LogMode, draft: LogDraft): LogUpdate {
  const start = parseLogInput(draft.start, mode);
  const end = parseLogInput(draft.end, mode);
  const location =
    mode === 'page' ? { start_page: start, end_page: end } : { start_percent: start, end_percent: end };
  return { id, journal_md: draft.journal, ...location };
}

/** The log as it is stored after `update` succeeded, for the list's local copy. */
export function applyLogUpdate(log: ReadingLog, update: LogUpdate): ReadingLog {
  const pages = 'start_page' in update;
  return {
    ...log,
    journal_md: update.journal_md ?? null,
    start_page: pages ? (update.start_page ?? null) : null,
    end_page: pages ? (update.end_page ?? null) : null,
    start_percent: pages ? null : (update.start_percent ?? null),
    end_percent: pages ? null : (update.end_percent ?? null),
  };
}
