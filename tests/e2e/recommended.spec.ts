// Recommended (issue 28) at the project's width, on the real server whose recommender rebuilds its shared
// tables every few seconds (playwright.config.ts): two readers of the community love the same two books, so
// a reader who rates the first 5 stars is recommended the second "because you rated" it, can turn it down
// and undo that, sees it on the dashboard, and finds it under the first book's "Readers also enjoyed"; a new
// reader picks genres and moods and gets recommendations at once; a visitor gets what is well rated and
// popular, and an invitation to sign in. Each project acts on books of its own, since both share one server.
import { expect, test } from '@playwright/test';
import type { APIRequestContext, TestInfo } from '@playwright/test';
import { createConfirmedReader, logIn, newReader } from './support/accounts';
import type { Reader } from './support/accounts';
import { findWork, publicSf, signInApi } from './support/api';
import { card, checkBothSchemes } from './support/discovery-screens';

const BOOKS = {
  desktop: { seed: 'Pet Sematary', similar: 'Carrie', genre: 'Horror' },
  mobile: { seed: 'Persepolis', similar: 'Fun Home', genre: 'Graphic Novel' },
} as const;

let books: (typeof BOOKS)['desktop' | 'mobile'];
let seed: { workId: string; title: string };
let similar: { workId: string; title: string };

async function readerRating(
  request: APIRequestContext,
  testInfo: TestInfo,
  ratings: [string, number][],
): Promise<Reader> {
  const reader = newReader(testInfo);
  await createConfirmedReader(request, reader);
  const api = await signInApi(request, reader);
  for (const [workId, rating] of ratings) await api.sf('submit-review', { work_id: workId, rating });
  return reader;
}

test.beforeAll(async ({ request }, testInfo) => {
  test.setTimeout(120_000);
  books = BOOKS[testInfo.project.name as 'desktop' | 'mobile'];
  seed = await findWork(request, books.seed);
  similar = await findWork(request, books.similar);
  expect([seed.title, similar.title]).toEqual([books.seed, books.similar]);
  // Two readers of the community love both books, in public.
  for (let i = 0; i < 2; i++)
    await readerRating(request, testInfo, [
      [seed.workId, 5],
      [similar.workId, 5],
    ]);
  // The recurring rebuild finds the pair within a few seconds.
  await expect
    .poll(
      async () =>
        (await publicSf(request, 'readers-also-enjoyed', { work_id: seed.workId })).items.map((i) => i.title),
      { timeout: 30_000 },
    )
    .toContain(books.similar);
});

