// The installable web app (issue 29) in Chromium at both widths: the manifest and icons a browser needs to
// offer installation, a service worker from our origin controlling the whole app, the app opening with no
// connection at all, nothing a reader fetched kept in the worker's caches, and a new deploy announced with
// "A new version is ready: Reload" and taken only when the reader asks.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { createConfirmedReader, logIn, newReader } from './support/accounts';
import { axeFindings, describeFindings } from './support/axe';
import { setUpReaderScene } from './support/reader-scene';
import { snap } from './support/screenshots';

// These specs are about the service worker, which the suite blocks elsewhere (playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

interface Manifest {
  name: string;
  short_name: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
}

/** Waits until the worker is active and controls this page (the first visit is not controlled: reload). */
async function controlledByWorker(page: Page): Promise<{ scope: string; script: string }> {
  const registration = await page.evaluate(async () => {
    const ready = await navigator.serviceWorker.ready;
    return { scope: ready.scope, script: ready.active?.scriptURL ?? '' };
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  return registration;
}

/** Every URL the worker keeps, in every cache it has. */
function cachedUrls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
    }
    return urls;
  });
}

test('meets the install criteria: manifest, icons and a worker for the whole app', async ({
  page,
  request,
}) => {
  await page.goto('/');
  await expect(page.getByText('Manage your reading journey with precision')).toBeVisible();
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const manifest = (await (await request.get(href!)).json()) as Manifest;
  expect(manifest).toMatchObject({
    name: 'Shelfwise',
    short_name: 'Shelfwise',
    start_url: '/',
    scope: '/',
    display: 'standalone',
  });
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/);
  // Each scheme colours the browser's chrome as the page: light and dark.
  await expect(page.locator('meta[name="theme-color"]')).toHaveCount(2);

  const sizes = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`);
  expect(sizes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
  for (const icon of manifest.icons) {
    const png = await request.get(icon.src);
    expect(png.headers()['content-type'], icon.src).toBe('image/png');
    const body = await png.body();
    // PNG width and height sit at bytes 16 and 20 of the IHDR chunk.
    expect(`${body.readUInt32BE(16)}x${body.readUInt32BE(20)}`, icon.src).toBe(icon.sizes);
  }

  const { scope, script } = await controlledByWorker(page);
  const origin = new URL(page.url()).origin;
  expect(scope).toBe(`${origin}/`);
  expect(script).toBe(`${origin}/sw.js`);
});

test('opens without a connection, on any route, from the precached app', async ({ page, context }) => {
  await page.goto('/');
  await controlledByWorker(page);

  await context.setOffline(true);
  try {
    await page.reload();
    await expect(page.getByText('Manage your reading journey with precision')).toBeVisible();
    // A route never visited online: its code was precached with the rest.
    await page.goto('/worktemplate');
    await expect(page.getByRole('button', { name: 'Start Reading' })).toBeVisible();
  } finally {
    await context.setOffline(false);
  }
});

test('keeps no answer of the server in the worker, so a shared device shows no one else’s data', async ({
  page,
  request,
}) => {
  const reader = newReader(test.info());
  await createConfirmedReader(request, reader);
  const scene = await setUpReaderScene(request, reader);
  await page.goto('/');
  await controlledByWorker(page);
  await logIn(page, reader.email, reader.password);
  await page.goto(`/shelf/${scene.shelfId}`);
  await expect(page.getByRole('heading', { name: 'Evening Reads' })).toBeVisible();
  await page.goto(`/work/${scene.workId}`);
  await expect(page.getByRole('heading', { name: 'Middlemarch', level: 1 })).toBeVisible();

  const urls = await cachedUrls(page);
  expect(urls.length).toBeGreaterThan(20);
  const fromServer = urls.filter((url) => /\/(sf|auth|storage|covers|user|shelf|work)\//.test(url));
  expect(fromServer).toEqual([]);
});

test('announces a new deploy and takes it only when the reader chooses Reload', async ({ page }) => {
  await page.goto('/');
  await controlledByWorker(page);
  await expect(page.getByText('A new version is ready:')).toHaveCount(0);

  // A deploy: the server now has a different worker (its precache list changes with every build).
  // The build this run's server serves (scripts/test-e2e.ts gives each shard its own copy).
  const worker = join(process.env.WEB_DIST_DIR ?? 'dist/web', 'sw.js');
  const deployed = readFileSync(worker, 'utf8');
  writeFileSync(worker, `${deployed}\n// next build ${Date.now()}\n`);
  try {
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    const prompt = page.getByRole('status').filter({ hasText: 'A new version is ready:' });
    await expect(prompt).toBeVisible();
    await expect(prompt).toHaveText('A new version is ready: Reload');
    expect(describeFindings(await axeFindings(page, 'update prompt'))).toBe('');
    await snap(page, 'update-prompt-light', { fullPage: false });
    await page.emulateMedia({ colorScheme: 'dark' });
    await snap(page, 'update-prompt-dark', { fullPage: false });

    const reloaded = page.waitForEvent('load');
    await prompt.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    await expect(page.getByText('Manage your reading journey with precision')).toBeVisible();
    await expect(page.getByText('A new version is ready:')).toHaveCount(0);
  } finally {
    writeFileSync(worker, deployed);
  }
});
