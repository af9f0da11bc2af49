// Electron main in the simulation: the real services (electron/main/desktop-services.ts), the real IPC
// registration with its sender check, and the real deep-link sources. Only what needs Electron is a
// stand-in: the OS handing over links (argv, `second-instance`, `open-url`), the system browser,
// safeStorage, electron-store (memory stores), the network between main and the server (a switch that
// makes it unreachable), and the OS shell (notifications, theme, taskbar: recorded). The application
// menu is main's own template (electron/main/app-menu.ts), clicked by label.
import { EventEmitter } from 'node:events';
import { AUTH_STORAGE_KEY } from '../../../shared/auth-session';
import { openTokenVault } from '../../../electron/main/auth/token-vault';
import { appMenuTemplate } from '../../../electron/main/app-menu';
import { vaultSealer } from '../../../electron/main/data-sealer';
import { installDeepLinkSources } from '../../../electron/main/deep-links';
import type { DeepLinkApp } from '../../../electron/main/deep-links';
import { createDesktopServices } from '../../../electron/main/desktop-services';
import type { DesktopServices } from '../../../electron/main/desktop-services';
import { createSafeOpenExternal } from '../../../electron/main/external-links';
import { createEventSender } from '../../../electron/main/ipc/events';
import { registerInvokeHandlers } from '../../../electron/main/ipc/register';
import type { InvokeEvent } from '../../../electron/main/ipc/register';
import { memoryStore } from '../../../electron/main/testing/memory-store';
import { findMenuItem } from '../../../electron/main/testing/find-menu-item';
import { fakeSafeStorage } from './fake-safe-storage';

/** Where an installed app's executable would be; the first argument of every launch. */
export const EXECUTABLE = '/opt/Shelfwise/shelfwise';

export type IpcListener = (event: InvokeEvent, ...args: unknown[]) => Promise<unknown>;

/** The OS side of Electron's `app`: one instance holds the lock, later launches hand over their argv. */
class SimulatedElectronApp extends EventEmitter implements DeepLinkApp {
  readonly protocols: string[] = [];
  requestSingleInstanceLock() {
    return true;
  }
  quit() {}
  setAsDefaultProtocolClient(protocol: string) {
    this.protocols.push(protocol);
    return true;
  }
  whenReady() {
    return Promise.resolve();
  }
}

export interface SimulatedMainOptions {
  serverUrl: string;
  appOrigin: string;
  /** Arguments of the launch after the executable (a shelfwise:// link, say). */
  argv: string[];
  /** The window's side, bound late as in index.ts: events for its page, and bringing it forward. */
  window: { send(channel: string, payload: unknown): void; focus(): void };
  /** A first run: settings.json names no server yet, so the page asks the reader to choose one. */
  firstRun?: boolean;
  /** The server the build was made for; the configured one when not given. */
  defaultServerUrl?: string;
}

