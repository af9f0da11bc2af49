// The 'Update Reading Progress' form as plain data (SPEC.md §3 "Progress update form", §4 "Update dialog",
// §5 "Progress by page" / "Percent"): its defaults for a book, which event it logs, and the request it
// sends. The range checks and their texts are shared with the server (progress-validation.ts).
import type { RequestOf } from '@shared/api/endpoints';
import type { CurrentlyReadingItem } from '@shared/api/reading';
import type { LocationValues } from '@shared/domain/progress';
import { validateProgressEvent } from '@shared/domain/progress-validation';
import type { ReadingEventType } from '@shared/domain/reading-state';
import { allowedNextEvents } from '@shared/domain/reading-state';
import { noteToJournalHtml } from './journal-note';

export type ProgressMode = 'page' | 'percent';
/** What a NumberInput holds: a number, or text while empty or half typed. */
export type NumberField = number | string;

export interface ProgressFormValues {
  mode: ProgressMode;
  startPage: NumberField;
  endPage: NumberField;
  startPercent: NumberField;
  endPercent: NumberField;
  note: string;
  finished: boolean;
  dnf: boolean;
  private: boolean;
}

export type LogProgressRequest = RequestOf<'log-progress-event'>;

/** The choices the state machine leaves for this book (SPEC.md §4). */
export function progressChoices(state: ReadingEventType) {
  const allowed = allowedNextEvents(state);
  return {
    location: allowed.includes('progress'),
    finish: allowed.includes('finish'),
    dnf: allowed.includes('dnf'),
    resume: allowed.includes('resume'),
  };
}

/**
 * Page mode unless only a percentage is known; the start fields begin where the reader is (page 1 right
 * after a start event), the end fields empty.
 */
export function initialProgressForm(item: CurrentlyReadingItem): ProgressFormValues {
  const onlyPercent = item.current_page == null && item.current_percent != null;
  return {
    mode: onlyPercent ? 'percent' : 'page',
    startPage: item.event_type === 'start' ? 1 : (item.current_page ?? ''),
    endPage: '',
    startPercent: item.current_percent ?? '',
    endPercent: '',
    note: '',
    finished: false,
    dnf: false,
    private: false,
  };
}

/** DNF wins over finish, otherwise the event is a progress update; a paused book can only resume. */
export function progressEventType(
  state: ReadingEventType,
  form: Pick<ProgressFormValues, 'finished' | 'dnf'>,
): ReadingEventType | null {
  const choices = progressChoices(state);
  if (form.dnf && choices.dnf) return 'dnf';
  if (form.finished && choices.finish) return 'finish';
  if (choices.location) return 'progress';
  if (choices.resume) return 'resume';
  return null;
}

/** Empty and unparsable text count as "not given"; DNF sends whatever parses. */
export function parseNumberField(value: NumberField): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (value.trim() === '') return null;
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : null;
}

const NO_LOCATION: LocationValues = {
  start_page: null,
  end_page: null,
  start_percent: null,
  end_percent: null,
};

function locationOf(form: ProgressFormValues): LocationValues {
  if (form.mode === 'page') {
    return {
      ...NO_LOCATION,
      start_page: parseNumberField(form.startPage),
      end_page: parseNumberField(form.endPage),
    };
  }
  return {
    ...NO_LOCATION,
    start_percent: parseNumberField(form.startPercent),
    end_percent: parseNumberField(form.endPercent),
  };
}

export type ProgressRequestResult =
  { ok: true; request: LogProgressRequest } | { ok: false; message: string };

export function buildProgressRequest(
  item: CurrentlyReadingItem,
  form: ProgressFormValues,
): ProgressRequestResult {
  const eventType = progressEventType(item.event_type, form);
  if (!eventType) return { ok: false, message: 'This book cannot be updated now.' };
  // Resuming carries no location of its own: the last one stays in force.
  const location = eventType === 'resume' ? NO_LOCATION : locationOf(form);
  const checked = validateProgressEvent(eventType, location, item.edition.page_count);
  if (!checked.ok) return checked;
  return {
    ok: true,
    request: {
      work_id: item.work.id,
      edition_id: item.edition.id,
      event_type: eventType,
      ...checked.values,
      journal_md: noteToJournalHtml(form.note),
      is_public: !form.private,
    },
  };
}

/**
 * A pause carries where the reader is (SPEC.md §4): the page, or the percentage when only that is known.
 * Right after a start nothing has been read yet (page 1 and 0% are defaults, not a position), so it
 * carries nothing.
 */
export function pauseRequest(item: CurrentlyReadingItem): LogProgressRequest {
  const base = { work_id: item.work.id, edition_id: item.edition.id, event_type: 'pause' as const };
  const { current_page: page, current_percent: percent } = item;
  if (page != null && percent == null) return { ...base, end_page: page };
  if (percent != null && page == null) return { ...base, end_percent: percent };
  return base;
}

export function resumeRequest(item: CurrentlyReadingItem): LogProgressRequest {
  return { work_id: item.work.id, edition_id: item.edition.id, event_type: 'resume' };
}
