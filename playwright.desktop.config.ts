// The desktop simulation (tests/desktop): Electron cannot be downloaded here, so the real main-process
// services and IPC handlers run in the test process, the real renderer runs in Chromium with the real
// preload's `window.shelfwise` joined to them, and the real server runs as `npm start` does, with the
// recorded Open Library fixture and a local OpenID provider in Google's place.
import { defineConfig } from '@playwright/test';
import {
  APP_URL,
  DESKTOP_SIM_PORT,
  GOOGLE_CONTROL_PORT,
  OPENLIBRARY_FIXTURE_PORT,
  SERVER_URL,
} from './tests/desktop/support/ports';
import { openLibraryFixtureServer, playwrightBase } from './tests/support/playwright-base';

export default defineConfig({
  ...playwrightBase({
    suite: 'desktop',
    testDir: 'tests/desktop',
    baseURL: APP_URL,
    reportFolder: 'playwright-report/desktop',
  }),
  webServer: [
    openLibraryFixtureServer(OPENLIBRARY_FIXTURE_PORT),
    {
      command: `tsx tests/desktop/support/sim-server.ts ${DESKTOP_SIM_PORT} ${GOOGLE_CONTROL_PORT} http://127.0.0.1:${OPENLIBRARY_FIXTURE_PORT}`,
      url: `${SERVER_URL}/health`,
      reuseExistingServer: false,
      timeout: 180_000,
    },
  ],
});
