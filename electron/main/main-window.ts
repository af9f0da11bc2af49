// The app's one window: hardened options (window.ts), its normal bounds and maximised state restored from
// and saved to the window-state store (bounds only where they still fit this run's screens), shown when
// ready, and events sent only while it shows one of our own pages.
import type {
  BrowserWindow,
  BrowserWindowConstructorOptions,
  MenuItemConstructorOptions,
  Rectangle,
} from 'electron';
import { isAppUrl } from './app-origin';
import { contextMenuTemplate } from './context-menu';
import { createPageRecovery, type RecoveryPrompt } from './page-recovery';
import { restoreBounds, windowOptions } from './window';
import type { WindowStateStore } from './window-state';

export interface MainWindowDeps {
  createWindow: (options: BrowserWindowConstructorOptions) => BrowserWindow;
  workAreas: () => Rectangle[];
  windowState: WindowStateStore;
  preloadPath: string;
  rendererUrl: string;
  appOrigin: string;
  icon?: string;
  /** The page started loading again: deliveries wait until it asks for them. */
  onReload: () => void;
  /** Shows a right-click menu over `window` (Electron's Menu). */
  popupMenu: (template: MenuItemConstructorOptions[], window: BrowserWindow) => void;
  /** Asks the reader what to do about a crashed or hung page; the index of the button picked. */
  askToRecover: (prompt: RecoveryPrompt, window: BrowserWindow) => Promise<number>;
  quit: () => void;
  log: (message: string) => void;
}

export function createMainWindow(deps: MainWindowDeps) {
  let window: BrowserWindow | null = null;

  function open(): BrowserWindow {
    const saved = deps.windowState.read();
    const bounds = restoreBounds(saved, deps.workAreas());
    const win = deps.createWindow(windowOptions({ preloadPath: deps.preloadPath, bounds, icon: deps.icon }));
    win.once('ready-to-show', () => {
      // Maximised on whichever screen the restored bounds put it; unmaximising returns to those bounds.
      if (saved?.maximized) win.maximize();
      win.show();
    });
    win.on('close', () => deps.windowState.write({ ...win.getNormalBounds(), maximized: win.isMaximized() }));
    win.on('closed', () => {
      if (window === win) window = null;
    });
    win.webContents.on('did-start-loading', () => deps.onReload());
    // A crashed or hung page is offered a reload instead of leaving a blank window (page-recovery.ts).
    const recovery = createPageRecovery({
      ask: (prompt) => deps.askToRecover(prompt, win),
      reload: () => win.webContents.reload(),
      quit: deps.quit,
      log: deps.log,
    });
    win.webContents.on('render-process-gone', (_event, details) => void recovery.gone(details.reason));
    win.on('unresponsive', () => void recovery.unresponsive());
    win.webContents.on('context-menu', (_event, params) => {
      const template = contextMenuTemplate(params, {
        replaceMisspelling: (word) => win.webContents.replaceMisspelling(word),
        addToDictionary: (word) => win.webContents.session.addWordToSpellCheckerDictionary(word),
      });
      if (template.length > 0) deps.popupMenu(template, win);
    });
    // Without its preload the page has no bridge and refuses to start (renderer/src/platform/create-backend.ts);
    // this says why.
    win.webContents.on('preload-error', (_event, preloadPath, error) =>
      deps.log(`preload-error: ${preloadPath}: ${error.message}`),
    );
    void win
      .loadURL(deps.rendererUrl)
      .catch((error: unknown) => deps.log(`Could not load the app: ${String(error)}`));
    window = win;
    return win;
  }

  return {
    open,
    /** Brings the window forward (or back) for a link or a second launch. */
    focus() {
      const win = window ?? open();
      if (win.isMinimized()) win.restore();
      win.show();
      win.focus();
    },
    send(channel: string, payload: unknown) {
      const contents = window?.webContents;
      if (!contents || contents.isDestroyed() || !isAppUrl(contents.getURL(), deps.appOrigin)) return;
      contents.send(channel, payload);
    },
    /** Taskbar (Windows, Linux Unity) or dock (macOS) progress; -1 clears it. */
    setProgressBar(fraction: number) {
      window?.setProgressBar(fraction);
    },
    exists: () => window !== null,
  };
}
