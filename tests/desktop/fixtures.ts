// The desktop suite's fixtures: `launchDesktop()` starts the app with the driver this machine allows
// (support/desktop-driver.ts): the real app under Playwright's Electron support, or the simulation (main in
// this process, its window on the test's page). The preload bundle and the Google stand-in are made once
// per worker. Specs use only what both drivers offer (DesktopApp).
import { test as base } from '@playwright/test';
import { buildPreloadScript } from './support/preload-script';
import { googleStandIn } from './support/google-provider';
import type { GoogleStandIn } from './support/google-provider';
import { APP_URL, GOOGLE_CONTROL_URL, SERVER_URL } from './support/ports';
import { desktopDriver } from './support/desktop-driver';
import { launchElectronApp } from './support/electron-app';
import type { ElectronDesktop } from './support/electron-app';
import { launchDesktopApp } from './support/simulated-window';
import type { LaunchOptions, SimulatedDesktop } from './support/simulated-window';

/**
 * What a spec may use of the app: the members both drivers have, typed as the real-Electron driver has
 * them (what the simulation answers at once, Electron answers later: specs await them all).
 */
export type DesktopApp = Pick<
  ElectronDesktop,
  Exclude<keyof SimulatedDesktop & keyof ElectronDesktop, 'driver'>
> & {
  driver: 'simulation' | 'electron';
};

export { expect } from '@playwright/test';

export const test = base.extend<
  { launchDesktop: (options?: LaunchOptions) => Promise<DesktopApp> },
  { preloadScript: string; google: GoogleStandIn }
>({
  preloadScript: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture needs from this pattern.
    async ({}, use) => use(await buildPreloadScript()),
    { scope: 'worker' },
  ],
  google: [
    // eslint-disable-next-line no-empty-pattern -- as above
    async ({}, use) => use(await googleStandIn(GOOGLE_CONTROL_URL)),
    { scope: 'worker' },
  ],
  launchDesktop: async ({ page, preloadScript }, use) => {
    const apps: DesktopApp[] = [];
    const driver = desktopDriver();
    await use(async (options = {}) => {
      // One main per window: its bindings and routes belong to the test's page.
      if (apps.length > 0) throw new Error('launchDesktop() starts one app per test.');
      const where = { serverUrl: SERVER_URL, appUrl: APP_URL, ...options };
      const app =
        driver.kind === 'electron'
          ? await launchElectronApp(driver.binary, where)
          : await launchDesktopApp(page, { preloadScript, ...where });
      // The simulation's answers are the same data, some given at once rather than as promises.
      apps.push(app as unknown as DesktopApp);
      return app as unknown as DesktopApp;
    });
    for (const app of apps) await app.quit();
  },
});
