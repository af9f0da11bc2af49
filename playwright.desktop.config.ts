// The desktop simulation (tests/desktop): Electron cannot be downloaded here, so the real main-process
// services and IPC handlers run in the test process, the real renderer runs in Debian's Chromium with the
// real preload's `window.shelfwise` joined to them, and the real server runs as `npm start` does, with the
// recorded Open Library fixture and a local OpenID provider in Google's place.
import { defineConfig } from '@playwright/test';
import {
  APP_URL,
  DESKTOP_SIM_PORT,
  GOOGLE_CONTROL_PORT,
  OPENLIBRARY_FIXTURE_PORT,
  SERVER_URL,
} from './tests/desktop/support/ports';

const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

export default defineConfig({
  testDir: 'tests/desktop',
  outputDir: 'test-results/desktop',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI
    ? [['list']]
    : [['list'], ['html', { open: 'never', outputFolder: 'playwright-report/desktop' }]],
  use: {
    baseURL: APP_URL,
    launchOptions: chromium,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'desktop', use: { viewport: { width: 1280, height: 800 } } },
    { name: 'mobile', use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
  ],
  webServer: [
    {
      command: `tsx tests/support/openlibrary-fixture-cli.ts ${OPENLIBRARY_FIXTURE_PORT}`,
      url: `http://127.0.0.1:${OPENLIBRARY_FIXTURE_PORT}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: `tsx tests/desktop/support/sim-server.ts ${DESKTOP_SIM_PORT} ${GOOGLE_CONTROL_PORT} http://127.0.0.1:${OPENLIBRARY_FIXTURE_PORT}`,
      url: `${SERVER_URL}/health`,
      reuseExistingServer: false,
      timeout: 180_000,
    },
  ],
});
