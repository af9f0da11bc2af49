// The application menu: Electron's standard roles (Edit, View, Window, Help) and our own items with their
// platform shortcuts. On macOS the first menu is the app's own (About, Settings, Check for Updates…, Quit);
// on Windows and Linux the same items sit in File and Help. A template only: index.ts builds it with
// Menu.buildFromTemplate, and tests click its items.
import type { MenuItemConstructorOptions } from 'electron';

export interface AppMenuActions {
  /** Opens an in-app page in the window (as a deep link does). */
  open(path: string): void;
  /** Puts the keyboard in the page's search box. */
  focusSearch(): void;
  /** The page of the book the reader read last, for Update Progress; null when there is none. */
  currentBookPath(): string | null;
  checkForUpdates(): void;
  /** Shows the folder of main's log file (log-file.ts) in the OS file manager. */
  openLogs(): void;
}

export interface AppMenuOptions {
  platform: NodeJS.Platform;
  /** Packaged builds leave out the developer tools. */
  packaged: boolean;
  /** Whether SHELFWISE_UPDATE_URL names a feed; without one Check for Updates… is disabled. */
  updatesConfigured: boolean;
  importPath: string;
  exportPath: string;
}

export function appMenuTemplate(
  actions: AppMenuActions,
  options: AppMenuOptions,
): MenuItemConstructorOptions[] {
  const mac = options.platform === 'darwin';
  const settings: MenuItemConstructorOptions = {
    label: mac ? 'Settings…' : 'Settings',
    accelerator: 'CmdOrCtrl+,',
    click: () => actions.open('/settings'),
  };
  const updates: MenuItemConstructorOptions = {
    label: 'Check for Updates…',
    enabled: options.updatesConfigured,
    click: () => actions.checkForUpdates(),
  };

  const appMenu: MenuItemConstructorOptions = {
    role: 'appMenu',
    submenu: [
      { role: 'about' },
      updates,
      { type: 'separator' },
      settings,
      { type: 'separator' },
      { role: 'services' },
      { type: 'separator' },
      { role: 'hide' },
      { role: 'hideOthers' },
      { role: 'unhide' },
      { type: 'separator' },
      { role: 'quit' },
    ],
  };
  const file: MenuItemConstructorOptions = {
    label: 'File',
    submenu: [
      { label: 'Import…', click: () => actions.open(options.importPath) },
      { label: 'Export…', click: () => actions.open(options.exportPath) },
      ...(mac ? [] : [{ type: 'separator' } as const, settings]),
      { type: 'separator' },
      mac ? { role: 'close' } : { role: 'quit' },
    ],
  };
  const view: MenuItemConstructorOptions = {
    label: 'View',
    submenu: [
      { role: 'reload' },
      ...(options.packaged ? [] : [{ role: 'toggleDevTools' } as const]),
      { type: 'separator' },
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      { type: 'separator' },
      { role: 'togglefullscreen' },
    ],
  };
  const go: MenuItemConstructorOptions = {
    label: 'Go',
    submenu: [
      { label: 'Search', accelerator: 'CmdOrCtrl+K', click: () => actions.focusSearch() },
      { type: 'separator' },
      {
        label: 'Update Progress',
        accelerator: 'CmdOrCtrl+Shift+U',
        click: () => actions.open(actions.currentBookPath() ?? '/'),
      },
      { label: 'Reading Logs', accelerator: 'CmdOrCtrl+Shift+L', click: () => actions.open('/logs') },
      { label: 'Stats', accelerator: 'CmdOrCtrl+Shift+S', click: () => actions.open('/stats') },
    ],
  };
  const openLogs: MenuItemConstructorOptions = { label: 'Open Logs', click: () => actions.openLogs() };
  const help: MenuItemConstructorOptions = {
    role: 'help',
    submenu: mac ? [openLogs] : [updates, openLogs, { type: 'separator' }, { role: 'about' }],
  };

  return [...(mac ? [appMenu] : []), file, { role: 'editMenu' }, view, go, { role: 'windowMenu' }, help];
}
