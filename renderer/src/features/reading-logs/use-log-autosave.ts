// The autosave of one reading log (SPEC.md §4 "Log save indicator", §9 autosave delay): every change
// restarts a 2 s timer; when it fires, the latest value is saved in one update-reading-log call. Saves
// run one at a time. Leaving the log (another log selected, or the page closed) saves a change still
// waiting, so the last seconds of typing are not lost. The rules themselves are in save-indicator.ts.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSession } from '../../session/session-context';
import type { LogUpdate } from './log-inputs';
import type { AutosaveEvent, SaveIndicator } from './save-indicator';
import { AUTOSAVE_DELAY_MS, autosaveReducer, decideSave, initialAutosave } from './save-indicator';

interface AutosaveOptions {
  /** The value seen on mount: it counts as saved. */
  initial: LogUpdate;
  save(update: LogUpdate): Promise<void>;
  /** Saving is skipped meanwhile (the log is being deleted). */
  blocked: boolean;
}

export function useLogAutosave({ initial, save, blocked }: AutosaveOptions) {
  const signedIn = useSession().status === 'signed-in';
  const [firstState] = useState(() => initialAutosave(JSON.stringify(initial)));
  const [indicator, setIndicator] = useState<SaveIndicator>(firstState.indicator);
  const state = useRef(firstState);
  const latest = useRef(initial);
  const timer = useRef<number | null>(null);
  const queue = useRef(Promise.resolve());
  const current = useRef({ save, conditions: { blocked, signedIn } });
  useEffect(() => {
    current.current = { save, conditions: { blocked, signedIn } };
  });

  const apply = useCallback((event: AutosaveEvent) => {
    state.current = autosaveReducer(state.current, event);
    setIndicator(state.current.indicator);
  }, []);

  const flush = useCallback(() => {
    timer.current = null;
    const update = latest.current;
    const key = JSON.stringify(update);
    queue.current = queue.current.then(async () => {
      const editsWaiting = () => timer.current !== null;
      const decision = decideSave(state.current, key, current.current.conditions);
      if (decision === 'skip') return apply({ type: 'save-skipped', editsWaiting: editsWaiting() });
      if (decision === 'save') {
        try {
          await current.current.save(update);
        } catch (error) {
          console.error('The reading log could not be saved.', error);
          return apply({ type: 'save-failed', editsWaiting: editsWaiting() });
        }
      }
      apply({ type: 'save-succeeded', key, editsWaiting: editsWaiting() });
    });
  }, [apply]);

  const change = useCallback(
    (update: LogUpdate) => {
      latest.current = update;
      apply({ type: 'edited' });
      if (timer.current !== null) window.clearTimeout(timer.current);
      timer.current = window.setTimeout(flush, AUTOSAVE_DELAY_MS);
    },
    [apply, flush],
  );

  useEffect(
    () => () => {
      if (timer.current === null) return;
      window.clearTimeout(timer.current);
      flush();
    },
    [flush],
  );

  return { indicator, change };
}
