// Tells screen-reader users that a client-side navigation happened (issue 17): a browser announces a new
// page on a full load, but a router swap is silent. After each path change, a polite live region reads the
// new page's title, once the page has set it (usePageTitle runs in the page's own effect).
import { VisuallyHidden } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';

/** Long enough for a lazy page to mount and set its title; short enough to follow the click. */
const TITLE_SETTLE_MS = 500;

export function RouteAnnouncer() {
  const { pathname } = useLocation();
  const [message, setMessage] = useState('');
  const first = useRef(true);

  useEffect(() => {
    // The first page is announced by the browser itself.
    if (first.current) {
      first.current = false;
      return;
    }
    const timer = window.setTimeout(() => setMessage(document.title), TITLE_SETTLE_MS);
    return () => window.clearTimeout(timer);
  }, [pathname]);

  return (
    <VisuallyHidden role="status" aria-live="polite" aria-atomic="true" data-testid="route-announcer">
      {message}
    </VisuallyHidden>
  );
}
