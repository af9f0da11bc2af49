// Electron main in the simulation: the real services (electron/main/desktop-services.ts), the real IPC
// registration with its sender check, and the real deep-link sources. Only what needs Electron is a
// stand-in: the OS handing over links (argv, `second-instance`, `open-url`), the system browser,
// safeStorage, and electron-store (memory stores).
import { EventEmitter } from 'node:events';
import { AUTH_STORAGE_KEY } from '../../../shared/auth-session';
import { openTokenVault } from '../../../electron/main/auth/token-vault';
import { createCacheStore } from '../../../electron/main/cache-store';
import { installDeepLinkSources } from '../../../electron/main/deep-links';
import type { DeepLinkApp } from '../../../electron/main/deep-links';
import { createDesktopServices } from '../../../electron/main/desktop-services';
import type { DesktopServices } from '../../../electron/main/desktop-services';
import { createSafeOpenExternal } from '../../../electron/main/external-links';
import { createEventSender } from '../../../electron/main/ipc/events';
import { registerInvokeHandlers } from '../../../electron/main/ipc/register';
import type { InvokeEvent } from '../../../electron/main/ipc/register';
import { memoryStore } from '../../../electron/main/testing/memory-store';
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
}

export async function startSimulatedMain(options: SimulatedMainOptions) {
  const logs: string[] = [];
  const log = (message: string) => void logs.push(message);
  const opened: string[] = [];
  const encryptedStore = memoryStore();
  const cacheStore = memoryStore();

  const vault = await openTokenVault({
    service: 'app.shelfwise.desktop',
    scope: new URL(options.serverUrl).origin,
    loadKeytar: () => null,
    safeStorage: fakeSafeStorage(),
    openEncryptedStore: () => encryptedStore,
    platform: 'linux',
    log,
  });
  // The one opener of external pages, as index.ts builds it; the "system browser" only takes notes.
  const openInBrowser = createSafeOpenExternal(async (url) => void opened.push(url), log);

  const services: DesktopServices = createDesktopServices({
    serverUrl: options.serverUrl,
    vault,
    cache: createCacheStore(cacheStore),
    fetch: globalThis.fetch,
    openInBrowser,
    send: createEventSender((channel, payload) => options.window.send(channel, payload)),
    focus: () => options.window.focus(),
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
    /** What the vault wrote to disk (electron-store), and what the local cache holds. */
    encryptedStore: () => encryptedStore.snapshot(),
    cache: () => cacheStore.snapshot(),
    stop: () => services.stop(),
  };
}

export type SimulatedMain = Awaited<ReturnType<typeof startSimulatedMain>>;
