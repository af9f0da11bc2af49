import { EventEmitter } from 'node:events';
import type { BrowserWindow } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { createMainWindow } from './main-window';

function fakeWindow() {
  const webContents = Object.assign(new EventEmitter(), { getURL: () => '', isDestroyed: () => false });
  const win = Object.assign(new EventEmitter(), {
    webContents,
    loadURL: vi.fn(async () => undefined),
    getNormalBounds: () => ({ x: 0, y: 0, width: 800, height: 600 }),
  });
  return win;
}

describe('createMainWindow', () => {
  it('logs a preload that failed, so a window without its bridge says why', () => {
    const win = fakeWindow();
    const logs: string[] = [];
    createMainWindow({
      createWindow: () => win as unknown as BrowserWindow,
      workAreas: () => [{ x: 0, y: 0, width: 1920, height: 1080 }],
      cache: { readWindowState: () => null, writeWindowState: () => undefined },
      preloadPath: '/app/preload/index.cjs',
      rendererUrl: 'app://shelfwise/',
      appOrigin: 'app://shelfwise',
      onReload: () => undefined,
      log: (m) => logs.push(m),
    }).open();

    win.webContents.emit('preload-error', {}, '/app/preload/index.cjs', new Error('Unexpected token'));
    expect(logs).toEqual(['preload-error: /app/preload/index.cjs: Unexpected token']);
  });
});
