import { afterEach, describe, expect, it } from 'vitest';
import type { DesktopEventApi, DesktopEventChannel } from '@shared/desktop-bridge';
import { AUTH_STORAGE_KEY } from '@shared/auth-session';
import { FAKE_SERVER, createFakeAuthServer } from './auth/testing/fake-auth-server';
import { memoryVault } from './auth/testing/memory-vault';
import type { TokenVault } from './auth/token-vault';
import { randomBytes } from 'node:crypto';
import { sealerWithKey } from './data-sealer';
import { createDesktopServices } from './desktop-services';
import type { DesktopServices } from './desktop-services';
import { memoryStore } from './testing/memory-store';

const PASSWORD = 'Correct-horse-1!';
const ctx = { senderUrl: 'app://shelfwise/' };
const running: DesktopServices[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.stop()));
});

type Sent = { [C in DesktopEventChannel]: { channel: C; payload: DesktopEventApi[C] } }[DesktopEventChannel];
const deliveries = (sent: Sent[]) => sent.filter((s) => s.channel === 'deepLinks:delivery');

/** `restartOf` starts the app again over the earlier run's server and vault (the keychain outlives a run). */
type FakeAuthServer = ReturnType<typeof createFakeAuthServer>;
interface EarlierRun {
  server: FakeAuthServer;
  user: ReturnType<FakeAuthServer['addUser']>;
  vault: TokenVault;
}

async function setup(restartOf?: EarlierRun) {
  const server = restartOf?.server ?? createFakeAuthServer();
  const user = restartOf?.user ?? server.addUser('ada@example.org', PASSWORD);
  const sfBodies: { name: string; body: unknown }[] = [];
  const network = { up: true, goalProgress: 3 };
  // The fake speaks /auth/v1 only; /sf/ answers here so the proxy and its cache have something to carry.
  const fetchFn = (async (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
    if (!network.up) throw new TypeError('fetch failed');
    const url = new URL(input instanceof Request ? input.url : String(input));
    // A web server that is not Shelfwise: it answers, but not as our /client-config does.
    if (url.hostname === 'blog.example.org') return new Response('<!doctype html><p>Hello</p>');
    if (url.pathname === '/health') return Response.json({ ok: true });
    if (!url.pathname.startsWith('/sf/')) return server.fetch(input, init);
    const name = url.pathname.slice('/sf/'.length);
    sfBodies.push({ name, body: JSON.parse(String(init?.body)) });
    if (name === 'reading-goals')
      return Response.json({
        year: 2026,
        goals: [{ goal_year: 2026, goal_type: 'books', target_qty: 4, progress: network.goalProgress }],
      });
    return Response.json(name === 'list-shelves' ? [{ id: 'cached-shelf' }] : { ok: true });
  }) as typeof fetch;
  const vault = restartOf?.vault ?? (await memoryVault());
  const store = memoryStore();
  const preferences = memoryStore();
  const shown: { title: string; body: string }[] = [];
  const sent: Sent[] = [];
  const opened: string[] = [];
  const logs: string[] = [];
  /** Each time Chromium's browsing data was cleared: how many records the app's own store held then. */
  const browsingCleared: number[] = [];
  let focused = 0;
  const savedServers: string[] = [];
  let restarts = 0;
  const services = createDesktopServices({
    serverUrl: FAKE_SERVER,
    vault,
    sealer: sealerWithKey(randomBytes(32)),
    offlineStore: store,
    preferencesStore: preferences,
    shellPort: {
      showNotification: (notice) => (shown.push(notice), true),
      setThemeSource: () => undefined,
      setProgressBar: () => undefined,
    },
    clearBrowsingData: async () => void browsingCleared.push(Object.keys(store.snapshot()).length),
    offlineRetryMs: 60_000,
    fetch: fetchFn,
    openInBrowser: async (url) => (opened.push(url), true),
    send: (channel, payload) => sent.push({ channel, payload } as Sent),
    focus: () => (focused += 1),
    serverChoice: {
      defaultServerUrl: 'https://books.example.org',
      chosen: false,
      fixedByEnvironment: false,
      save: async (serverUrl) => void savedServers.push(serverUrl),
      restart: () => void (restarts += 1),
    },
    version: '1.2.3',
    platform: 'linux',
    log: (message) => logs.push(message),
  });
  running.push(services);
  return {
    server,
    user,
    services,
    vault,
    store,
    sent,
    opened,
    logs,
    sfBodies,
    network,
    shown,
    browsingCleared,
    savedServers,
    restarts: () => restarts,
    focused: () => focused,
  };
}

