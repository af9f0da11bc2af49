// Reading dates as progress events (SPEC.md §4), recording only what the file says (issue 25): a read
// with a start and an end becomes start + finish, a read with only an end becomes that finish alone (it
// counts as a book finished on that day, with no duration: no start is invented on the same day), and
// the row's status decides how the last read ends (finish, dnf, pause, or still open). No event carries
// pages: the file says a book was read, not which pages on which day, so Stats' pages and pages per day
// come only from reading the reader logged. Events are in strictly increasing time, so Stats, goals and
// streaks of past years come out right.
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
  /** When the book was shelved: where an open read starts when the file gives no start. */
  addedDay: string | null,
): ImportEvent[] {
  const spans = reads
    .filter((r) => r.start !== null || r.end !== null)
    .sort((a, b) => (a.start ?? a.end ?? '').localeCompare(b.start ?? b.end ?? ''));
  const events: ImportEvent[] = [];
  let last = 0;
  const push = (type: ReadingEventType, day: string) => {
    const at = Math.max(Date.parse(noonOf(day)), last + STEP_MS);
    last = at;
    events.push({
      type,
      at: new Date(at).toISOString(),
      start_page: null,
      end_page: null,
      start_percent: null,
      end_percent: null,
      journal_md: null,
      is_public: true,
    });
  };
  const open = status === 'currently-reading' || status === 'paused';
  spans.forEach((span, i) => {
    const isLast = i === spans.length - 1;
    if (span.start !== null) push('start', span.start);
    if (span.end === null) {
      // An open read: only the last can stay open; an earlier one without an end is taken as finished.
      if (isLast && open) return;
      push(isLast && status === 'dnf' ? 'dnf' : 'finish', span.start as string);
      return;
    }
    // A last read with an end on an in-progress book was finished; the reader started again (below).
    push(isLast && status === 'dnf' ? 'dnf' : 'finish', span.end);
  });
  const lastSpan = spans[spans.length - 1];
  const lastIsOpen = lastSpan !== undefined && lastSpan.end === null && open;
  if (open && !lastIsOpen) {
    // The book is being read now, so it has a start: the day it was shelved, else the last read's end.
    const startDay = addedDay ?? lastSpan?.end ?? null;
    if (startDay !== null) push('start', startDay);
  }
  // Did not finish with no dates: it was given up by the day it was shelved; when it began is unknown.
  if (status === 'dnf' && spans.length === 0 && addedDay !== null) push('dnf', addedDay);
  if (status === 'paused' && events.length > 0 && events[events.length - 1]?.type === 'start') {
    push('pause', new Date(last).toISOString().slice(0, 10));
  }
  return events;
}
