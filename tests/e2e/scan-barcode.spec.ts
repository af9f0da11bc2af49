// Scanning a book's barcode (issue 29) in real Chromium with a fake camera that films a printed EAN-13 the
// test draws itself (support/barcode-video.ts). Debian's Chromium has no BarcodeDetector, so this proves the
// WebAssembly reader: its file must come from our own origin and run under our CSP ('wasm-unsafe-eval').
// Both projects share one database: The Martian is a demo work; Snow Crash is known only to the Open Library
// fixture, so the first project to scan it imports it and the second finds it already ours.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { Page, PlaywrightWorkerArgs } from '@playwright/test';
import { FIXTURE_ISBNS } from '../support/openlibrary-fixture';
import { CHROMIUM_LAUNCH_OPTIONS } from '../support/chromium';
import { createConfirmedReader, logIn, newReader } from './support/accounts';
import { writeBarcodeVideo } from './support/barcode-video';
import { snap } from './support/screenshots';

const THE_MARTIAN = '9780553418026';
const SNOW_CRASH = FIXTURE_ISBNS.isbn10Only;

/**
 * A Chromium of its own whose only camera films the barcode of `isbn` and which grants the camera without
 * asking (launch options cannot change within a file's worker, and each test films another book), with the
 * project's page size.
 */
async function pageFilming(playwright: PlaywrightWorkerArgs['playwright'], isbn: string) {
  const video = writeBarcodeVideo(join(tmpdir(), `shelfwise-e2e-barcode-${isbn}.y4m`), isbn);
  const browser = await playwright.chromium.launch({
    ...CHROMIUM_LAUNCH_OPTIONS,
    args: [
      ...CHROMIUM_LAUNCH_OPTIONS.args,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  const { viewport, isMobile, hasTouch, baseURL } = test.info().project.use;
  const context = await browser.newContext({
    viewport,
    isMobile,
    hasTouch,
    baseURL,
    serviceWorkers: 'block',
  });
  return { browser, page: await context.newPage() };
}

interface Watch {
  violations: string[];
  wasm: string[];
}

function watch(page: Page): Watch {
  const seen: Watch = { violations: [], wasm: [] };
  page.on('console', (message) => {
    if (/Content Security Policy|Permissions policy/i.test(message.text()))
      seen.violations.push(message.text());
  });
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.endsWith('.wasm')) seen.wasm.push(request.url());
  });
  return seen;
}

async function signedIn(page: Page, request: Parameters<typeof createConfirmedReader>[0]) {
  const reader = newReader(test.info(), 'Scout');
  await createConfirmedReader(request, reader);
  await logIn(page, reader.email, reader.password);
}

/** The search box's Scan barcode: in the bar at 1280 px, in the menu at 390 px. */
async function openScannerFromSearch(page: Page) {
  const burger = page.getByRole('button', { name: 'Open menu' });
  const where = (await burger.isVisible())
    ? (await burger.click(), page.getByRole('dialog', { name: 'Menu' }))
    : page.getByRole('banner');
  await where.getByRole('button', { name: 'Scan barcode' }).click();
  const scanner = page.getByRole('dialog', { name: 'Scan barcode' });
  await expect(scanner).toBeVisible();
  return scanner;
}

async function expectWorkPage(page: Page, title: string) {
  await expect(page).toHaveURL(/\/work\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Scan barcode' })).toHaveCount(0);
}

test('the search box scans a demo book and opens its work page', async ({ playwright, request }) => {
  const { browser, page } = await pageFilming(playwright, THE_MARTIAN);
  try {
    const seen = watch(page);
    await signedIn(page, request);
    const scanner = await openScannerFromSearch(page);
    await expect(scanner.getByRole('status')).toBeVisible();
    await expectWorkPage(page, 'The Martian');

    expect(seen.wasm.length, 'the WebAssembly reader was used').toBeGreaterThan(0);
    for (const url of seen.wasm) expect(new URL(url).origin).toBe(new URL(page.url()).origin);
    expect(seen.violations).toEqual([]);
  } finally {
    await browser.close();
  }
});

test('Add Book scans a book only Open Library knows, imports it and opens its page', async ({
  playwright,
  request,
}) => {
  const { browser, page } = await pageFilming(playwright, SNOW_CRASH);
  try {
    const seen = watch(page);
    await signedIn(page, request);
    await page.goto('/');
    await page.getByRole('button', { name: 'Add Book' }).click();
    const addBook = page.getByRole('dialog', { name: 'Add Book' });
    await addBook.getByRole('button', { name: 'Scan barcode' }).click();
    await expect(page.getByRole('dialog', { name: 'Scan barcode' })).toBeVisible();
    await expectWorkPage(page, 'Snow Crash');
    await expect(addBook).toHaveCount(0);
    expect(seen.violations).toEqual([]);
  } finally {
    await browser.close();
  }
});

test.describe('without a camera', () => {
  test('the scanner says why and the typed ISBN opens the book', async ({ page, request }) => {
    await signedIn(page, request);
    const scanner = await openScannerFromSearch(page);
    const status = scanner.getByRole('status');
    await expect(status).toHaveText(
      /^(No camera was found on this device|Shelfwise may not use the camera)\..* type the ISBN below( instead)?\.$/i,
    );
    await snap(page, 'scanner-without-camera', { fullPage: false });

    const isbn = scanner.getByRole('textbox', { name: 'ISBN' });
    await isbn.fill('978-0553418027');
    await isbn.press('Enter');
    await expect(scanner.getByText('Enter a valid ISBN-10 or ISBN-13.')).toBeVisible();
    await expect(page).not.toHaveURL(/\/search\//);

    await isbn.fill('0-553-41802-5');
    await isbn.press('Enter');
    await expectWorkPage(page, 'The Martian');
  });
});