test('a reader is recommended what readers of their book loved, with the reason, and can turn it down', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const reader = await readerRating(request, testInfo, [[seed.workId, 5]]);
  await logIn(page, reader.email, reader.password);
  const reason = `Because you rated ${books.seed} 5 stars`;

  // The reader's own refresh job runs a few seconds after the rating.
  await page.goto('/recommended');
  await expect(page.getByRole('heading', { name: 'Recommended', exact: true })).toBeVisible();
  await expect(async () => {
    await page.reload();
    await expect(card(page, books.similar)).toContainText(reason, { timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  // Never the book the reader rated.
  await expect(card(page, books.seed)).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Get recommendations of your own' })).toHaveCount(0);
  await checkBothSchemes(page, 'recommended');

  const notInterested = () =>
    card(page, books.similar)
      .getByRole('button', { name: `Not interested in ${books.similar}` })
      .click();
  await notInterested();
  await expect(card(page, books.similar)).toHaveCount(0);
  const notice = page.getByRole('status').filter({ hasText: 'You will not be recommended' });
  await expect(notice).toContainText(`You will not be recommended ${books.similar} again.`);
  await checkBothSchemes(page, 'recommended-not-interested');
  // Undo brings it back where it was, with its reason.
  await notice.getByRole('button', { name: 'Undo' }).click();
  await expect(card(page, books.similar)).toContainText(reason);
  await expect(notice).toHaveCount(0);

  // Turned down again, it stays away after a reload.
  await notInterested();
  await expect(notice).toBeVisible();
  await page.reload();
  await expect(page.getByRole('list', { name: 'Recommended books' })).toBeVisible();
  await expect(card(page, books.similar)).toHaveCount(0);
});

test('the dashboard panel shows a recommendation with its reason', async ({ page, request }, testInfo) => {
  test.setTimeout(90_000);
  const reader = await readerRating(request, testInfo, [[seed.workId, 5]]);
  const api = await signInApi(request, reader);
  await expect
    .poll(async () => (await api.sf('recommended-works', { limit: 3 })).items.map((i) => i.title), {
      timeout: 30_000,
    })
    .toContain(books.similar);
  await logIn(page, reader.email, reader.password);
  const panel = page.getByRole('region', { name: 'Recommended for You' });
  await expect(card(panel, books.similar)).toContainText(`Because you rated ${books.seed} 5 stars`);
  await expect(card(panel, books.similar).getByRole('link', { name: books.similar })).toHaveAttribute(
    'href',
    `/work/${similar.workId}`,
  );
});

test('the work page lists what readers also enjoyed, each saying why', async ({ page }) => {
  await page.goto(`/work/${seed.workId}`);
  await expect(page.getByRole('heading', { level: 1, name: books.seed })).toBeVisible();
  const section = page.getByRole('region', { name: 'Readers also enjoyed' });
  await expect(card(section, books.similar)).toContainText(`Readers who liked ${books.seed} also liked this`);
  await checkBothSchemes(page, 'work-readers-also-enjoyed');
  await card(section, books.similar).getByRole('link', { name: books.similar, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/work/${similar.workId}$`));
  await expect(page.getByRole('heading', { level: 1, name: books.similar })).toBeVisible();
});

test('a new reader picks genres and moods and gets recommendations at once', async ({
  page,
  request,
}, testInfo) => {
  const reader = newReader(testInfo);
  await createConfirmedReader(request, reader);
  await logIn(page, reader.email, reader.password);
  await expect(page.getByRole('region', { name: 'Recommended for You' })).toContainText(
    'Tell us what you like to read, and recommendations follow.',
  );
  await page.getByRole('link', { name: 'Choose genres and moods' }).click();
  await expect(page).toHaveURL(/\/recommended$/);
  const chooser = page.getByRole('region', { name: 'What do you like to read?' });
  await expect(chooser).toBeVisible();
  const choose = chooser.getByRole('button', { name: 'Show my recommendations' });
  await expect(choose).toBeDisabled();
  await chooser.getByRole('group', { name: 'Genres' }).getByText(books.genre, { exact: true }).click();
  await chooser.getByRole('group', { name: 'Moods' }).getByText('Dark', { exact: true }).click();
  await checkBothSchemes(page, 'recommended-taste-chooser');

  await choose.click();
  // At once: the list the call computed, no waiting for a job.
  const list = page.getByRole('list', { name: 'Recommended books' });
  await expect(list).toBeVisible({ timeout: 5000 });
  await expect(chooser).toHaveCount(0);
  await expect(card(list, books.seed)).toContainText(`In genres you like: ${books.genre}`);
  await checkBothSchemes(page, 'recommended-after-choice');
});

test.describe('signed out', () => {
  test('Recommended shows what is well rated and popular and invites to sign in', async ({ page }) => {
    await page.goto('/recommended');
    await expect(page).toHaveURL(/\/recommended$/);
    await expect(page.getByRole('heading', { name: 'Recommended', exact: true })).toBeVisible();
    const list = page.getByRole('list', { name: 'Well rated and popular books' });
    await expect(async () => {
      await page.reload();
      await expect(card(list, books.seed)).toContainText(
        /Well rated and popular: 5\.0 average from \d+ ratings/,
        {
          timeout: 2000,
        },
      );
    }).toPass({ timeout: 30_000 });
    await expect(list.getByRole('button', { name: /Not interested/ })).toHaveCount(0);
    const invitation = page.getByRole('region', { name: 'Get recommendations of your own' });
    await expect(invitation.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    await checkBothSchemes(page, 'recommended-signed-out');
    await invitation.getByRole('link', { name: 'Sign up' }).click();
    await expect(page).toHaveURL(/\/signup$/);
  });
});
