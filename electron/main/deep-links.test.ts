import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import type { DeepLinkDelivery } from '@shared/desktop-bridge';
import {
  createDeepLinkOutbox,
  createDeepLinkRouter,
  deepLinkFromArgv,
  installDeepLinkSources,
} from './deep-links';
import type { DeepLinkApp } from './deep-links';

const SERVER = 'http://localhost:8787';
const STATE = 'S'.repeat(43);
const VERIFY = `${SERVER}/auth/v1/verify?token=t&type=signup`;
const CONFIRM = `shelfwise://confirm-signup?confirmation_url=${encodeURIComponent(VERIFY)}`;

function router() {
  const delivered: DeepLinkDelivery[] = [];
  const log = vi.fn();
  const completeAuth = vi.fn(async () => ({
    kind: 'auth' as const,
    outcome: { kind: 'signed-in' as const, recovery: false },
    path: '/',
  }));
  const r = createDeepLinkRouter({
    serverUrls: async () => [SERVER],
    completeAuth,
    deliver: (d) => delivered.push(d),
    log,
  });
  return { r, delivered, log, completeAuth };
}

describe('createDeepLinkRouter', () => {
  it('opens the renderer page of an e-mail link', async () => {
    const { r, delivered } = router();
    await r.handle(CONFIRM);
    expect(delivered).toEqual([
      { kind: 'open', path: `/confirm-signup?confirmation_url=${encodeURIComponent(VERIFY)}` },
    ]);
  });

  it('hands auth callbacks to the auth flows and delivers their outcome', async () => {
    const { r, delivered, completeAuth } = router();
    await r.handle(`shelfwise://auth/callback?state=${STATE}&code=abc`);
    expect(completeAuth).toHaveBeenCalledWith({ code: 'abc', state: STATE });
    expect(delivered).toEqual([{ kind: 'auth', outcome: { kind: 'signed-in', recovery: false }, path: '/' }]);
  });

  it('delivers nothing when the auth flows ignore a callback', async () => {
    const { r, delivered, completeAuth } = router();
    completeAuth.mockResolvedValueOnce(null as never);
    await r.handle(`shelfwise://auth/callback?state=${STATE}&code=abc`);
    expect(delivered).toEqual([]);
  });

  it.each([
    ['an unknown route', 'shelfwise://settings/delete-account'],
    [
      'a confirmation link to another server',
      `shelfwise://confirm-reset?confirmation_url=${encodeURIComponent('https://evil.example/verify')}`,
    ],
    [
      'session tokens in a fragment',
      'shelfwise://auth/callback#access_token=SECRET-A&refresh_token=SECRET-R',
    ],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a number', 12],
    ['an unknown parameter', `${CONFIRM}&then=https://evil.example`],
  ])('ignores and logs %s, without logging parameter values', async (_name, raw) => {
    const { r, delivered, log, completeAuth } = router();
    await r.handle(raw);
    expect(delivered).toEqual([]);
    expect(completeAuth).not.toHaveBeenCalled();
    expect(log).toHaveBeenCalledTimes(1);
    expect(log.mock.calls[0]![0]).toMatch(/^Ignored a deep link/);
    expect(log.mock.calls[0]![0]).not.toContain('SECRET');
  });
});

describe('deepLinkFromArgv', () => {
  it('finds the link among Electron and Chromium arguments', () => {
    expect(deepLinkFromArgv(['/opt/Shelfwise/shelfwise', '--no-sandbox', CONFIRM])).toBe(CONFIRM);
    expect(deepLinkFromArgv(['electron', 'dist-electron/main/index.js', 'SHELFWISE://auth/callback'])).toBe(
      'SHELFWISE://auth/callback',
    );
  });

  it('finds nothing in a plain launch or in flags that merely contain a link', () => {
    expect(deepLinkFromArgv(['/opt/Shelfwise/shelfwise'])).toBeNull();
    expect(deepLinkFromArgv(['app', `--open=${CONFIRM}`, 'https://example.org'])).toBeNull();
  });
});

