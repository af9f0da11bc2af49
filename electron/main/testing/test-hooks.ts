// Test helper for the second driver of the desktop suite (tests/desktop/support/electron-app.ts): with
// SHELFWISE_TEST_HOOKS=1 in an unpackaged run, index.ts hands the real app's pieces to these hooks, so
// Playwright's Electron support can drive and watch what the simulation drives and watches in-process:
// main's network to the server (a switch), the bridge traffic, the OS shell's calls, the system browser,
// the menu and the update check. Packaged builds never install them (index.ts checks app.isPackaged).
// Everything watched is printed as one `SHELFWISE_TEST {json}` line on stdout, which the driver reads.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { MenuItemConstructorOptions } from 'electron';
import type { DeepLinkApp } from '../deep-links';
import type { ShellPort } from '../desktop-shell';
import type { IpcMainLike } from '../ipc/register';
import { findMenuItem } from './find-menu-item';

export function createTestHooks(log: (message: string) => void) {
  let online = true;
  let loseReplyOf: string | null = null;
  const report = (kind: string, data: unknown) =>
    void process.stdout.write(`SHELFWISE_TEST ${JSON.stringify({ kind, data })}\n`);
  const notificationClicks: (() => void)[] = [];

  return {
    report,
    // Off, every request fails as when the server cannot be reached; with a reply to lose, that /sf/ call is
    // done by the server but its reply never comes back.
    fetch: (async (input, init) => {
      if (!online) throw new TypeError('fetch failed');
      const response = await globalThis.fetch(input, init);
      if (loseReplyOf !== null && new URL(String(input)).pathname === `/sf/${loseReplyOf}`) {
        loseReplyOf = null;
        await response.arrayBuffer();
        throw new TypeError('fetch failed');
      }
      return response;
    }) as typeof fetch,
    shellPort(real: ShellPort): ShellPort {
      return {
        showNotification(notice, onClick) {
          report('shell', { call: 'notification', args: [notice] });
          notificationClicks.push(onClick);
          return real.showNotification(notice, onClick);
        },
        setThemeSource: (source) => (
          report('shell', { call: 'themeSource', args: [source] }),
          real.setThemeSource(source)
        ),
        setProgressBar: (f) => (report('shell', { call: 'progressBar', args: [f] }), real.setProgressBar(f)),
      };
    },
    /** ipcMain.handle, recording each call and answer as the simulation's crossings. */
    ipc(real: IpcMainLike): IpcMainLike {
      return {
        handle(channel, listener) {
          real.handle(channel, async (event, ...args) => {
            report('crossing', { way: 'call', channel, data: args });
            const answer = await listener(event, ...args);
            report('crossing', { way: 'answer', channel, data: answer });
            return answer;
          });
        },
      };
    },
    /** Electron's app as deep-links.ts sees it, with the protocol registrations noted. */
    deepLinkApp(real: DeepLinkApp): DeepLinkApp {
      return {
        requestSingleInstanceLock: () => real.requestSingleInstanceLock(),
        quit: () => real.quit(),
        setAsDefaultProtocolClient(protocol, path, args) {
          report('protocol', protocol);
          return real.setAsDefaultProtocolClient(protocol, path, args);
        },
        on: ((event: never, listener: never) => real.on(event, listener)) as DeepLinkApp['on'],
        whenReady: () => real.whenReady(),
      };
    },
    /** The system browser: noted, never opened, as in the simulation. */
    openExternal: async (url: string) => void report('opened', url),
    install(parts: {
      menu: MenuItemConstructorOptions[];
      userData: string;
      storedSession: () => Promise<string | null>;
      offlineState: () => unknown;
      emitApp: (event: string, ...args: unknown[]) => void;
    }) {
      (globalThis as { __shelfwiseTest?: unknown }).__shelfwiseTest = {
        setOnline: (value: boolean) => void (online = value),
        loseReplyOf: (name: string) => void (loseReplyOf = name),
        clickMenu(label: string) {
          const click = findMenuItem(parts.menu, label)?.click as (() => void) | undefined;
          if (!click) throw new Error(`No menu item '${label}'.`);
          click();
        },
        clickNotification: () => notificationClicks.at(-1)?.(),
        storedSession: parts.storedSession,
        offlineState: parts.offlineState,
        /** Every electron-store file main wrote, as text: what is on disk. */
        storeFiles: () =>
          readdirSync(parts.userData)
            .filter((f) => f.endsWith('.json'))
            .map((f) => readFileSync(join(parts.userData, f), 'utf8'))
            .join('\n'),
        secondInstance: (args: string[]) =>
          parts.emitApp('second-instance', {}, [process.execPath, ...args], '/'),
        openUrl: (url: string) => parts.emitApp('open-url', { preventDefault() {} }, url),
      };
      log('Test hooks installed (SHELFWISE_TEST_HOOKS=1).');
    },
  };
}

export type TestHooks = ReturnType<typeof createTestHooks>;
