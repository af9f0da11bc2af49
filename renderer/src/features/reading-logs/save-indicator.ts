// The log save indicator (SPEC.md §4 "Log save indicator", §8, §9) as a pure state machine, so its rules
// are tested without timers or React. Values are compared by a key (the update payload as JSON).
//
// - The first value seen on mount counts as saved; the indicator starts idle ('Ready').
// - Editing shows 'Saving...' until the autosave (AUTOSAVE_DELAY_MS after the last change) settles.
// - A successful autosave shows 'Saved'; a failed one goes back to idle (the failure is only logged).
// - An autosave of a value equal to the saved one needs no call and shows 'Saved'.
// - Saving is skipped while blocked (the log is being deleted) or without a session: back to idle.
// - A save that settles while newer edits wait for their own autosave keeps showing 'Saving...'.

export const AUTOSAVE_DELAY_MS = 2000;

export type SaveIndicator = 'idle' | 'saving' | 'saved';

export const SAVE_INDICATOR_TEXT: Record<SaveIndicator, string> = {
  idle: 'Ready',
  saving: 'Saving...',
  saved: 'Saved',
};

export interface AutosaveState {
  indicator: SaveIndicator;
  /** The key of the value last known to be stored on the server. */
  savedKey: string;
}

export type AutosaveEvent =
  | { type: 'edited' }
  | { type: 'save-succeeded'; key: string; editsWaiting: boolean }
  | { type: 'save-failed'; editsWaiting: boolean }
  | { type: 'save-skipped'; editsWaiting: boolean };

export function initialAutosave(firstKey: string): AutosaveState {
  return { indicator: 'idle', savedKey: firstKey };
}

export function autosaveReducer(state: AutosaveState, event: AutosaveEvent): AutosaveState {
  switch (event.type) {
    case 'edited':
      return { ...state, indicator: 'saving' };
    case 'save-succeeded':
      return { savedKey: event.key, indicator: event.editsWaiting ? 'saving' : 'saved' };
    case 'save-failed':
    case 'save-skipped':
      return { ...state, indicator: event.editsWaiting ? 'saving' : 'idle' };
  }
}

export type SaveDecision = 'skip' | 'unchanged' | 'save';

/** What the autosave does with the value `key` when its delay has passed. */
export function decideSave(
  state: AutosaveState,
  key: string,
  conditions: { blocked: boolean; signedIn: boolean },
): SaveDecision {
  if (conditions.blocked || !conditions.signedIn) return 'skip';
  return key === state.savedKey ? 'unchanged' : 'save';
}
