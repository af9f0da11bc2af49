import { useCallback, useEffect, useRef, useState } from 'react';
import { TEMPLATE_ACTION_DELAY_MS } from '@shared/domain/product';

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
    }, TEMPLATE_ACTION_DELAY_MS);
  }, []);
  return [busy, run];
}
