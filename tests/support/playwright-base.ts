// What the e2e suite (playwright.config.ts) and the desktop simulation (playwright.desktop.config.ts)
// share: Debian's Chromium, one worker, the two widths every screen is proven at, and the recorded Open
// Library fixture server standing in for openlibrary.org.
import type { PlaywrightTestConfig } from '@playwright/test';
import { CHROMIUM_LAUNCH_OPTIONS } from './chromium';

type WebServer = NonNullable<Extract<PlaywrightTestConfig['webServer'], unknown[]>>[number];

/** The settings both suites run with; `suite` names their output and report folders. */
export function playwrightBase({
  suite,
  testDir,
  baseURL,
  reportFolder,
}: {
  suite: string;
  testDir: string;
  baseURL: string;
  reportFolder: string;
}): PlaywrightTestConfig {
  return {
    testDir,
    outputDir: `test-results/${suite}`,
    // One server and one embedded database per run: tests share them, so they take turns.
    fullyParallel: false,
    workers: 1,
    retries: 0,
    timeout: 60_000,
    expect: { timeout: 10_000 },
    reporter: process.env.CI
      ? [['list']]
      : [['list'], ['html', { open: 'never', outputFolder: reportFolder }]],
    use: {
      baseURL,
      launchOptions: CHROMIUM_LAUNCH_OPTIONS,
      trace: 'retain-on-failure',
      screenshot: 'only-on-failure',
    },
    projects: [
      { name: 'desktop', use: { viewport: { width: 1280, height: 800 } } },
      { name: 'mobile', use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
    ],
  };
}

/** The recorded Open Library answers, served on `port`. */
export function openLibraryFixtureServer(port: number): WebServer {
  return {
    command: `tsx tests/support/openlibrary-fixture-cli.ts ${port}`,
    url: `http://127.0.0.1:${port}/health`,
    reuseExistingServer: false,
    timeout: 30_000,
  };
}

/**
 * The covers stand-in for covers.openlibrary.org (tests/support/covers-fixture.ts) on `port`; its control port
 * stops and starts it, so an e2e test can prove that cached covers need no upstream.
 */
export function coversFixtureServer(port: number, controlPort: number): WebServer {
  return {
    command: `tsx tests/support/covers-fixture-cli.ts ${port} ${controlPort}`,
    url: `http://127.0.0.1:${controlPort}/health`,
    reuseExistingServer: false,
    timeout: 30_000,
  };
}
