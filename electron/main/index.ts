// Electron main: the only module that touches Electron and electron-store at run time. It wires the
// injectable modules beside it, which the unit tests cover without Electron.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  BrowserWindow,
  Menu,
  Notification,
  app,
  dialog,
  ipcMain,
  nativeTheme,
  protocol,
  safeStorage,
  screen,
  session,
  shell,
} from 'electron';
import { AUTH_STORAGE_KEY } from '@shared/auth-session';
import { APP_SCHEME, resolveDesktopConfig } from './app-config';
import type { DesktopConfig } from './app-config';
import { originOf } from './app-origin';
import { APP_SCHEME_PRIVILEGES, createAppProtocolHandler } from './app-protocol';
import { openTokenVault } from './auth/token-vault';
import type { Keytar } from './auth/token-vault';
import { appMenuTemplate } from './app-menu';
import { contentSecurityPolicy } from './content-security-policy';
import { installDeepLinkSources } from './deep-links';
import { vaultSealer } from './data-sealer';
import { PENDING_FLOWS_KEY, createDesktopServices } from './desktop-services';
import { createSafeOpenExternal } from './external-links';
import { createEventSender } from './ipc/events';
import { registerInvokeHandlers } from './ipc/register';
import type { ShellPort } from './desktop-shell';
import type { KeyValueStore } from './key-value-store';
import { createMainLog } from './log-file';
import { createQuitGuard, waitUntilSent } from './quit-guard';
import { RELEASE } from './release';
import { createMainWindow } from './main-window';
import { readSettingsFile, writeSettingsField } from './settings-file';
import { createUpdater } from './updater';
import type { AutoUpdaterLike } from './updater';
import { createTestHooks } from './testing/test-hooks';
import type { TestHooks } from './testing/test-hooks';
import { hardenSession, hardenWebContents } from './window';
import { createWindowStateStore } from './window-state';

const APP_ID = 'app.shelfwise.desktop';
/** The renderer's import and export page (renderer/src/paths.ts IMPORT_PATH) and its export card. */
const IMPORT_PATH = '/import';
const EXPORT_PATH = '/import#export-heading';
const mainLog = createMainLog(() => app.getPath('logs'));
const log = mainLog.log;

/**
 * Main's own requests to the server, through Chromium's network stack so the OS proxy settings and certificate
 * store apply (Node's fetch knows neither, and the fuses rightly block NODE_EXTRA_CA_CERTS). In a partition of
 * its own, kept in memory: no cookie of main's reaches the disk or the page's session (device cookies live in
 * the vault: auth/device-cookies.ts).
 */
function mainNetworkFetch(): typeof fetch {
  const network = session.fromPartition('shelfwise-main-network');
  return (input, init) =>
    network.fetch(input instanceof URL ? input.href : input, init as RequestInit | undefined);
}
const here = fileURLToPath(new URL('.', import.meta.url));

const settingsFile = () => join(app.getPath('userData'), 'settings.json');

interface Origins {
  app: string;
  server: string;
  devServer: string | null;
}

