// Discovery screens (issue 28) at the project's width: this week's trending books on the signed-out
// landing page with its search box, Trending with its period and genre filters, and New Releases with
// dates. Each project acts on books of its own, since both share one server.
import { expect, test } from '@playwright/test';
import { createConfirmedReader, logIn, newReader } from './support/accounts';
import type { Reader } from './support/accounts';
import { adminReader } from './support/admins';
import { findWork, publicSf, signInApi } from './support/api';
import { card, checkBothSchemes } from './support/discovery-screens';

const BOOKS = {
  desktop: { trending: 'Stuart Little', release: 'Malgudi Days' },
  mobile: { trending: 'Pippi Longstocking', release: 'Kokoro' },
} as const;

let reader: Reader;
let books: (typeof BOOKS)['desktop' | 'mobile'];
let releaseDate: string;

test.beforeAll(async ({ request }, testInfo) => {
  test.setTimeout(120_000);
  books = BOOKS[testInfo.project.name as 'desktop' | 'mobile'];
  const trending = await findWork(request, books.trending);
  reader = newReader(testInfo);
  await createConfirmedReader(request, reader);
  // A worker restarted after a failure finds the activity already made: it is made once per run.
  const month = await publicSf(request, 'trending-works', { period: 'month', limit: 60 });
  if (!month.items.some((i) => i.work_id === trending.workId)) {
    // Two readers start the book in public; a third starts it privately, which must not count.
    for (const isPublic of [true, true, false]) {
      const someone = newReader(testInfo);
      await createConfirmedReader(request, someone);
      const api = await signInApi(request, someone);
      await api.sf('log-progress-event', {
        work_id: trending.workId,
        edition_id: trending.primaryEditionId!,
        event_type: 'start',
        start_page: 1,
        end_page: 1,
        is_public: isPublic,
      });
    }
  }
  const release = await findWork(request, books.release);
  const day = new Date();
  day.setUTCDate(1);
  day.setUTCMonth(day.getUTCMonth() - 1);
  releaseDate = day.toISOString().slice(0, 10);
  const admin = await signInApi(request, await adminReader(request, testInfo, 'misc'));
  await admin.sf('set-work-date', {
    work_id: release.workId,
    lock: false,
    date: releaseDate,
    date_string: releaseDate,
  });
});

test('the landing page shows this week’s trending books and searches the catalogue', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Shelfwise', exact: true })).toBeVisible();
  await expect(page.getByText('Manage your reading journey with precision')).toBeVisible();
  const trending = page.getByRole('region', { name: 'Trending this week' });
  // The trending job runs every few seconds on the test server: look again until it has run.
  await expect(async () => {
    await page.reload();
    await expect(card(trending, books.trending)).toContainText('2 readers started it this week', {
      timeout: 2000,
    });
  }).toPass({ timeout: 30_000 });
  await checkBothSchemes(page, 'landing');

  await page.getByRole('searchbox', { name: 'Search books' }).fill(`  ${books.release} `);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/search/${encodeURIComponent(books.release)}$`));
});

test('Trending filters by period and genre; New Releases gives dates', async ({ page }) => {
  await logIn(page, reader.email, reader.password);
  await page.goto('/trending');
  await expect(page.getByRole('heading', { name: 'Trending', exact: true })).toBeVisible();
  await expect(async () => {
    await page.reload();
    await expect(card(page, books.trending)).toContainText('2 readers started it this week', {
      timeout: 2000,
    });
  }).toPass({ timeout: 30_000 });
  await expect(card(page, books.trending)).toContainText('No ratings yet');

  await page.getByRole('combobox', { name: 'Genre' }).selectOption({ label: 'Science' });
  await expect(card(page, books.trending)).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Genre' }).selectOption({ label: "Children's" });
  await expect(card(page, books.trending)).toBeVisible();
  await page.getByText('This month').click();
  await expect(card(page, books.trending)).toContainText('2 readers started it this month');
  await checkBothSchemes(page, 'trending-filtered');

  await page.goto('/new-releases');
  await expect(page.getByRole('heading', { name: 'New Releases', exact: true })).toBeVisible();
  const published = new Date(`${releaseDate}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  await expect(card(page, books.release)).toContainText(`Published ${published}`);
  await expect(card(page, books.trending)).toHaveCount(0);
  await checkBothSchemes(page, 'new-releases');
});
