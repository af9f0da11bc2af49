// The reading state machine of SPEC.md §4. A user's state for one edition is the type of their latest
// progress event on it; the server enforces the transitions and the UI offers only what is allowed.

export const READING_EVENT_TYPES = ['start', 'progress', 'pause', 'resume', 'finish', 'dnf'] as const;
export type ReadingEventType = (typeof READING_EVENT_TYPES)[number];

/** The latest event type for an edition, or null when the user has never logged one. */
export type ReadingState = ReadingEventType | null;

const NEXT_EVENTS: Record<ReadingEventType | 'none', readonly ReadingEventType[]> = {
  none: ['start'],
  start: ['progress', 'pause', 'finish', 'dnf'],
  progress: ['progress', 'pause', 'finish', 'dnf'],
  pause: ['resume'],
  resume: ['progress', 'pause', 'finish', 'dnf'],
  finish: ['start'],
  dnf: ['start'],
};

export function allowedNextEvents(state: ReadingState): readonly ReadingEventType[] {
  return NEXT_EVENTS[state ?? 'none'];
}

export function canLogEvent(state: ReadingState, next: ReadingEventType): boolean {
  return allowedNextEvents(state).includes(next);
}

/** Reading in the sense of the dashboard: started and neither finished nor abandoned (paused counts). */
export function isInProgress(state: ReadingState): boolean {
  return state !== null && state !== 'finish' && state !== 'dnf';
}

const STATE_NAMES: Record<ReadingEventType | 'none', string> = {
  none: 'not started',
  start: 'started',
  progress: 'in progress',
  pause: 'paused',
  resume: 'resumed',
  finish: 'finished',
  dnf: 'did not finish',
};

export function describeReadingState(state: ReadingState): string {
  return STATE_NAMES[state ?? 'none'];
}

/** The 409 message for a refused event: names the current state and what may come next. */
export function transitionErrorMessage(state: ReadingState, next: ReadingEventType): string {
  const allowed = allowedNextEvents(state).join(', ');
  return `Cannot log '${next}': this edition is ${describeReadingState(state)}. Allowed next: ${allowed}.`;
}

/**
 * The work page's action (SPEC.md §4): 'none' shows Start Reading, 'paused' Resume Reading, 'active'
 * Currently Reading, 'another-edition-active' Currently reading another edition (start hidden).
 * `editionState` is the latest event on the shown edition; `latestWorkEvent` the latest event on any
 * edition of the same work.
 */
export type WorkPageAction = 'none' | 'paused' | 'active' | 'another-edition-active';

export function workPageAction(
  editionId: string,
  editionState: ReadingState,
  latestWorkEvent: { edition_id: string; event_type: ReadingEventType } | null,
): WorkPageAction {
  if (editionState === 'pause') return 'paused';
  if (isInProgress(editionState)) return 'active';
  if (
    latestWorkEvent &&
    latestWorkEvent.edition_id !== editionId &&
    isInProgress(latestWorkEvent.event_type)
  ) {
    return 'another-edition-active';
  }
  return 'none';
}