/** Everything that needs `ready`: stores, vault, session, IPC, the window. Answers the link handler. */
async function startServices(
  config: DesktopConfig,
  origins: Origins,
  openInBrowser: (url: unknown) => Promise<boolean>,
  hooks: TestHooks | null,
) {
  const csp = contentSecurityPolicy({ serverOrigin: origins.server, devServerOrigin: origins.devServer });
  hardenSession(session.defaultSession, { appOrigin: origins.app, csp, log });
  protocol.handle(
    APP_SCHEME,
    createAppProtocolHandler({
      root: join(app.getAppPath(), 'dist', 'web'),
      exists: existsSync,
      readFile,
      headers: { 'Content-Security-Policy': csp },
    }),
  );

  // ESM-only and imports electron: loaded here, used everywhere else through KeyValueStore.
  const { default: Store } = await import('electron-store');
  const openStore = (name: string) => new Store({ name }) as unknown as KeyValueStore;
  const stores = {
    offline: openStore('offline'),
    preferences: openStore('preferences'),
    window: openStore('window'),
  };
  const vaultStore = openStore('vault');
  // electron-store answers its data folder to any renderer on this synchronous channel; ours never asks.
  ipcMain.removeAllListeners('electron-store-get-data');
  const vault = await openTokenVault({
    service: APP_ID,
    scope: origins.server,
    // Only to move an older version's keychain entry in, once (auth/token-vault.ts); optional, may be absent.
    loadKeytar: () => createRequire(import.meta.url)('keytar') as Keytar,
    migrateKeys: [
      AUTH_STORAGE_KEY,
      `${AUTH_STORAGE_KEY}-user`,
      `${AUTH_STORAGE_KEY}-code-verifier`,
      PENDING_FLOWS_KEY,
    ],
    safeStorage,
    openEncryptedStore: () => vaultStore,
    platform: process.platform,
    log,
  });
  // The reader's cache and outbox are sealed under a key the vault keeps (data-sealer.ts).
  const sealer = await vaultSealer(vault);

  // The window is made after the services (its reload handler needs them); both only meet in callbacks.
  let mainWindow: ReturnType<typeof createMainWindow> | null = null;
  const services = createDesktopServices({
    serverUrl: config.serverUrl,
    vault,
    sealer,
    offlineStore: stores.offline,
    preferencesStore: stores.preferences,
    shellPort: watched(hooks, {
      showNotification(notice, onClick) {
        if (!Notification.isSupported()) return false;
        const notification = new Notification(notice);
        notification.on('click', onClick);
        notification.show();
        return true;
      },
      setThemeSource: (source) => void (nativeTheme.themeSource = source),
      setProgressBar: (fraction) => mainWindow?.setProgressBar(fraction),
    }),
    clearBrowsingData: async () => {
      const browsing = session.defaultSession;
      await browsing.clearCache();
      await browsing.clearCodeCaches({});
      // All but localStorage, which on the desktop holds only the device's colour scheme choice (the session
      // lives in main's vault): the reader's choice of Light or Dark outlives a sign-out, as on the web.
      await browsing.clearStorageData({
        storages: ['cookies', 'filesystem', 'indexdb', 'shadercache', 'serviceworkers', 'cachestorage'],
      });
    },
    fetch: hooks?.fetch ?? mainNetworkFetch(),
    openInBrowser,
    send: createEventSender((channel, payload) => {
      hooks?.report('crossing', { way: 'event', channel, data: payload });
      mainWindow?.send(channel, payload);
    }),
    focus: () => {
      hooks?.report('focus', null);
      mainWindow?.focus();
    },
    serverChoice: {
      defaultServerUrl: config.defaultServerUrl,
      chosen: config.serverChosen,
      fixedByEnvironment: config.serverFixed,
      save: (serverUrl) => writeSettingsField(settingsFile(), 'serverUrl', serverUrl, log),
      // After the answer has reached the page. Through quit, not exit: the quit guard still asks about
      // changes a memory-only vault would lose.
      restart: () =>
        void setTimeout(() => {
          app.relaunch();
          app.quit();
        }, 200),
    },
    version: app.getVersion(),
    platform: process.platform,
    log,
  });

  const window = createMainWindow({
    // The security-critical preferences once more, literally and last, so they hold whatever built `options`
    // (and so static checkers such as electronegativity can see them at the construction site).
    createWindow: (options) =>
      new BrowserWindow({
        ...options,
        webPreferences: {
          ...options.webPreferences,
          contextIsolation: true,
          sandbox: true,
          nodeIntegration: false,
          webSecurity: true,
          allowRunningInsecureContent: false,
          experimentalFeatures: false,
          webviewTag: false,
          disableBlinkFeatures: 'Auxclick',
        },
      }),
    workAreas: () => screen.getAllDisplays().map((display) => display.workArea),
    windowState: createWindowStateStore(stores.window),
    preloadPath: join(here, '..', 'preload', 'index.cjs'),
    rendererUrl: config.rendererUrl,
    appOrigin: origins.app,
    icon: app.isPackaged ? undefined : join(app.getAppPath(), 'build', 'icons', '512x512.png'),
    onReload: () => services.rendererReloaded(),
    popupMenu: (template, win) => Menu.buildFromTemplate(template).popup({ window: win }),
    askToRecover: async (prompt, win) =>
      (
        await dialog.showMessageBox(win, {
          type: 'warning',
          message: prompt.message,
          detail: prompt.detail,
          buttons: prompt.buttons,
          defaultId: 0,
          cancelId: 1,
        })
      ).response,
    quit: () => app.quit(),
    log,
  });
  mainWindow = window;

  registerInvokeHandlers(hooks ? hooks.ipc(ipcMain) : ipcMain, services.handlers, {
    appOrigin: origins.app,
    log,
  });

  const updater = createUpdater({
    // The build's own feed; SHELFWISE_UPDATE_URL overrides it (a test feed, a staged rollout).
    feedUrl: process.env.SHELFWISE_UPDATE_URL || RELEASE.updateFeedUrl || undefined,
    loadUpdater: async () => {
      // CommonJS: its default export holds autoUpdater.
      const updates = (await import('electron-updater')) as unknown as {
        default: { autoUpdater: AutoUpdaterLike };
      };
      return updates.default.autoUpdater;
    },
    askToRestart: async (message) =>
      (
        await dialog.showMessageBox({
          type: 'info',
          message,
          buttons: ['Restart', 'Later'],
          defaultId: 0,
          cancelId: 1,
        })
      ).response === 0,
    inform: (message) => void dialog.showMessageBox({ type: 'info', message, buttons: ['OK'] }),
    log,
  });
  const menu = appMenuTemplate(
    {
      open: (path) => services.openPath(path),
      focusSearch: () => {
        window.focus();
        services.command('focus-search');
      },
      currentBookPath: () => services.currentBookPath(),
      checkForUpdates: () => {
        hooks?.report('updateCheck', 'check');
        void updater.check(true);
      },
      // Our own folder, never a path from the page.
      openLogs: () => void shell.openPath(mainLog.folder()),
    },
    {
      platform: process.platform,
      packaged: app.isPackaged,
      updatesConfigured: updater.configured,
      importPath: IMPORT_PATH,
      exportPath: EXPORT_PATH,
    },
  );
  Menu.setApplicationMenu(Menu.buildFromTemplate(menu));
  hooks?.install({
    menu,
    userData: app.getPath('userData'),
    storedSession: () => vault.getItem(AUTH_STORAGE_KEY),
    offlineState: () => services.offline.state(),
    emitApp: (event, ...args) => void app.emit(event, ...args),
  });
  if (app.isPackaged) void updater.check(false);

  window.open();
  app.on('activate', () => {
    if (!window.exists()) window.open();
  });
  // A memory-only vault cannot reopen this run's queue: ask before quitting with changes unsent.
  const quitGuard = createQuitGuard({
    persistent: vault.kind === 'safe-storage',
    unsent: () => services.offline.state().pending,
    askToStay: async (count) =>
      (
        await dialog.showMessageBox({
          type: 'warning',
          message: `${count === 1 ? 'One change has' : `${count} changes have`} not reached the server yet.`,
          detail:
            "This computer can't keep offline changes after you quit. Stay open until they are sent, or quit and lose them.",
          buttons: ['Stay Open', 'Quit Anyway'],
          defaultId: 0,
          cancelId: 0,
        })
      ).response === 0,
    whenSent: () => waitUntilSent(() => services.offline.state().pending),
    quit: () => app.quit(),
    log,
  });
  app.on('before-quit', (event) => {
    quitGuard.beforeQuit(event);
    if (!event.defaultPrevented) void services.stop();
  });
  services.start();

  return { handle: (raw: string) => services.handleDeepLink(raw), focus: () => window.focus() };
}

