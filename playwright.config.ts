// End-to-end tests in Chromium against the real server started as `npm start` does, on a fresh embedded
// database, with the recorded Open Library fixture server standing in for openlibrary.org.
import { defineConfig } from '@playwright/test';
import { E2E_ADMIN_EMAILS } from './tests/e2e/support/admins';
import {
  coversFixtureServer,
  openLibraryFixtureServer,
  playwrightBase,
} from './tests/support/playwright-base';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 8790);
export const OPENLIBRARY_FIXTURE_PORT = E2E_PORT + 1;
/** The covers fixture and the port that stops and starts it (tests/e2e/covers.spec.ts). */
export const COVERS_FIXTURE_PORT = E2E_PORT + 2;
export const COVERS_CONTROL_PORT = E2E_PORT + 3;
const baseURL = `http://localhost:${E2E_PORT}`;
// One database per port, so runs on different ports (E2E_PORT) never share or wipe each other's data.
const dataDir = `.data/e2e-${E2E_PORT}`;

const base = playwrightBase({
  suite: `e2e-${E2E_PORT}`,
  testDir: 'tests/e2e',
  baseURL,
  reportFolder: `playwright-report/e2e-${E2E_PORT}`,
});

export default defineConfig({
  // Output and report folders per port too: scripts/test-e2e.ts runs shards side by side.
  ...base,
  // The web app's service worker precaches 2.3 MiB in every new context: only the specs about it
  // (installable, offline) let it run (test.use({ serviceWorkers: 'allow' })).
  use: { ...base.use, serviceWorkers: 'block' },
  webServer: [
    openLibraryFixtureServer(OPENLIBRARY_FIXTURE_PORT),
    coversFixtureServer(COVERS_FIXTURE_PORT, COVERS_CONTROL_PORT),
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
        COVERS_URL: `http://127.0.0.1:${COVERS_FIXTURE_PORT}`,
        ADMIN_EMAILS: E2E_ADMIN_EMAILS,
        // Trending is recomputed every few seconds, so a screen test sees the activity it made (issue 28).
        TRENDING_REFRESH_SECONDS: '2',
        // Likewise the recommender's item-to-item data and popular lists (Readers also enjoyed, /recommended).
        RECOMMENDATIONS_REBUILD_SECONDS: '3',
      },
    },
  ],
});
