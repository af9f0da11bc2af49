// End-to-end tests in Debian's Chromium (Playwright must not download browsers here) against the real
// server started as `npm start` does, on a fresh embedded database, with the recorded Open Library
// fixture server standing in for openlibrary.org.
import { defineConfig } from '@playwright/test';
import { E2E_ADMIN_EMAILS } from './tests/e2e/helpers/admins';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 8790);
export const OPENLIBRARY_FIXTURE_PORT = E2E_PORT + 1;
const baseURL = `http://localhost:${E2E_PORT}`;
// One database per port, so runs on different ports (E2E_PORT) never share or wipe each other's data.
const dataDir = `.data/e2e-${E2E_PORT}`;

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
  testDir: 'tests/e2e',
  outputDir: 'test-results/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI
    ? [['list']]
    : [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  use: { baseURL, launchOptions: chromium, trace: 'retain-on-failure', screenshot: 'only-on-failure' },
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
      command: `rm -rf ${dataDir} && tsx scripts/start.ts`,
      url: `${baseURL}/health`,
      reuseExistingServer: false,
      timeout: 180_000,
      env: {
        PORT: String(E2E_PORT),
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        OPENLIBRARY_URL: `http://127.0.0.1:${OPENLIBRARY_FIXTURE_PORT}`,
        COVERS_URL: `http://127.0.0.1:${OPENLIBRARY_FIXTURE_PORT}/covers`,
        ADMIN_EMAILS: E2E_ADMIN_EMAILS,
      },
    },
  ],
});
