// The desktop simulation's fixtures: `launchDesktop()` starts the simulated app (main in this process, its
// window on the test's page); the preload bundle and the Google stand-in are made once per worker.
import { test as base } from '@playwright/test';
import { buildPreloadScript } from './support/preload-script';
import { googleStandIn } from './support/google-provider';
import type { GoogleStandIn } from './support/google-provider';
import { APP_URL, GOOGLE_CONTROL_URL, SERVER_URL } from './support/ports';
import { launchDesktopApp } from './support/simulated-window';
import type { LaunchOptions, SimulatedDesktop } from './support/simulated-window';

export { expect } from '@playwright/test';

export const test = base.extend<
  { launchDesktop: (options?: LaunchOptions) => Promise<SimulatedDesktop> },
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
    const apps: SimulatedDesktop[] = [];
    await use(async (options = {}) => {
      // One main per window: its bindings and routes belong to the test's page.
      if (apps.length > 0) throw new Error('launchDesktop() starts one app per test.');
      const app = await launchDesktopApp(page, {
        preloadScript,
        serverUrl: SERVER_URL,
        appUrl: APP_URL,
        ...options,
      });
      apps.push(app);
      return app;
    });
    for (const app of apps) await app.quit();
  },
});