describe('createDesktopServices', () => {
  it('signs in by password and tells the page who, never with a token', async () => {
    const { services, vault, sent, user } = await setup();
    const answer = await services.handlers.auth.signInWithPassword.run(ctx, 'ada@example.org', PASSWORD);
    expect(answer.user.id).toBe(user.id);

    const states = sent.filter((s) => s.channel === 'auth:state');
    expect(states.map((s) => s.payload.event)).toContain('SIGNED_IN');
    const stored = JSON.parse((await vault.getItem(AUTH_STORAGE_KEY)) ?? '{}');
    const visible = JSON.stringify([answer, sent]);
    expect(visible).not.toContain(stored.refresh_token);
    expect(visible).not.toContain(stored.access_token);
  });

  it('finishes a Google sign-in that comes back by deep link, once, and brings the window forward', async () => {
    const { services, server, user, sent, opened, logs, focused } = await setup();
    await services.handlers.auth.signInWithGoogle.run(ctx);
    const authorize = new URL(opened[0] ?? '');
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${FAKE_SERVER}/auth/v1/authorize`);

    // What the server does after Google: redirect_to with a code bound to the challenge main sent.
    const callback = new URL(authorize.searchParams.get('redirect_to') ?? '');
    callback.searchParams.set(
      'code',
      server.issueCode(user.id, authorize.searchParams.get('code_challenge')!),
    );
    expect(await services.handlers.deepLinks.takePending.run(ctx)).toEqual([]);
    await services.handleDeepLink(callback.href);

    expect(deliveries(sent).map((s) => s.payload)).toEqual([
      { kind: 'auth', outcome: { kind: 'signed-in', recovery: false }, path: '/' },
    ]);
    expect(focused()).toBe(1);
    expect((await services.handlers.auth.getSession.run(ctx))?.user.id).toBe(user.id);

    await services.handleDeepLink(callback.href);
    expect(deliveries(sent)).toHaveLength(1);
    expect(logs.join('\n')).toContain('already used');
  });

  it('finishes a sign-up whose confirmation link is opened after the app restarted', async () => {
    const first = await setup();
    const grace = first.server.addUser('grace@example.org', PASSWORD);
    await first.services.handlers.sf.call.run(ctx, 'register-user', {
      first_name: 'Grace',
      last_name: 'Hopper',
      username: 'grace',
      email: 'grace@example.org',
      password: PASSWORD,
    });
    const registered = first.sfBodies.find((c) => c.name === 'register-user')?.body as Record<string, string>;
    await first.services.stop();

    // What the server's verify link does once the address is confirmed: back to redirect_to with a code.
    const { services, sent } = await setup(first);
    const callback = new URL(registered.redirect_to!);
    callback.searchParams.set('code', first.server.issueCode(grace.id, registered.code_challenge!));
    await services.handlers.deepLinks.takePending.run(ctx);
    await services.handleDeepLink(callback.href);

    expect(deliveries(sent).map((s) => s.payload)).toEqual([
      { kind: 'auth', outcome: { kind: 'signed-in', recovery: false }, path: '/' },
    ]);
    expect((await services.handlers.auth.getSession.run(ctx))?.user.id).toBe(grace.id);
    // Spent: neither this run nor a later one accepts the link again.
    const later = await setup(first);
    await later.services.handlers.deepLinks.takePending.run(ctx);
    await later.services.handleDeepLink(callback.href);
    expect(deliveries(later.sent)).toEqual([]);
  });

  it('keeps deliveries for a page that has not asked yet, and again after it reloads', async () => {
    const { services, sent } = await setup();
    const verify = `${FAKE_SERVER}/auth/v1/verify?token=t&type=signup`;
    const link = `shelfwise://confirm-signup?confirmation_url=${encodeURIComponent(verify)}`;
    const open = { kind: 'open', path: `/confirm-signup?confirmation_url=${encodeURIComponent(verify)}` };

    await services.handleDeepLink(link);
    expect(deliveries(sent)).toEqual([]);
    expect(await services.handlers.deepLinks.takePending.run(ctx)).toEqual([open]);
    await services.handleDeepLink(link);
    expect(deliveries(sent)).toEqual([{ channel: 'deepLinks:delivery', payload: open }]);

    services.rendererReloaded();
    await services.handleDeepLink(link);
    expect(deliveries(sent)).toHaveLength(1);
    expect(await services.handlers.deepLinks.takePending.run(ctx)).toEqual([open]);
  });

  it('ignores hostile links without telling the page anything', async () => {
    const { services, sent, logs, focused } = await setup();
    await services.handlers.deepLinks.takePending.run(ctx);
    for (const raw of [
      'shelfwise://settings/delete-account',
      `shelfwise://confirm-signup?confirmation_url=${encodeURIComponent('https://evil.example/auth/v1/verify')}`,
      `shelfwise://auth/callback?code=abc&state=${'A'.repeat(43)}`,
    ])
      await services.handleDeepLink(raw);
    expect(deliveries(sent)).toEqual([]);
    expect(focused()).toBe(0);
    expect(logs).toHaveLength(3);
  });

  it('proxies /sf/ with the bearer, caches per user, adds the sign-up flow, and clears the cache on sign-out', async () => {
    const { services, store, sfBodies, user, browsingCleared } = await setup();
    await services.handlers.auth.signInWithPassword.run(ctx, 'ada@example.org', PASSWORD);
    expect(await services.handlers.sf.call.run(ctx, 'list-shelves', {})).toEqual([{ id: 'cached-shelf' }]);
    expect(await services.handlers.sf.cached.run(ctx, 'list-shelves')).toEqual([{ id: 'cached-shelf' }]);
    expect(Object.keys(store.snapshot())).toEqual([`cache-${user.id}`]);
    // Sealed: the answer is not on disk in plain text.
    expect(JSON.stringify(store.snapshot())).not.toContain('cached-shelf');

    await services.handlers.sf.call.run(ctx, 'register-user', {
      first_name: 'Grace',
      last_name: 'Hopper',
      username: 'grace',
      email: 'grace@example.org',
      password: PASSWORD,
    });
    const registered = sfBodies.find((c) => c.name === 'register-user')?.body as Record<string, string>;
    expect(registered.redirect_to).toMatch(/^shelfwise:\/\/auth\/callback\?state=[\w-]{43}$/);
    expect(registered.code_challenge_method).toBe('s256');
    expect(registered.code_challenge).toMatch(/^[\w-]{43}$/);

    expect(browsingCleared).toEqual([]);
    await services.handlers.auth.signOut.run(ctx);
    expect(store.snapshot()).toEqual({});
    expect(await services.handlers.sf.cached.run(ctx, 'list-shelves')).toBeNull();
    // Chromium's caches and storage go too, once, after the app's own cache.
    expect(browsingCleared).toEqual([0]);
  });

  it('offline: answers from the cache, queues a write with a provisional answer, sends it once when back', async () => {
    const { services, sfBodies, sent, network } = await setup();
    await services.handlers.auth.signInWithPassword.run(ctx, 'ada@example.org', PASSWORD);
    await services.handlers.sf.call.run(ctx, 'list-shelves', {});
    network.up = false;

    expect(await services.handlers.sf.call.run(ctx, 'list-shelves', {})).toEqual([{ id: 'cached-shelf' }]);
    const journal = { id: '22222222-2222-4222-8222-222222222222', journal_md: '<p>Offline words</p>' };
    expect(await services.handlers.sf.call.run(ctx, 'update-reading-log', journal)).toEqual({ ok: true });
    // A call with nothing cached and nothing to queue fails as offline.
    await expect(services.handlers.sf.call.run(ctx, 'search-works', { query: 'x' })).rejects.toMatchObject({
      error: { kind: 'sf', status: 0, code: 'network_error' },
    });
    expect(services.offline.state()).toEqual({ online: false, pending: 1, refused: [] });
    expect(sent.filter((s) => s.channel === 'offline:state').at(-1)?.payload).toEqual({
      online: false,
      pending: 1,
      refused: [],
    });

    network.up = true;
    expect(await services.handlers.offline.retry.run(ctx)).toEqual({ online: true, pending: 0, refused: [] });
    expect(sfBodies.filter((b) => b.name === 'update-reading-log').map((b) => b.body)).toEqual([journal]);
  });

  it('raises one goal-reached notification when the reader has turned them on', async () => {
    const { services, shown, network } = await setup();
    await services.handlers.auth.signInWithPassword.run(ctx, 'ada@example.org', PASSWORD);
    const goals = { timezone: 'Europe/Paris' };
    await services.handlers.sf.call.run(ctx, 'reading-goals', goals);
    network.goalProgress = 4;
    await services.handlers.sf.call.run(ctx, 'reading-goals', goals);
    expect(shown).toEqual([]); // off by default

    expect(await services.handlers.desktop.setNotifications.run(ctx, true)).toEqual({ notifications: true });
    network.goalProgress = 3;
    await services.handlers.sf.call.run(ctx, 'reading-goals', goals);
    network.goalProgress = 5;
    await services.handlers.sf.call.run(ctx, 'reading-goals', goals);
    await services.handlers.sf.call.run(ctx, 'reading-goals', goals);
    expect(shown).toEqual([
      { title: 'Reading goal reached', body: 'You reached your 2026 goal of 4 books.' },
    ]);
  });

  it('describes the app with the server’s public address', async () => {
    const { services } = await setup();
    expect(await services.handlers.app.info.run(ctx)).toEqual({
      name: 'Shelfwise',
      version: '1.2.3',
      platform: 'linux',
      serverUrl: FAKE_SERVER,
      // The test vault has no safeStorage: memory only, as on a Linux machine without a keyring.
      keepsSignIn: false,
    });
  });

  it('a first run asks; choosing the same server keeps the session, another signs out, clears and restarts', async () => {
    const { services, store, user, browsingCleared, savedServers, restarts } = await setup();
    const app = services.handlers.app;
    expect(await app.server.run(ctx)).toEqual({
      serverUrl: FAKE_SERVER,
      defaultServerUrl: 'https://books.example.org',
      chosen: false,
      fixedByEnvironment: false,
    });
    await services.handlers.auth.signInWithPassword.run(ctx, 'ada@example.org', PASSWORD);
    await services.handlers.sf.call.run(ctx, 'list-shelves', {});
    expect(Object.keys(store.snapshot())).toEqual([`cache-${user.id}`]);

    // Not a Shelfwise server, and plain http to another machine: refused, nothing changes.
    expect(await app.chooseServer.run(ctx, 'blog.example.org')).toEqual({
      ok: false,
      message: 'https://blog.example.org did not answer as a Shelfwise server.',
    });
    expect((await app.chooseServer.run(ctx, 'http://books.example.org')).ok).toBe(false);
    expect(savedServers).toEqual([]);
    expect(await services.handlers.auth.getSession.run(ctx)).not.toBeNull();

    expect(await app.chooseServer.run(ctx, `${FAKE_SERVER}/`)).toEqual({
      ok: true,
      serverUrl: FAKE_SERVER,
      restarting: false,
    });
    expect((await app.server.run(ctx)).chosen).toBe(true);
    expect(await services.handlers.auth.getSession.run(ctx)).not.toBeNull();
    expect(restarts()).toBe(0);

    expect(await app.chooseServer.run(ctx, 'books.example.org')).toEqual({
      ok: true,
      serverUrl: 'https://books.example.org',
      restarting: true,
    });
    expect(savedServers).toEqual([FAKE_SERVER, 'https://books.example.org']);
    expect(await services.handlers.auth.getSession.run(ctx)).toBeNull();
    expect(store.snapshot()).toEqual({});
    expect(browsingCleared).toEqual([0]);
    expect(restarts()).toBe(1);
  });
});
