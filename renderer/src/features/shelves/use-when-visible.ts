// Infinite scroll: calls `onVisible` when the sentinel element comes near the viewport. The observer is
// made afresh whenever `resetKey` changes (a page arrived), because an observer reports only changes: a
// sentinel still in view after a short page would otherwise never ask for the next one.
import { useEffect, useRef } from 'react';
import type { RefObject } from 'react';

export function useWhenVisible(
  ref: RefObject<HTMLElement | null>,
  onVisible: () => void,
  enabled: boolean,
  resetKey: unknown,
): void {
  const callback = useRef(onVisible);
  useEffect(() => {
    callback.current = onVisible;
  });

  useEffect(() => {
    const element = ref.current;
    if (!enabled || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) callback.current();
      },
      { rootMargin: '0px 0px 300px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, enabled, resetKey]);
}
