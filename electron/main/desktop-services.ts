// Everything main runs between the window and the server, wired once: the session over the token vault, the
// auth flows, Google sign-in, the /sf/ proxy with its encrypted cache and offline outbox, the deep-link
// router and outbox, the OS shell (notifications, theme, taskbar), and the IPC handler map. It touches no Electron API: index.ts hands it Electron's pieces, the desktop simulation
// (tests/desktop) hands it stand-ins, so both run exactly this wiring.
import { createAuthFlows, withSignUpFlow } from './auth/auth-flows';
import { createGoogleSignIn } from './auth/google';
import { createDesktopSession } from './auth/session';
import type { ShellCommand } from '@shared/desktop-bridge';
import type { FlowStore } from './auth/pending-flows';
import type { DesktopSession } from './auth/session';
import type { TokenVault } from './auth/token-vault';
import { createCacheStore } from '@shared/offline/cache-store';
import type { Sealer } from './data-sealer';
import { createDeepLinkOutbox, createDeepLinkRouter } from './deep-links';
import { createSocialNotifier } from './social-notifications';
import { createDesktopShell } from './desktop-shell';
import type { DesktopShell, ShellPort } from './desktop-shell';
import type { KeyValueStore } from './key-value-store';
import { createOfflineSync } from '@shared/offline/offline-sync';
import type { OfflineSync } from '@shared/offline/offline-sync';
import { createOutbox } from '@shared/offline/outbox';
import { createHandlerMap } from './ipc/handler-map';
import type { HandlerMap } from './ipc/handler-map';
import type { SendEvent } from './ipc/events';
import { createServerChooser } from './server-choice';
import type { ServerChooserDeps } from './server-choice';
import { createSfProxy } from './sf-proxy';

export interface DesktopServicesDeps {
  /** The configured server (app-config.ts), without a trailing slash. */
  serverUrl: string;
  vault: TokenVault;
  /** Seals the reader's cache and outbox with the vault's key (data-sealer.ts). */
  sealer: Sealer;
  /** Where the sealed cache and outbox are written (electron-store 'offline'). */
  offlineStore: KeyValueStore;
  /** The reader's desktop preferences (electron-store 'preferences'). */
  preferencesStore: KeyValueStore;
  /** Electron's notifications, nativeTheme and taskbar progress. */
  shellPort: ShellPort;
  /**
   * Clears what Chromium kept of the page for the reader who signed out: HTTP cache (avatars, journal images),
   * code cache, service workers, IndexedDB and the like (index.ts).
   */
  clearBrowsingData: () => Promise<void>;
  /** Between tries to reach the server while offline or while changes wait (default 15 s). */
  offlineRetryMs?: number;
  fetch: typeof fetch;
  /** The http(s)-only opener of external-links.ts; answers false when it refused the URL. */
  openInBrowser: (url: string) => Promise<boolean>;
  /** Main-to-renderer events; the window drops them while it shows no page of ours. */
  send: SendEvent;
  /** Brings the window forward: a link arrived for it. */
  focus: () => void;
  /** The reader's choice of server: what the start knew of it, where it is saved, how the app restarts. */
  serverChoice: Pick<
    ServerChooserDeps,
    'defaultServerUrl' | 'chosen' | 'fixedByEnvironment' | 'save' | 'restart'
  >;
  version: string;
  platform: string;
  log: (message: string) => void;
}

export interface DesktopServices {
  /** What registerInvokeHandlers puts on ipcMain. */
  handlers: HandlerMap;
  session: DesktopSession;
  offline: OfflineSync;
  shell: DesktopShell;
  /** Opens an in-app page in the window (menu items, notification clicks), as a deep link does. */
  openPath(path: string): void;
  /** Asks the page to do something the menu offers (put the keyboard in the search box). */
  command(command: ShellCommand): void;
  /** The reader's most recent book in progress, from the cache (the menu's Update Progress). */
  currentBookPath(): string | null;
  /** The page started loading again: deliveries wait until it asks for them. */
  rendererReloaded(): void;
  /** A raw shelfwise:// link from argv, `second-instance` or `open-url`. */
  handleDeepLink(raw: unknown): Promise<void>;
  /** Loads the session from the vault and starts its refresh timer; a server that is down is retried later. */
  start(): void;
  stop(): Promise<void>;
}

/** Pending sign-in flows sit beside the session in the vault: they hold PKCE verifiers. */
export const PENDING_FLOWS_KEY = 'shelfwise-pending-auth-flows';

function vaultFlowStore(vault: TokenVault): FlowStore {
  return {
    load: () => vault.getItem(PENDING_FLOWS_KEY),
    save: (serialized) =>
      serialized === null
        ? vault.removeItem(PENDING_FLOWS_KEY)
        : vault.setItem(PENDING_FLOWS_KEY, serialized),
  };
}

