// Covers in Chromium (issue 17): every cover image comes from our own origin, re-encoded at the size srcset
// picks; a book Open Library has no cover for shows the designed placeholder; and once cached, covers still
// show with the covers server (the stand-in for covers.openlibrary.org) stopped.
import { expect, test } from '@playwright/test';
import type { Page, Request } from '@playwright/test';
import { findWork } from './support/api';

const E2E_PORT = Number(process.env.E2E_PORT ?? 8790);
/** playwright.config.ts: the covers fixture on E2E_PORT + 2, its stop/start control on E2E_PORT + 3. */
const COVERS_PORT = E2E_PORT + 2;
const COVERS_CONTROL = `http://127.0.0.1:${E2E_PORT + 3}`;

/** Every image the page asks for, so a test can see none goes to another host. */
function watchImages(page: Page): Request[] {
  const images: Request[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'image') images.push(request);
  });
  return images;
}

/** The cover <img> has loaded a real picture (not a broken image) from a stored file of ours. */
async function expectLoadedCover(page: Page, title: string) {
  const cover = page.getByRole('img', { name: `Cover of ${title}` }).first();
  await expect(cover).toBeVisible();
  await expect
    .poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  const { currentSrc, naturalWidth, naturalHeight } = await cover.evaluate((img: HTMLImageElement) => ({
    currentSrc: img.currentSrc,
    naturalWidth: img.naturalWidth,
    naturalHeight: img.naturalHeight,
  }));
  expect(new URL(currentSrc).pathname).toMatch(/^\/covers\/isbn\/\d{13}$/);
  expect(naturalHeight / naturalWidth).toBe(1.5);
  return cover;
}

async function coversFixture(action: 'stop' | 'start') {
  const res = await fetch(`${COVERS_CONTROL}/${action}`, { method: 'POST' });
  expect(res.status).toBe(200);
}

test('the work page shows its cover from our own origin, in a reserved 2:3 box', async ({
  page,
  request,
}) => {
  const middlemarch = await findWork(request, 'Middlemarch');
  const images = watchImages(page);
  await page.goto(`/work/${middlemarch.workId}`);
  await expect(page.getByRole('heading', { name: 'Middlemarch', level: 1 })).toBeVisible();
  const cover = await expectLoadedCover(page, 'Middlemarch');
  await expect(cover).toHaveAttribute('loading', 'eager');
  await expect(cover).toHaveAttribute(
    'srcset',
    /\?size=thumb 144w, .*\?size=card 240w, .*\?size=header 400w$/,
  );
  const box = await cover.boundingBox();
  expect(box && Math.round((box.height / box.width) * 10) / 10).toBe(1.5);
  // The resolver redirected to the stored, immutable file; nothing went to the covers host.
  const files = images
    .map((image) => image.url())
    .filter((url) => /\/covers\/[0-9a-f]{32}-\w+\.webp$/.test(url));
  expect(files.length).toBeGreaterThan(0);
  const file = await request.get(files[0]!);
  expect(file.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(file.headers()['content-type']).toBe('image/webp');
  const origin = new URL(page.url()).origin;
  for (const image of images) expect(new URL(image.url()).origin).toBe(origin);
  expect(images.some((image) => new URL(image.url()).port === String(COVERS_PORT))).toBe(false);
});

test('a book Open Library has no cover for shows the designed placeholder', async ({ page, request }) => {
  // Persuasion's ISBN has no cover at the covers fixture (tests/support/covers-fixture.ts).
  const persuasion = await findWork(request, 'Persuasion');
  await page.goto(`/work/${persuasion.workId}`);
  await expect(page.getByRole('heading', { name: 'Persuasion', level: 1 })).toBeVisible();
  const placeholder = page.getByRole('img', { name: 'Persuasion: no cover' }).first();
  await expect(placeholder).toBeVisible();
  await expect(placeholder).toContainText('Persuasion');
  await expect(placeholder).toContainText('Jane Austen');
  await expect(placeholder).toContainText('No Cover');
  await expect(page.getByRole('img', { name: 'Cover of Persuasion' })).toHaveCount(0);
});

test('cached covers still show with the covers server stopped; others show the placeholder at once', async ({
  browser,
  request,
}) => {
  const middlemarch = await findWork(request, 'Middlemarch');
  // Kindred is opened by no other test, so the server has never asked for its cover.
  const kindred = await findWork(request, 'Kindred');
  // Seen once while the covers server is up, so the server has it cached.
  const first = await browser.newContext();
  await (await first.newPage()).goto(`/work/${middlemarch.workId}`);
  await expectLoadedCover(first.pages()[0]!, 'Middlemarch');
  await first.close();

  await coversFixture('stop');
  try {
    expect(await fetch(`http://127.0.0.1:${COVERS_PORT}/health`).catch(() => null)).toBeNull();
    // A fresh browser context: nothing in the browser's cache, so the image must come from our server.
    const offline = await browser.newContext();
    const page = await offline.newPage();
    await page.goto(`/work/${middlemarch.workId}`);
    await expectLoadedCover(page, 'Middlemarch');
    // Never seen by the server before, and the covers server is down: the placeholder, promptly.
    const started = Date.now();
    await page.goto(`/work/${kindred.workId}`);
    await expect(page.getByRole('img', { name: 'Kindred: no cover' }).first()).toBeVisible();
    expect(Date.now() - started).toBeLessThan(5000);
    await offline.close();
  } finally {
    await coversFixture('start');
  }
});
