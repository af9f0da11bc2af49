// Picks the Backend for where the renderer runs: inside the desktop app the preload has put its bridge on
// `window.shelfwise`; anywhere else the page talks to its server itself. Inside Electron without a bridge the
// preload broke: that must stop the app loudly (main logs the preload-error), never quietly run the web
// Backend, which would keep tokens in the page that main alone should hold.
import type { ShelfwiseBridge } from '@shared/desktop-bridge';
import { registerAppWorker } from './app-updates';
import type { Backend } from './backend';
import { createDesktopBackend } from './desktop';
import { createWebBackend } from './web';

export const MISSING_BRIDGE_MESSAGE =
  'The desktop app could not start: its preload bridge is missing (main logs the preload-error).';

interface PageScope {
  shelfwise?: ShelfwiseBridge;
  navigator?: { userAgent?: string };
  location?: { protocol?: string };
}

/** Electron's own user agent names it; the packaged app's pages are also on its app: scheme. */
function insideElectron(scope: PageScope): boolean {
  return /\bElectron\//.test(scope.navigator?.userAgent ?? '') || scope.location?.protocol === 'app:';
}

/** `scope` is the page's global object (tests pass their own). */
export function createBackend(scope: object = window): Backend {
  const page = scope as PageScope;
  if (page.shelfwise) return createDesktopBackend(page.shelfwise);
  if (insideElectron(page)) throw new Error(MISSING_BRIDGE_MESSAGE);
  const backend = createWebBackend();
  const appUpdates = registerAppWorker();
  return appUpdates ? { ...backend, appUpdates } : backend;
}