/** The shell port as is, or watched by the test hooks. */
const watched = (hooks: TestHooks | null, port: ShellPort) => (hooks ? hooks.shellPort(port) : port);

function main() {
  app.enableSandbox();
  app.setAppUserModelId(APP_ID);
  protocol.registerSchemesAsPrivileged([APP_SCHEME_PRIVILEGES]);

  const config = resolveDesktopConfig({
    env: process.env,
    settings: readSettingsFile(settingsFile(), log),
    packaged: app.isPackaged,
    releaseServerUrl: RELEASE.defaultServerUrl,
  });
  const appOrigin = originOf(config.rendererUrl);
  const serverOrigin = originOf(config.serverUrl);
  if (!appOrigin || !serverOrigin) throw new Error('The renderer and server URLs need an origin.');
  const origins = {
    app: appOrigin,
    server: serverOrigin,
    devServer: config.rendererUrl.startsWith(`${APP_SCHEME}:`) ? null : appOrigin,
  };
  // Only unpackaged runs under the desktop suite's real-Electron driver (tests/desktop) watch main.
  const hooks = !app.isPackaged && process.env.SHELFWISE_TEST_HOOKS === '1' ? createTestHooks(log) : null;
  // The one call of shell.openExternal, behind the http(s)-only check (main/external-links.ts).
  const openInBrowser = createSafeOpenExternal(
    hooks?.openExternal ?? ((url) => shell.openExternal(url)),
    log,
  );

  // Links may arrive before `ready` (first launch, macOS open-url): they wait for the services.
  let services: Promise<Awaited<ReturnType<typeof startServices>>> | null = null;
  const later = (use: (s: Awaited<ReturnType<typeof startServices>>) => unknown) =>
    void app
      .whenReady()
      .then(() => services)
      .then((s) => s && use(s));
  const acquired = installDeepLinkSources(hooks ? hooks.deepLinkApp(app) : app, {
    argv: process.argv,
    defaultApp: Boolean(process.defaultApp),
    execPath: process.execPath,
    entryScript: process.argv[1],
    handle: (raw) => later((s) => s.handle(raw)),
    focus: () => later((s) => s.focus()),
  });
  if (!acquired) return;

  app.on('web-contents-created', (_event, contents) =>
    hardenWebContents(contents, { appOrigin, openInBrowser, log }),
  );
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  services = app.whenReady().then(() => startServices(config, origins, openInBrowser, hooks));
  services.catch((error: unknown) => {
    log(`The app could not start: ${error instanceof Error ? error.stack : String(error)}`);
    app.quit();
  });
}

main();