describe('createDeepLinkOutbox', () => {
  it('keeps deliveries until the renderer asks, then sends them as events', () => {
    const sent: DeepLinkDelivery[] = [];
    const outbox = createDeepLinkOutbox((d) => sent.push(d));
    outbox.deliver({ kind: 'open', path: '/a' });
    expect(sent).toEqual([]);
    expect(outbox.takePending()).toEqual([{ kind: 'open', path: '/a' }]);
    expect(outbox.takePending()).toEqual([]);
    outbox.deliver({ kind: 'open', path: '/b' });
    expect(sent).toEqual([{ kind: 'open', path: '/b' }]);
    outbox.rendererReloaded();
    outbox.deliver({ kind: 'open', path: '/c' });
    expect(sent).toHaveLength(1);
    expect(outbox.takePending()).toEqual([{ kind: 'open', path: '/c' }]);
  });

  it('keeps only the newest few while nobody listens', () => {
    const outbox = createDeepLinkOutbox(() => undefined, 3);
    for (const path of ['/1', '/2', '/3', '/4', '/5']) outbox.deliver({ kind: 'open', path });
    expect(outbox.takePending().map((d) => (d.kind === 'open' ? d.path : ''))).toEqual(['/3', '/4', '/5']);
  });
});

function fakeApp(lock = true) {
  const emitter = new EventEmitter();
  const app = Object.assign(emitter, {
    requestSingleInstanceLock: vi.fn(() => lock),
    quit: vi.fn(),
    setAsDefaultProtocolClient: vi.fn(() => true),
    whenReady: () => Promise.resolve(),
  });
  return app as typeof app & DeepLinkApp;
}

describe('installDeepLinkSources', () => {
  const base = { defaultApp: false, execPath: '/opt/Shelfwise/shelfwise', entryScript: undefined };

  it('quits when another instance holds the lock, wiring nothing', () => {
    const app = fakeApp(false);
    const handle = vi.fn();
    expect(installDeepLinkSources(app, { ...base, argv: [CONFIRM], handle, focus: vi.fn() })).toBe(false);
    expect(app.quit).toHaveBeenCalled();
    expect(app.setAsDefaultProtocolClient).not.toHaveBeenCalled();
    expect(app.listenerCount('second-instance')).toBe(0);
  });

  it('registers the scheme, with the script path when run as `electron .`', () => {
    const packaged = fakeApp();
    installDeepLinkSources(packaged, { ...base, argv: [], handle: vi.fn(), focus: vi.fn() });
    expect(packaged.setAsDefaultProtocolClient).toHaveBeenCalledWith('shelfwise');
    const dev = fakeApp();
    installDeepLinkSources(dev, {
      ...base,
      defaultApp: true,
      execPath: '/usr/bin/electron',
      entryScript: '/repo/dist-electron/main/index.js',
      argv: [],
      handle: vi.fn(),
      focus: vi.fn(),
    });
    expect(dev.setAsDefaultProtocolClient).toHaveBeenCalledWith('shelfwise', '/usr/bin/electron', [
      '/repo/dist-electron/main/index.js',
    ]);
  });

  it('takes links from first-launch argv, open-url and second-instance argv', async () => {
    const app = fakeApp();
    const handle = vi.fn();
    const focus = vi.fn();
    installDeepLinkSources(app, { ...base, argv: ['/opt/Shelfwise/shelfwise', CONFIRM], handle, focus });
    await Promise.resolve();
    expect(handle).toHaveBeenLastCalledWith(CONFIRM);

    const event = { preventDefault: vi.fn() };
    app.emit('open-url', event, 'shelfwise://auth/callback?code=1');
    expect(event.preventDefault).toHaveBeenCalled();
    expect(handle).toHaveBeenLastCalledWith('shelfwise://auth/callback?code=1');

    app.emit('second-instance', {}, [
      '/opt/Shelfwise/shelfwise',
      '--flag',
      'shelfwise://auth/callback?code=2',
    ]);
    expect(handle).toHaveBeenLastCalledWith('shelfwise://auth/callback?code=2');
    expect(focus).toHaveBeenCalledTimes(2);
  });

  it('only focuses the window when a second launch carries no link', () => {
    const app = fakeApp();
    const handle = vi.fn();
    const focus = vi.fn();
    installDeepLinkSources(app, { ...base, argv: [], handle, focus });
    app.emit('second-instance', {}, ['/opt/Shelfwise/shelfwise']);
    expect(handle).not.toHaveBeenCalled();
    expect(focus).toHaveBeenCalledTimes(1);
  });
});
