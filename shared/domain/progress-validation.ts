// SPEC.md §5 "Progress by page" / "Percent": the checks and defaults of a progress update, with the texts
// users see. The update dialog runs them before sending and the server runs them again before storing.
import type { LocationValues } from './progress';
import { hasPageValues, hasPercentValues } from './progress';
import type { ReadingEventType } from './reading-state';

/** The largest page number stored at all; it also bounds the start page when the page count is unknown. */
export const MAX_PAGE_NUMBER = 100_000;

export const progressMessages = {
  startPage: (max: number) => `Start page must be between 1 and ${max}`,
  endPageMin: 'End page must be at least 1',
  // Not in SPEC.md, which bounds the input at page_count; the server needs a text when a client does not.
  endPageMax: (max: number) => `End page must be at most ${max}`,
  endPageOrder: 'End page must be greater than or equal to start page',
  startPercent: 'Start percentage must be between 0 and 100',
  endPercent: 'End percentage must be between 0 and 100',
  endPercentOrder: 'End percentage must be greater than or equal to start percentage',
  mixedModes: 'Send either page values or percentage values, not both.',
  storedPages: `Page numbers must be between 0 and ${MAX_PAGE_NUMBER}`,
  storedPercent: 'Percentages must be between 0 and 100',
} as const;

export type ProgressValidation = { ok: true; values: LocationValues } | { ok: false; message: string };

const fail = (message: string): ProgressValidation => ({ ok: false, message });
const outside = (value: number | null, min: number, max: number) =>
  value != null && (value < min || value > max);

/**
 * Checks one event's location against the edition's page count (null when unknown) and fills the finish
 * defaults: an empty end page becomes the page count (or the start page), an empty end percentage 100; a
 * finish with no location at all is page mode when the page count is known, else percent mode. A DNF skips
 * the range checks and keeps whatever was sent, as long as it can be stored.
 */
export function validateProgressEvent(
  eventType: ReadingEventType,
  input: LocationValues,
  pageCount: number | null,
): ProgressValidation {
  const values = { ...input };
  const pageMode = hasPageValues(values);
  const percentMode = hasPercentValues(values);
  if (pageMode && percentMode) return fail(progressMessages.mixedModes);

  if (eventType === 'dnf') {
    if (outside(values.start_page, 0, MAX_PAGE_NUMBER) || outside(values.end_page, 0, MAX_PAGE_NUMBER)) {
      return fail(progressMessages.storedPages);
    }
    if (outside(values.start_percent, 0, 100) || outside(values.end_percent, 0, 100)) {
      return fail(progressMessages.storedPercent);
    }
    return { ok: true, values };
  }

  const finishing = eventType === 'finish';
  if (pageMode || (finishing && !percentMode && pageCount != null)) {
    const max = pageCount ?? MAX_PAGE_NUMBER;
    if (outside(values.start_page, 1, max)) return fail(progressMessages.startPage(max));
    if (finishing && values.end_page == null) values.end_page = pageCount ?? values.start_page;
    const end = values.end_page;
    if (end != null && end < 1) return fail(progressMessages.endPageMin);
    if (end != null && end > max) return fail(progressMessages.endPageMax(max));
    if (end != null && values.start_page != null && end < values.start_page) {
      return fail(progressMessages.endPageOrder);
    }
    return { ok: true, values };
  }

  if (percentMode || finishing) {
    if (outside(values.start_percent, 0, 100)) return fail(progressMessages.startPercent);
    if (finishing && values.end_percent == null) values.end_percent = 100;
    if (outside(values.end_percent, 0, 100)) return fail(progressMessages.endPercent);
    if (
      values.end_percent != null &&
      values.start_percent != null &&
      values.end_percent < values.start_percent
    ) {
      return fail(progressMessages.endPercentOrder);
    }
  }
  return { ok: true, values };
}
