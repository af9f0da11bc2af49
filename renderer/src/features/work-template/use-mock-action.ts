import { useCallback, useEffect, useRef, useState } from 'react';

/** SPEC.md §9 "Template mock action delay 1 s": sample actions pretend to work for a second. */
export const MOCK_ACTION_DELAY_MS = 1000;

/** A pretend action: busy for the mock delay, then `done` runs, unless the page has gone by then. */
export function useMockAction(): [busy: boolean, run: (done: () => void) => void] {
  const [busy, setBusy] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const run = useCallback((done: () => void) => {
    setBusy(true);
    timer.current = setTimeout(() => {
      setBusy(false);
      done();
    }, MOCK_ACTION_DELAY_MS);
  }, []);
  return [busy, run];
}
