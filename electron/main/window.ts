// Every window and web contents is hardened from this one place (ARCHITECTURE.md "Desktop shell", Style 6):
// isolated, sandboxed preload without Node; navigation kept to our own pages; new windows refused, with
// http(s) links handed to the system browser; permission requests denied; our CSP on our pages.
import type { BrowserWindowConstructorOptions, WebPreferences } from 'electron';
import { isAppUrl } from './app-origin';
import { headersWithCsp } from './content-security-policy';
import type { HeadersDetails } from './content-security-policy';
import { externalUrl } from './external-links';

export interface WindowBounds {
  x?: number;
  y?: number;
  width: number;
  height: number;
}

export const DEFAULT_BOUNDS: WindowBounds = { width: 1280, height: 860 };

export function secureWebPreferences(preloadPath: string): WebPreferences {
  return {
    preload: preloadPath,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    webviewTag: false,
    navigateOnDragDrop: false,
    safeDialogs: true,
    // Middle-click would otherwise open links in new windows without going through the open handler.
    disableBlinkFeatures: 'Auxclick',
  };
}

export function windowOptions(options: { preloadPath: string; bounds: WindowBounds; icon?: string }) {
  return {
    ...options.bounds,
    minWidth: 360,
    minHeight: 480,
    title: 'Shelfwise',
    show: false,
    backgroundColor: '#ffffff',
    autoHideMenuBar: true,
    ...(options.icon ? { icon: options.icon } : {}),
    webPreferences: secureWebPreferences(options.preloadPath),
  } satisfies BrowserWindowConstructorOptions;
}

export type NavigationDecision = { allow: true } | { allow: false; openExternally: string | null };

/**
 * A page may move only within our own origin. Anything else is stopped; an http(s) target (an e-mail
 * confirmation link, a link in a review) opens in the system browser instead, a mailto: link in the mail client.
 */
export function decideNavigation(url: string, appOrigin: string): NavigationDecision {
  if (isAppUrl(url, appOrigin)) return { allow: true };
  return { allow: false, openExternally: externalUrl(url) };
}

/** New windows are never created; http(s) and mailto: targets go to the OS (external-links.ts). */
export function decideWindowOpen(url: string): { action: 'deny'; openExternally: string | null } {
  return { action: 'deny', openExternally: externalUrl(url) };
}

interface PreventableEvent {
  preventDefault(): void;
  url?: string;
}

/** The parts of Electron's WebContents this module uses, so tests can hand it a fake. */
export interface HardenableContents {
  on(
    event: 'will-navigate' | 'will-redirect',
    listener: (event: PreventableEvent, url: string) => void,
  ): unknown;
  on(event: 'will-attach-webview', listener: (event: PreventableEvent) => void): unknown;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void;
}

export interface HardenDeps {
  appOrigin: string;
  /** The http(s)-and-mailto: opener of main/external-links.ts. */
  openInBrowser: (url: string) => Promise<unknown>;
  log: (message: string) => void;
}

function openOutside(url: string | null, deps: HardenDeps) {
  if (url)
    void deps
      .openInBrowser(url)
      .catch((error: unknown) => deps.log(`Could not open a link: ${String(error)}`));
}

export function hardenWebContents(contents: HardenableContents, deps: HardenDeps): void {
  const guard = (kind: string) => (event: PreventableEvent, url: string) => {
    const target = event.url ?? url;
    const decision = decideNavigation(target, deps.appOrigin);
    if (decision.allow) return;
    event.preventDefault();
    if (kind === 'will-navigate') openOutside(decision.openExternally, deps);
    else deps.log(`Blocked a ${kind} away from the app.`);
  };
  contents.on('will-navigate', guard('will-navigate'));
  // A redirect is the server's doing, not the user's click: stop it without opening anything.
  contents.on('will-redirect', guard('will-redirect'));
  contents.on('will-attach-webview', (event) => {
    event.preventDefault();
    deps.log('Blocked a <webview>.');
  });
  contents.setWindowOpenHandler(({ url }) => {
    const decision = decideWindowOpen(url);
    openOutside(decision.openExternally, deps);
    return { action: decision.action };
  });
}

/** The parts of Electron's Session this module uses. */
export interface HardenableSession {
  setPermissionRequestHandler(
    handler: (contents: unknown, permission: string, callback: (granted: boolean) => void) => void,
  ): void;
  setPermissionCheckHandler(handler: () => boolean): void;
  webRequest: {
    onHeadersReceived(
      listener: (
        details: HeadersDetails,
        callback: (response: { responseHeaders: Record<string, string[] | string> }) => void,
      ) => void,
    ): void;
  };
}

export function hardenSession(
  session: HardenableSession,
  options: { appOrigin: string; csp: string; log: (message: string) => void },
): void {
  // The app needs no camera, microphone, location, notifications or clipboard reads: refuse them all.
  session.setPermissionRequestHandler((_contents, permission, callback) => {
    options.log(`Denied a permission request: ${permission}.`);
    callback(false);
  });
  session.setPermissionCheckHandler(() => false);
  session.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: headersWithCsp(details, options.appOrigin, options.csp) });
  });
}

/** Saved bounds, when they still fit on one of the screens; else the defaults, centred by Electron. */
export function restoreBounds(saved: unknown, workAreas: readonly Required<WindowBounds>[]): WindowBounds {
  if (!saved || typeof saved !== 'object') return DEFAULT_BOUNDS;
  const b = saved as Partial<Record<keyof WindowBounds, unknown>>;
  const numbers = [b.x, b.y, b.width, b.height].every((n) => typeof n === 'number' && Number.isFinite(n));
  if (!numbers) return DEFAULT_BOUNDS;
  const bounds = { x: b.x as number, y: b.y as number, width: b.width as number, height: b.height as number };
  if (bounds.width < 360 || bounds.height < 480 || bounds.width > 10_000 || bounds.height > 10_000)
    return DEFAULT_BOUNDS;
  // At least the title bar's top-left 100x40 must be on a screen, or the window cannot be grabbed.
  const visible = workAreas.some(
    (area) =>
      bounds.x + 100 > area.x &&
      bounds.x < area.x + area.width - 100 &&
      bounds.y >= area.y &&
      bounds.y + 40 < area.y + area.height,
  );
  return visible ? bounds : DEFAULT_BOUNDS;
}