export async function startSimulatedMain(options: SimulatedMainOptions) {
  const logs: string[] = [];
  const log = (message: string) => void logs.push(message);
  const opened: string[] = [];
  const encryptedStore = memoryStore();
  const offlineStore = memoryStore();
  const preferencesStore = memoryStore();
  const shellCalls: { call: string; args: unknown[] }[] = [];
  const notificationClicks: (() => void)[] = [];
  // What the server choice did: saved to settings.json, and how often it asked to start again.
  const savedServers: string[] = [];
  let restarts = 0;
  let online = true;
  let loseReplyOf: string | null = null;
  // Main's network: off, every request fails as Node's fetch does when the server cannot be reached. With
  // a reply to lose, a request reaches the server and is done there, but its reply never comes back.
  const networkFetch: typeof fetch = async (input, init) => {
    if (!online) throw new TypeError('fetch failed');
    const response = await globalThis.fetch(input, init);
    if (loseReplyOf !== null && new URL(String(input)).pathname === `/sf/${loseReplyOf}`) {
      loseReplyOf = null;
      await response.arrayBuffer();
      throw new TypeError('fetch failed');
    }
    return response;
  };

  const vault = await openTokenVault({
    service: 'app.shelfwise.desktop',
    scope: new URL(options.serverUrl).origin,
    loadKeytar: () => null,
    safeStorage: fakeSafeStorage(),
    openEncryptedStore: () => encryptedStore,
    platform: 'linux',
    log,
  });
  const sealer = await vaultSealer(vault);
  // The one opener of external pages, as index.ts builds it; the "system browser" only takes notes.
  const openInBrowser = createSafeOpenExternal(async (url) => void opened.push(url), log);

  const services: DesktopServices = createDesktopServices({
    serverUrl: options.serverUrl,
    vault,
    sealer,
    offlineStore,
    preferencesStore,
    shellPort: {
      showNotification(notice, onClick) {
        shellCalls.push({ call: 'notification', args: [notice] });
        notificationClicks.push(onClick);
        return true;
      },
      setThemeSource: (source) => void shellCalls.push({ call: 'themeSource', args: [source] }),
      setProgressBar: (fraction) => void shellCalls.push({ call: 'progressBar', args: [fraction] }),
    },
    clearBrowsingData: async () => void shellCalls.push({ call: 'clearBrowsingData', args: [] }),
    offlineRetryMs: 300,
    fetch: networkFetch,
    openInBrowser,
    send: createEventSender((channel, payload) => options.window.send(channel, payload)),
    focus: () => options.window.focus(),
    serverChoice: {
      defaultServerUrl: options.defaultServerUrl ?? options.serverUrl,
      chosen: !options.firstRun,
      fixedByEnvironment: false,
      save: async (serverUrl) => void savedServers.push(serverUrl),
      restart: () => void (restarts += 1),
    },
    version: '0.1.0',
    platform: 'linux',
    log,
  });

  const channels = new Map<string, IpcListener>();
  registerInvokeHandlers(
    { handle: (channel, listener) => void channels.set(channel, listener) },
    services.handlers,
    {
      appOrigin: options.appOrigin,
      log,
    },
  );

  const working = new Set<Promise<void>>();
  const app = new SimulatedElectronApp();
  installDeepLinkSources(app, {
    argv: [EXECUTABLE, ...options.argv],
    defaultApp: false,
    execPath: EXECUTABLE,
    entryScript: undefined,
    handle: (raw) => {
      const handled = services.handleDeepLink(raw).finally(() => working.delete(handled));
      working.add(handled);
    },
    focus: () => options.window.focus(),
  });
  services.start();

  const checks: string[] = [];
  const menu = appMenuTemplate(
    {
      open: (path) => services.openPath(path),
      focusSearch: () => {
        options.window.focus();
        services.command('focus-search');
      },
      currentBookPath: () => services.currentBookPath(),
      checkForUpdates: () => void checks.push('check'),
      openLogs: () => void checks.push('logs'),
    },
    {
      platform: 'linux',
      packaged: true,
      updatesConfigured: true,
      importPath: '/import',
      exportPath: '/import#export-heading',
    },
  );

  return {
    services,
    channels,
    vault,
    opened,
    logs,
    openInBrowser,
    protocols: app.protocols,
    /** Another launch of the app, with these arguments after the executable (Windows and Linux). */
    secondInstance: (...args: string[]) => void app.emit('second-instance', {}, [EXECUTABLE, ...args], '/'),
    /** macOS handing the running app a link. */
    openUrl: (url: string) => void app.emit('open-url', { preventDefault() {} }, url),
    /** Resolves once every link handed over so far was handled. */
    async linksHandled() {
      while (working.size > 0) await Promise.all(working);
    },
    /** The session as main keeps it in the vault (tokens included), or null. */
    async storedSession(): Promise<{ access_token: string; refresh_token: string } | null> {
      const raw = await vault.getItem(AUTH_STORAGE_KEY);
      return raw ? (JSON.parse(raw) as { access_token: string; refresh_token: string }) : null;
    },
    /** What the vault wrote to disk (electron-store), and what the offline store (cache, outbox) holds. */
    encryptedStore: () => encryptedStore.snapshot(),
    cache: () => offlineStore.snapshot(),
    /** Everything main would have written to disk, every store together. */
    storeFiles: () =>
      JSON.stringify([encryptedStore.snapshot(), offlineStore.snapshot(), preferencesStore.snapshot()]),
    /** Cuts (false) or restores (true) main's way to the server. */
    setOnline(value: boolean) {
      online = value;
    },
    /** The next call of /sf/{name} is done by the server, but its reply is lost on the way back. */
    loseReplyOf(name: string) {
      loseReplyOf = name;
    },
    shellCalls,
    /** Clicks the last notification shown. */
    clickNotification: () => notificationClicks.at(-1)?.(),
    /** Clicks an item of the application menu, as the reader would (or by its accelerator). */
    clickMenu(label: string) {
      const item = findMenuItem(menu, label);
      if (!item?.click) throw new Error(`No menu item '${label}'.`);
      (item.click as () => void)();
    },
    menu,
    updateChecks: checks,
    savedServers,
    restarts: () => restarts,
    stop: () => services.stop(),
  };
}

export type SimulatedMain = Awaited<ReturnType<typeof startSimulatedMain>>;
