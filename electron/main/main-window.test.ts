import { EventEmitter } from 'node:events';
import type { BrowserWindow, BrowserWindowConstructorOptions, MenuItemConstructorOptions } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { createMainWindow } from './main-window';
import { memoryStore } from './testing/memory-store';
import { createWindowStateStore } from './window-state';

function fakeWindow(options: BrowserWindowConstructorOptions = {}) {
  const webContents = Object.assign(new EventEmitter(), {
    getURL: () => '',
    isDestroyed: () => false,
    reload: vi.fn(),
    replaceMisspelling: vi.fn(),
    session: { addWordToSpellCheckerDictionary: vi.fn() },
  });
  let maximized = false;
  const win = Object.assign(new EventEmitter(), {
    options,
    webContents,
    shown: false,
    loadURL: vi.fn(async () => undefined),
    getNormalBounds: () => ({
      x: options.x ?? 0,
      y: options.y ?? 0,
      width: options.width ?? 0,
      height: options.height ?? 0,
    }),
    maximize: () => void (maximized = true),
    isMaximized: () => maximized,
    show() {
      win.shown = true;
    },
  });
  return win;
}

function open(
  store = memoryStore(),
  workAreas = [{ x: 0, y: 0, width: 1920, height: 1080 }],
  recoveryChoice = 0,
) {
  const windows: ReturnType<typeof fakeWindow>[] = [];
  const logs: string[] = [];
  const menus: MenuItemConstructorOptions[][] = [];
  const prompts: string[] = [];
  const quit = vi.fn();
  createMainWindow({
    createWindow: (options) => {
      const win = fakeWindow(options);
      windows.push(win);
      return win as unknown as BrowserWindow;
    },
    workAreas: () => workAreas,
    windowState: createWindowStateStore(store),
    preloadPath: '/app/preload/index.cjs',
    rendererUrl: 'app://shelfwise/',
    appOrigin: 'app://shelfwise',
    onReload: () => undefined,
    popupMenu: (template) => menus.push(template),
    askToRecover: async (prompt) => {
      prompts.push(prompt.message);
      return recoveryChoice;
    },
    quit,
    log: (m) => logs.push(m),
  }).open();
  return { win: windows[0]!, logs, store, menus, prompts, quit };
}

describe('createMainWindow', () => {
  it('shows the right-click menu of a field, and none where it would be empty', () => {
    const { win, menus } = open();
    const editFlags = { canCut: true, canCopy: true, canPaste: true, canSelectAll: true };
    win.webContents.emit(
      'context-menu',
      {},
      {
        isEditable: true,
        selectionText: '',
        misspelledWord: 'teh',
        dictionarySuggestions: ['the'],
        editFlags,
      },
    );
    win.webContents.emit(
      'context-menu',
      {},
      { isEditable: false, selectionText: '', misspelledWord: '', dictionarySuggestions: [], editFlags },
    );
    expect(menus).toHaveLength(1);
    const [suggestion] = menus[0]!;
    suggestion!.click!({} as never, undefined, {} as never);
    expect(win.webContents.replaceMisspelling).toHaveBeenCalledWith('the');
  });

  it('offers to reload a crashed page instead of leaving it blank, and reloads it', async () => {
    const { win, prompts, logs } = open();
    win.webContents.emit('render-process-gone', {}, { reason: 'crashed', exitCode: 1 });
    await vi.waitFor(() => expect(win.webContents.reload).toHaveBeenCalledOnce());
    expect(prompts).toEqual(['Shelfwise stopped working.']);
    expect(logs).toContain('The page stopped: crashed.');
  });

  it('offers to reload a hung page, and quits after a crash when asked to', async () => {
    const hung = open(memoryStore(), undefined, 0);
    hung.win.emit('unresponsive');
    await vi.waitFor(() => expect(hung.win.webContents.reload).toHaveBeenCalledOnce());
    expect(hung.prompts).toEqual(['Shelfwise is not responding.']);
    const crashed = open(memoryStore(), undefined, 1);
    crashed.win.webContents.emit('render-process-gone', {}, { reason: 'oom', exitCode: 1 });
    await vi.waitFor(() => expect(crashed.quit).toHaveBeenCalledOnce());
  });

  it('logs a preload that failed, so a window without its bridge says why', () => {
    const { win, logs } = open();
    win.webContents.emit('preload-error', {}, '/app/preload/index.cjs', new Error('Unexpected token'));
    expect(logs).toEqual(['preload-error: /app/preload/index.cjs: Unexpected token']);
  });

  it('opens where it was closed, maximised again when it was', () => {
    const first = open();
    first.win.options.x = 200;
    first.win.options.y = 100;
    first.win.options.width = 1000;
    first.win.options.height = 700;
    first.win.maximize();
    first.win.emit('close');

    const second = open(first.store);
    expect(second.win.options).toMatchObject({ x: 200, y: 100, width: 1000, height: 700 });
    expect(second.win.isMaximized()).toBe(false);
    second.win.emit('ready-to-show');
    expect(second.win.isMaximized()).toBe(true);
    expect(second.win.shown).toBe(true);
  });

  it('a window left on a screen that is gone opens at the default size on the screens there are', () => {
    const first = open(memoryStore(), [
      { x: 0, y: 0, width: 1920, height: 1080 },
      { x: 1920, y: 0, width: 2560, height: 1440 },
    ]);
    Object.assign(first.win.options, { x: 2400, y: 200, width: 1200, height: 800 });
    first.win.emit('close');

    const second = open(first.store, [{ x: 0, y: 0, width: 1920, height: 1080 }]);
    expect(second.win.options).toMatchObject({ width: 1280, height: 860 });
    expect(second.win.options.x).toBeUndefined();
  });
});
