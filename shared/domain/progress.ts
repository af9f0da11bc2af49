// Where a reader is in a book (SPEC.md §2 Dashboard, §3 Reading log, §4): the current page/percent shown on
// the dashboard and the location summary of a reading log.

/** The location values an event or reading log may carry. */
export interface LocationValues {
  start_page: number | null;
  end_page: number | null;
  start_percent: number | null;
  end_percent: number | null;
}

export const hasPageValues = (v: LocationValues): boolean => v.start_page != null || v.end_page != null;
export const hasPercentValues = (v: LocationValues): boolean =>
  v.start_percent != null || v.end_percent != null;
export const hasLocation = (v: LocationValues): boolean => hasPageValues(v) || hasPercentValues(v);

/** A log is page-based if either page value is set, otherwise percent-based (SPEC.md §3). */
export function locationMode(v: LocationValues): 'page' | 'percent' {
  return hasPageValues(v) ? 'page' : 'percent';
}

export interface CurrentProgress {
  /** The page reached, or null when only a percentage is known. */
  page: number | null;
  /** The percentage reached as recorded, or null when only a page is known. */
  exact_percent: number | null;
  /** What the progress bar shows: the percentage if recorded, else page / page_count, rounded, 0-100. */
  percent: number;
}

/**
 * The progress shown for an edition being read. `position` is the latest event of the current reading
 * (since its start) that carries any location; pause and resume events carry none of their own, so the
 * last values stay in force. With no such event (only a start) the reader is on page 1 at 0%.
 */
export function currentProgress(position: LocationValues | null, pageCount: number | null): CurrentProgress {
  if (!position || !hasLocation(position)) return { page: 1, exact_percent: 0, percent: 0 };
  const page = position.end_page ?? position.start_page;
  const exact = position.end_percent ?? position.start_percent;
  let percent = 0;
  if (exact != null) percent = Math.round(exact);
  else if (page != null && pageCount) percent = Math.round((page / pageCount) * 100);
  return { page, exact_percent: exact, percent: Math.min(100, Math.max(0, percent)) };
}

const show = (value: number | null, suffix = '') => (value == null ? '?' : `${value}${suffix}`);

/** The reading log list's location text: 'Pages X-Y', 'X%-Y%' ('?' for a missing side) or 'No location'. */
export function locationSummary(v: LocationValues): string {
  if (hasPageValues(v)) return `Pages ${show(v.start_page)}-${show(v.end_page)}`;
  if (hasPercentValues(v)) return `${show(v.start_percent, '%')}-${show(v.end_percent, '%')}`;
  return 'No location';
}
