import { describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_BOUNDS,
  decideNavigation,
  decideWindowOpen,
  hardenSession,
  hardenWebContents,
  restoreBounds,
  windowOptions,
} from './window';
import type { HardenableContents, HardenableSession } from './window';

const APP = 'app://shelfwise';

describe('windowOptions', () => {
  it('isolates and sandboxes the renderer, without Node, webviews or insecure content', () => {
    const { webPreferences, show } = windowOptions({
      preloadPath: '/app/preload/index.cjs',
      bounds: DEFAULT_BOUNDS,
    });
    expect(webPreferences).toMatchObject({
      preload: '/app/preload/index.cjs',
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
      disableBlinkFeatures: 'Auxclick',
    });
    expect(webPreferences).not.toHaveProperty('enableBlinkFeatures');
    expect(show).toBe(false);
  });
});

describe('decideNavigation', () => {
  it.each([
    ['app://shelfwise/settings', { allow: true }],
    ['https://openlibrary.org/', { allow: false, openExternally: 'https://openlibrary.org/' }],
    [
      'http://localhost:8787/auth/v1/verify?token=t',
      { allow: false, openExternally: 'http://localhost:8787/auth/v1/verify?token=t' },
    ],
    ['file:///etc/passwd', { allow: false, openExternally: null }],
    ['javascript:alert(1)', { allow: false, openExternally: null }],
    ['app://shelfwise.evil/', { allow: false, openExternally: null }],
    ['shelfwise://auth/callback?code=x', { allow: false, openExternally: null }],
    ['about:blank', { allow: false, openExternally: null }],
  ])('%s', (url, decision) => {
    expect(decideNavigation(url, APP)).toEqual(decision);
  });

  it('allows the dev server origin in development, and nothing else on localhost', () => {
    expect(decideNavigation('http://localhost:5173/login', 'http://localhost:5173')).toEqual({ allow: true });
    expect(decideNavigation('http://localhost:8787/', 'http://localhost:5173')).toMatchObject({
      allow: false,
    });
  });
});

describe('decideWindowOpen', () => {
  it('never opens a window, and sends only http(s) outside', () => {
    expect(decideWindowOpen('https://example.org/')).toEqual({
      action: 'deny',
      openExternally: 'https://example.org/',
    });
    expect(decideWindowOpen('app://shelfwise/settings')).toEqual({ action: 'deny', openExternally: null });
    expect(decideWindowOpen('smb://host/share')).toEqual({ action: 'deny', openExternally: null });
  });
});

function fakeContents() {
  const listeners = new Map<string, (event: any, url?: string) => void>();
  let openHandler: ((details: { url: string }) => { action: 'deny' }) | null = null;
  const contents: HardenableContents = {
    on: ((event: string, listener: (event: any, url?: string) => void) =>
      listeners.set(event, listener)) as HardenableContents['on'],
    setWindowOpenHandler: (handler) => {
      openHandler = handler;
    },
  };
  const fire = (name: string, url: string, useDetailsUrl = false) => {
    const event = { preventDefault: vi.fn(), ...(useDetailsUrl ? { url } : {}) };
    listeners.get(name)?.(event, useDetailsUrl ? 'app://shelfwise/decoy' : url);
    return event.preventDefault.mock.calls.length > 0;
  };
  return { contents, fire, open: (url: string) => openHandler?.({ url }), listeners };
}

describe('hardenWebContents', () => {
  function setup() {
    const fake = fakeContents();
    const openExternal = vi.fn(async (_url: string) => undefined);
    const log = vi.fn();
    hardenWebContents(fake.contents, { appOrigin: APP, openInBrowser: openExternal, log });
    return { ...fake, openExternal, log };
  }

  it('lets our pages navigate among themselves', () => {
    const { fire, openExternal } = setup();
    expect(fire('will-navigate', 'app://shelfwise/settings')).toBe(false);
    expect(openExternal).not.toHaveBeenCalled();
  });

  it('stops navigation away and opens http(s) targets in the browser', () => {
    const { fire, openExternal } = setup();
    expect(fire('will-navigate', 'https://example.org/page')).toBe(true);
    expect(openExternal).toHaveBeenCalledWith('https://example.org/page');
  });

  it('stops navigation to other schemes without opening them anywhere', () => {
    const { fire, openExternal } = setup();
    for (const url of ['file:///etc/passwd', 'javascript:alert(1)', 'smb://host/x', 'data:text/html,x'])
      expect(fire('will-navigate', url)).toBe(true);
    expect(openExternal).not.toHaveBeenCalled();
  });

  it('judges the URL Electron reports in the event details, not the deprecated argument', () => {
    const { fire } = setup();
    expect(fire('will-navigate', 'https://evil.example/', true)).toBe(true);
  });

  it('stops redirects away from the app without opening them', () => {
    const { fire, openExternal } = setup();
    expect(fire('will-redirect', 'https://evil.example/')).toBe(true);
    expect(openExternal).not.toHaveBeenCalled();
  });

  it('refuses webviews and new windows, sending http(s) window targets to the browser', () => {
    const { listeners, open, openExternal } = setup();
    const event = { preventDefault: vi.fn() };
    listeners.get('will-attach-webview')?.(event);
    expect(event.preventDefault).toHaveBeenCalled();
    expect(open('https://example.org/')).toEqual({ action: 'deny' });
    expect(open('file:///x')).toEqual({ action: 'deny' });
    expect(openExternal.mock.calls).toEqual([['https://example.org/']]);
  });
});

describe('hardenSession', () => {
  it('denies every permission request and check, and sets the CSP on our pages only', () => {
    let request: Parameters<HardenableSession['setPermissionRequestHandler']>[0] | null = null;
    let check: (() => boolean) | null = null;
    let headers: Parameters<HardenableSession['webRequest']['onHeadersReceived']>[0] | null = null;
    const session: HardenableSession = {
      setPermissionRequestHandler: (h) => (request = h),
      setPermissionCheckHandler: (h) => (check = h),
      webRequest: { onHeadersReceived: (l) => (headers = l) },
    };
    hardenSession(session, { appOrigin: APP, csp: "default-src 'self'", log: () => undefined });

    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal']) {
      const callback = vi.fn();
      request!({}, permission, callback);
      expect(callback).toHaveBeenCalledWith(false);
    }
    expect(check!()).toBe(false);

    const answer = vi.fn();
    headers!({ url: 'app://shelfwise/', responseHeaders: {} }, answer);
    expect(answer).toHaveBeenCalledWith({
      responseHeaders: { 'Content-Security-Policy': ["default-src 'self'"] },
    });
  });
});

describe('restoreBounds', () => {
  const screen = [{ x: 0, y: 0, width: 1920, height: 1080 }];

  it('restores bounds that are still on a screen', () => {
    const saved = { x: 100, y: 50, width: 1200, height: 800 };
    expect(restoreBounds(saved, screen)).toEqual(saved);
  });

  it.each([
    ['nothing saved', undefined],
    ['garbage', { x: 'a', y: 0, width: 1, height: 1 }],
    ['a window off every screen', { x: 5000, y: 50, width: 1200, height: 800 }],
    ['a title bar above the screen', { x: 10, y: -200, width: 1200, height: 800 }],
    ['a tiny window', { x: 10, y: 10, width: 20, height: 20 }],
    ['an absurd size', { x: 0, y: 0, width: 1e9, height: 800 }],
  ])('falls back to the defaults for %s', (_name, saved) => {
    expect(restoreBounds(saved, screen)).toEqual(DEFAULT_BOUNDS);
  });
});
