// The app's window in the simulation: a Playwright page running the real renderer, with the real preload
// (bundled around support/electron-shim.ts) as its init script, its IPC joined to main's registered
// handlers through a binding that reports the calling frame for the sender check, main's events delivered
// in order by page.evaluate, and navigation ruled by main's own hardenWebContents (electron/main/window.ts).
import type { Page } from '@playwright/test';
import { isAppUrl } from '../../../electron/main/app-origin';
import type { HardenableContents } from '../../../electron/main/window';
import { hardenWebContents } from '../../../electron/main/window';
import type { SimulationGlobals } from './electron-shim';
import { startSimulatedMain } from './simulated-main';
import type { SimulatedMain } from './simulated-main';

/** One message over the bridge: a call with its arguments, its answer, or an event from main. */
export interface Crossing {
  way: 'call' | 'answer' | 'event';
  channel: string;
  data: unknown;
}

export interface LaunchOptions {
  /** Arguments after the executable (a shelfwise:// link that launches the app). */
  argv?: string[];
  /** The page the window opens on. */
  path?: string;
  /** A first run: no server chosen yet, so the page asks for one before anything else. */
  firstRun?: boolean;
}

type NavigationGuard = (event: { preventDefault(): void }, url: string) => void;

export async function launchDesktopApp(
  page: Page,
  setup: { preloadScript: string; serverUrl: string; appUrl: string } & LaunchOptions,
) {
  const appOrigin = new URL(setup.appUrl).origin;
  const crossings: Crossing[] = [];
  let focused = 0;
  let events = Promise.resolve();

  /** Main's webContents.send, played in the page, where support/electron-shim.ts hands it to the preload. */
  const deliver = (channel: string, payload: unknown) =>
    page.evaluate(
      ([name, body]) => (globalThis as SimulationGlobals).__shelfwiseSend?.(name, body),
      // Main's payloads are JSON data; Playwright's argument type cannot see that in `unknown`.
      [channel, payload as never] as const,
    );

  const main: SimulatedMain = await startSimulatedMain({
    serverUrl: setup.serverUrl,
    appOrigin,
    argv: setup.argv ?? [],
    firstRun: setup.firstRun,
    window: {
      // As main-window.ts: events go only to a window that shows one of our own pages.
      send(channel, payload) {
        crossings.push({ way: 'event', channel, data: payload });
        if (page.isClosed() || !isAppUrl(page.url(), appOrigin)) return;
        events = events
          .then(() => deliver(channel, payload))
          .catch((error: unknown) => void main.logs.push(`An event missed the page: ${String(error)}`));
      },
      focus: () => void (focused += 1),
    },
  });

  // ipcRenderer.invoke -> ipcMain.handle, with the calling frame as Electron's event.senderFrame.
  await page.exposeBinding('__shelfwiseInvoke', async ({ frame }, channel: string, ...args: unknown[]) => {
    crossings.push({ way: 'call', channel, data: args });
    const listener = main.channels.get(channel);
    if (!listener) throw new Error(`No handler registered for '${channel}'`);
    const senderFrame = { url: frame.url(), parent: frame.parentFrame(), detached: frame.isDetached() };
    const answer = await listener({ senderFrame }, ...args);
    // Electron carries events and answers over one ordered channel: what main sent while answering (the
    // SIGNED_OUT of a sign-out, say) reaches the page before the answer does.
    await events;
    crossings.push({ way: 'answer', channel, data: answer });
    return answer;
  });
  await page.addInitScript(setup.preloadScript);

  // will-navigate as Electron raises it for the page's own navigations; a 204 leaves the page where it is,
  // as preventDefault does. A navigation that goes ahead reloads the page (did-start-loading).
  const guards: NavigationGuard[] = [];
  const contents: HardenableContents = {
    on(event: string, listener: NavigationGuard) {
      if (event === 'will-navigate') guards.push(listener);
      return contents;
    },
    setWindowOpenHandler() {},
  };
  hardenWebContents(contents, {
    appOrigin,
    openInBrowser: main.openInBrowser,
    log: (m) => main.logs.push(m),
  });
  await page.route('**/*', async (route) => {
    const request = route.request();
    if (!request.isNavigationRequest() || request.frame() !== page.mainFrame()) return route.continue();
    let prevented = false;
    for (const guard of guards) guard({ preventDefault: () => (prevented = true) }, request.url());
    if (prevented) return route.fulfill({ status: 204 });
    main.services.rendererReloaded();
    return route.continue();
  });

  await page.goto(`${setup.appUrl}${setup.path ?? '/'}`);

  return {
    ...main,
    driver: 'simulation' as const,
    page,
    offlineState: () => main.services.offline.state(),
    crossings,
    focused: () => focused,
    /** Resolves once every link handed over so far was handled and its events reached the page. */
    async settled() {
      await main.linksHandled();
      await events;
    },
    async quit() {
      await main.linksHandled();
      await events;
      await main.stop();
    },
  };
}

export type SimulatedDesktop = Awaited<ReturnType<typeof launchDesktopApp>>;
