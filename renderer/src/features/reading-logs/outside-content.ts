// When the journal editor takes content from outside (SPEC.md §4, §9): never while the reader is typing in
// it, nor while (or just after) it is handing its own change out, which would otherwise come straight back
// as an "outside" value and move the caret.

/** Editor creation waits this long after mount, so quick log switches do not build editors for nothing. */
export const EDITOR_START_DELAY_MS = 100;
/** How long after emitting a change the editor refuses outside content. */
export const CHANGE_GUARD_MS = 100;

export interface OutsideContent {
  /** The journal offered from outside. */
  incoming: string | null;
  /** The journal the editor shows (what it last rendered or emitted). */
  shown: string | null;
  /** The reader's focus is inside the editor. */
  focused: boolean;
  /** A change is being emitted until this time (ms since the epoch). */
  emittingUntil: number;
  now: number;
}

export function acceptsOutsideContent(c: OutsideContent): boolean {
  return c.incoming !== c.shown && !c.focused && c.now >= c.emittingUntil;
}