export function createDesktopServices(deps: DesktopServicesDeps): DesktopServices {
  const { serverUrl, log } = deps;
  const session = createDesktopSession({ serverUrl, vault: deps.vault, fetch: deps.fetch, log });
  const flows = createAuthFlows({ session, log, store: vaultFlowStore(deps.vault) });
  const google = createGoogleSignIn({
    serverUrl,
    flows,
    openInBrowser: deps.openInBrowser,
    googleAvailable: () => session.googleAvailable(),
  });
  const cache = createCacheStore(deps.offlineStore, deps.sealer, { log });
  // Whose cache and outbox serve a call the server cannot take: the session's user, known without a
  // network round trip, since a session check may itself need the server.
  let lastUserId: string | null = null;

  const outbox = createDeepLinkOutbox((delivery) => deps.send('deepLinks:delivery', delivery));
  const openPath = (path: string) => {
    outbox.deliver({ kind: 'open', path });
    deps.focus();
  };
  const shell = createDesktopShell({
    port: deps.shellPort,
    preferences: deps.preferencesStore,
    openPath,
    log,
  });

  const socialNotifier = createSocialNotifier({
    newest: (limit) => proxy.call('notifications', { limit }),
    notify: (notice) => shell.notify(notice),
    log,
  });
  let offline: OfflineSync | null = null;
  const proxy = createSfProxy({
    serverUrl,
    fetch: deps.fetch,
    bearer: () => session.bearer(),
    cache,
    knownUserId: () => lastUserId,
    get offline() {
      return offline ?? undefined;
    },
    onAnswer: (name, previous, value) => {
      if (name === 'reading-goals') shell.goalsAnswered(previous, value);
      if (name === 'notification-count') void socialNotifier.countAnswered(previous, value);
    },
    prepare: (name, payload) => (name === 'register-user' ? withSignUpFlow(flows, payload) : payload),
  });
  offline = createOfflineSync({
    outbox: createOutbox(deps.offlineStore, deps.sealer, { log }),
    send: (name, body, idempotencyKey) => proxy.send(name, body, idempotencyKey),
    probe: async () => (await deps.fetch(`${serverUrl}/health`)).ok,
    userId: () => lastUserId,
    emit: (state) => deps.send('offline:state', state),
    retryMs: deps.offlineRetryMs ?? 15_000,
    log,
  });
  const sync = offline;
  const router = createDeepLinkRouter({
    serverUrls: async () => [
      serverUrl,
      ...(await session.clientConfig().then(
        (c) => [c.url],
        () => [],
      )),
    ],
    completeAuth: (params) => flows.complete(params),
    deliver: (delivery) => {
      outbox.deliver(delivery);
      deps.focus();
    },
    log,
  });

  // Sessions end by sign-out, by a refresh the server refuses, or by account deletion: each clears the
  // signed-out user's caches (SPEC.md §3 keeps them per user).
  // The outbox stays: it is the reader's unsent work, sent when they sign in again (offline/outbox.ts).
  session.onChange((event, visible) => {
    if (event === 'SIGNED_OUT' && lastUserId) {
      cache.clearUser(lastUserId);
      // Then what Chromium kept of the pages they saw: nothing of the last reader stays behind.
      deps
        .clearBrowsingData()
        .catch((error: unknown) => log(`Could not clear the browsing data: ${String(error)}`));
    }
    const previous = lastUserId;
    lastUserId = visible?.user.id ?? null;
    deps.send('auth:state', { event, session: visible });
    if (lastUserId && lastUserId !== previous) void sync.flush();
  });

  function currentBookPath(): string | null {
    if (!lastUserId) return null;
    const answer = cache.snapshot(lastUserId).find((a) => a.name === 'currently-reading')?.value as
      { items?: { work: { id: string }; edition: { id: string }; last_event_at: string }[] } | undefined;
    const latest = [...(answer?.items ?? [])].sort((a, b) => (a.last_event_at < b.last_event_at ? 1 : -1))[0];
    return latest ? `/work/${latest.work.id}/${latest.edition.id}` : null;
  }

  const serverChooser = createServerChooser({
    ...deps.serverChoice,
    currentServerUrl: serverUrl,
    fetch: deps.fetch,
    signOut: () => session.signOut(),
    log,
  });

  const handlers = createHandlerMap({
    auth: { session, flows, google },
    sf: {
      proxy,
      currentUserId: async () => lastUserId,
      cache,
    },
    offline: {
      sync,
      snapshot: async () => (lastUserId ? cache.snapshot(lastUserId) : []),
    },
    shell,
    outbox,
    app: {
      version: deps.version,
      platform: deps.platform,
      configuredServerUrl: serverUrl,
      publicServerUrl: async () => (await session.clientConfig()).url,
      serverChooser,
      keepsSignIn: deps.vault.kind === 'safe-storage',
    },
  });

  return {
    handlers,
    session,
    offline: sync,
    shell,
    openPath,
    command: (command) => deps.send('desktop:command', command),
    currentBookPath,
    rendererReloaded: () => outbox.rendererReloaded(),
    handleDeepLink: (raw) => router.handle(raw),
    start() {
      void session
        .clientConfig()
        .catch((error: unknown) => log(`The server is not reachable yet: ${String(error)}`));
    },
    stop: () => {
      sync.stop();
      return session.stop();
    },
  };
}
