// Per-reader limits of the community (issue 27): a fixed window per kind of write, counted in one row per
// reader, kind and window. Fixed windows are simple to count exactly under concurrency (one row to lock)
// and a reader sees a plain rule: at most so many in this minute, or in this UTC day.

/** Comments and reports (issue 27); a new reader's taste choices, each of which recomputes their list (issue 28). */
export type LimitKind = 'comment' | 'report' | 'taste';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

export const LIMIT_WINDOW_MS: Record<LimitKind, number> = {
  comment: MINUTE_MS,
  report: DAY_MS,
  taste: MINUTE_MS,
};

/** Where the window that holds `now` starts: the minute for comments and taste choices, the UTC day for reports. */
export function windowStart(kind: LimitKind, now: Date): Date {
  const size = LIMIT_WINDOW_MS[kind];
  return new Date(Math.floor(now.getTime() / size) * size);
}

/** Whether one more write fits in a window that already counts `used` of at most `max`. */
export function withinLimit(used: number, max: number): boolean {
  return used < max;
}
