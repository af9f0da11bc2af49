// Picks the Backend for where the renderer runs: inside the desktop app the preload has put its bridge on
// `window.shelfwise`; anywhere else the page talks to its server itself.
import type { ShelfwiseBridge } from '@shared/desktop-bridge';
import type { Backend } from './backend';
import { createDesktopBackend } from './desktop';
import { createWebBackend } from './web';

/** `scope` is the page's global object (tests pass their own). */
export function createBackend(scope: object = window): Backend {
  const bridge = (scope as { shelfwise?: ShelfwiseBridge }).shelfwise;
  return bridge ? createDesktopBackend(bridge) : createWebBackend();
}
