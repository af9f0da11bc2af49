// Reading dates as progress events (SPEC.md §4): each dated read becomes start + finish, and the row's
// status decides how the last read ends (finish, dnf, pause, or still open). Events follow the state
// machine, in strictly increasing time, so Stats, goals and streaks of past years come out right.
import type { ReadingEventType } from '../reading-state';
import type { BookStatus, ImportEvent } from './record';
import { noonOf } from './values';

/** One read from the file: days as YYYY-MM-DD; either end may be unknown. */
export interface ReadSpan {
  start: string | null;
  end: string | null;
}

const STEP_MS = 60_000;

export function eventsForReads(
  status: BookStatus | null,
  reads: readonly ReadSpan[],
  pages: number | null,
  /** When the book was shelved: where an open read starts when the file gives no start. */
  addedDay: string | null,
): ImportEvent[] {
  const spans = reads
    .filter((r) => r.start !== null || r.end !== null)
    .sort((a, b) => (a.start ?? a.end ?? '').localeCompare(b.start ?? b.end ?? ''));
  const events: ImportEvent[] = [];
  let last = 0;
  const push = (type: ReadingEventType, day: string, endPage: number | null = null) => {
    const at = Math.max(Date.parse(noonOf(day)), last + STEP_MS);
    last = at;
    events.push({
      type,
      at: new Date(at).toISOString(),
      start_page: null,
      end_page: endPage,
      start_percent: null,
      end_percent: null,
      journal_md: null,
      is_public: true,
    });
  };
  const open = status === 'currently-reading' || status === 'paused';
  spans.forEach((span, i) => {
    const isLast = i === spans.length - 1;
    const startDay = span.start ?? (span.end as string);
    push('start', startDay);
    if (span.end === null) {
      // An open read: only the last can stay open; an earlier one without an end is taken as finished.
      if (isLast && open) return;
      if (isLast && status === 'dnf') push('dnf', startDay);
      else push('finish', startDay, pages);
      return;
    }
    if (isLast && status === 'dnf') push('dnf', span.end);
    else if (isLast && open) {
      // The file calls it in progress though this read has an end: the reader started again.
      push('finish', span.end, pages);
    } else push('finish', span.end, pages);
  });
  const lastSpan = spans[spans.length - 1];
  const lastIsOpen = lastSpan !== undefined && lastSpan.end === null && open;
  if (open && !lastIsOpen) {
    const startDay = addedDay ?? lastSpan?.end ?? null;
    if (startDay !== null) push('start', startDay);
  }
  if (status === 'dnf' && spans.length === 0 && addedDay !== null) {
    push('start', addedDay);
    push('dnf', addedDay);
  }
  if (status === 'paused' && events.length > 0 && events[events.length - 1]?.type === 'start') {
    push('pause', new Date(last).toISOString().slice(0, 10));
  }
  return events;
}
