// The Reading Dashboard on the real server (SPEC.md §2 "Dashboard", §4, §5): books started through the API
// show in Currently Reading; the reader updates them by page and by percent, pauses and resumes, finishes
// one and abandons another; sets and edits a goal; sees the streak start. Plus the /hometemplate sample,
// which must not call the server. Demo works used (none is changed): Our Town, The Analects, The Glass
// Menagerie, Heart of Darkness.
import { expect, test } from '@playwright/test';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { createConfirmedReader, logIn, newReader } from './support/accounts';
import type { ApiClient } from './support/api';
import { findWork, signInApi } from './support/api';
import { snap } from './support/screenshots';

async function startBook(request: APIRequestContext, api: ApiClient, title: string) {
  const work = await findWork(request, title);
  expect(work.title).toBe(title);
  await api.sf('log-progress-event', {
    work_id: work.workId,
    edition_id: work.primaryEditionId!,
    event_type: 'start',
  });
  return work;
}

async function expectNoSidewaysOverflow(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );
}

const bookCard = (page: Page, title: string) => page.getByRole('article', { name: title });

async function openUpdateDialog(page: Page, title: string): Promise<Locator> {
  await bookCard(page, title).getByRole('button', { name: 'Update Progress' }).click();
  const dialog = page.getByRole('dialog', { name: 'Update Reading Progress' });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function saveAndClose(dialog: Locator) {
  await dialog.getByRole('button', { name: 'Save Progress' }).click();
  await expect(dialog).toBeHidden();
}

test('a reader follows their books from the dashboard', async ({ page, request }) => {
  const reader = newReader(test.info());
  await createConfirmedReader(request, reader);
  const api = await signInApi(request, reader);

  await logIn(page, reader.email, reader.password);
  const streak = page.getByRole('region', { name: 'Reading Streak' });
  await expect(streak.getByText('Start your streak today!')).toBeVisible();
  await expect(streak.getByTestId('streak-days')).toHaveText('0');
  const reading = page.getByRole('region', { name: 'Currently Reading' });
  await expect(reading.getByText('No books in progress')).toBeVisible();
  await expect(reading.getByText('Start tracking your reading journey')).toBeVisible();
  await snap(page, 'dashboard-empty');

  const ourTown = await startBook(request, api, 'Our Town');
  await startBook(request, api, 'The Analects');
  await startBook(request, api, 'The Glass Menagerie');
  await page.reload();

  // Starting a book reads no pages: no streak yet.
  await expect(reading.getByLabel('3 in progress')).toHaveText('3');
  await expect(streak.getByTestId('streak-days')).toHaveText('0');
  await expect(streak.getByText('Start your streak today!')).toBeVisible();
  const town = bookCard(page, 'Our Town');
  await expect(town.getByRole('link', { name: 'Our Town' })).toHaveAttribute(
    'href',
    `/work/${ourTown.workId}?edition=${ourTown.primaryEditionId}`,
  );
  await expect(town.getByRole('link', { name: 'Thornton Wilder' })).toHaveAttribute('href', /^\/author\//);
  await expect(town.getByText('208 pages')).toBeVisible();
  await expect(town.getByText('0%')).toBeVisible();
  await expectNoSidewaysOverflow(page);
  await snap(page, 'dashboard-reading');

  // By page: a start defaults to page 1.
  let dialog = await openUpdateDialog(page, 'Our Town');
  await expect(dialog.getByLabel('Start page')).toHaveValue('1');
  await dialog.getByLabel('End page').fill('104');
  await snap(page, 'dashboard-update-dialog', { fullPage: false });
  await saveAndClose(dialog);
  await expect(town.getByText('50%')).toBeVisible();
  // Pages read today start the streak.
  await page.reload();
  await expect(streak.getByTestId('streak-days')).toHaveText('1');
  await expect(streak.getByText('Keep the momentum going!')).toBeVisible();

  // By percent.
  dialog = await openUpdateDialog(page, 'Our Town');
  await dialog.getByText('Percentage', { exact: true }).click();
  await dialog.getByLabel('Start percentage').fill('50');
  await dialog.getByLabel('End percentage').fill('75');
  await saveAndClose(dialog);
  await expect(town.getByText('75%')).toBeVisible();

  // A refused range says why and keeps the dialog open.
  dialog = await openUpdateDialog(page, 'Our Town');
  await dialog.getByText('Percentage', { exact: true }).click();
  await dialog.getByLabel('Start percentage').fill('80');
  await dialog.getByLabel('End percentage').fill('70');
  await dialog.getByRole('button', { name: 'Save Progress' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'End percentage must be greater than or equal to start percentage',
  );
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // Pause, which the server keeps, then resume.
  await town.getByRole('button', { name: 'Pause reading Our Town' }).click();
  await expect(town.getByRole('button', { name: 'Resume Reading' })).toBeVisible();
  await expect(town.getByRole('button', { name: 'Update Progress' })).toHaveCount(0);
  await page.reload();
  await expect(town.getByRole('button', { name: 'Resume Reading' })).toBeVisible();
  await expect(town.getByText('75%')).toBeVisible();
  await town.getByRole('button', { name: 'Resume Reading' }).click();
  await expect(town.getByRole('button', { name: 'Update Progress' })).toBeVisible();

  // Finish one book and abandon another: both cards leave, for good.
  dialog = await openUpdateDialog(page, 'The Analects');
  await dialog.getByText('Mark as finished', { exact: true }).click();
  await saveAndClose(dialog);
  // A finished book is offered for review; this reader skips it.
  const offer = page.getByRole('dialog', { name: 'You finished The Analects' });
  await offer.getByRole('button', { name: 'Skip' }).click();
  await expect(offer).toBeHidden();
  await expect(bookCard(page, 'The Analects')).toHaveCount(0);
  dialog = await openUpdateDialog(page, 'The Glass Menagerie');
  await dialog.getByText('Mark as DNF', { exact: true }).click();
  await saveAndClose(dialog);
  await expect(bookCard(page, 'The Glass Menagerie')).toHaveCount(0);
  await expect(reading.getByLabel('1 in progress')).toHaveText('1');
  await page.reload();
  await expect(town).toBeVisible();
  await expect(reading.getByRole('article')).toHaveCount(1);
  await expectNoSidewaysOverflow(page);
});

test('a reader sets a books goal and edits it', async ({ page, request }) => {
  const reader = newReader(test.info());
  await createConfirmedReader(request, reader);
  const api = await signInApi(request, reader);
  // One book read this year, so the goal has progress to show.
  const heart = await startBook(request, api, 'Heart of Darkness');
  await api.sf('log-progress-event', {
    work_id: heart.workId,
    edition_id: heart.primaryEditionId!,
    event_type: 'finish',
  });

  await logIn(page, reader.email, reader.password);
  const year = await page.evaluate(() => new Date().getFullYear());
  const goals = page.getByRole('region', { name: `${year} Goals` });
  await expect(goals.getByText(`No goals set for ${year}`)).toBeVisible();

  await goals.getByRole('button', { name: 'Set Goal' }).click();
  let dialog = page.getByRole('dialog', { name: 'Add Reading Goal' });
  await expect(dialog.getByRole('radio', { name: 'Books' })).toBeChecked();
  await dialog.getByLabel('Target').fill('12');
  await dialog.getByRole('button', { name: 'Save Goal' }).click();
  await expect(dialog).toBeHidden();
  await expect(goals).toContainText('1 / 12 books');
  await expect(goals.getByText('8% complete')).toBeVisible();
  await expect(goals.getByText(/^\d+ (ahead|behind)$/)).toBeVisible();

  await goals.getByRole('button', { name: 'Edit books goal' }).click();
  dialog = page.getByRole('dialog', { name: 'Edit Reading Goal' });
  await expect(dialog.getByLabel('Target')).toHaveValue('12');
  await dialog.getByLabel('Target').fill('4');
  await dialog.getByRole('button', { name: 'Save Goal' }).click();
  await expect(dialog).toBeHidden();
  await expect(goals).toContainText('1 / 4 books');
  await expect(goals.getByText('25% complete')).toBeVisible();

  await page.reload();
  await expect(goals).toContainText('1 / 4 books');

  // A second goal type brings tabs.
  await goals.getByRole('button', { name: 'Add goal' }).click();
  dialog = page.getByRole('dialog', { name: 'Add Reading Goal' });
  await expect(dialog.getByRole('radio')).toHaveCount(2);
  await dialog.getByText('Pages', { exact: true }).click();
  await dialog.getByLabel('Target').fill('5000');
  await dialog.getByRole('button', { name: 'Save Goal' }).click();
  await expect(dialog).toBeHidden();
  await expect(goals.getByRole('tab', { name: 'Pages' })).toBeVisible();
  await goals.getByRole('tab', { name: 'Pages' }).click();
  await expect(goals.getByRole('tabpanel')).toContainText('/ 5,000 pages');
  await expectNoSidewaysOverflow(page);
  await snap(page, 'dashboard-goals');
});

test('/hometemplate shows sample data and makes no real calls', async ({ page }) => {
  const calls: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/sf/')) calls.push(r.url());
  });
  await page.goto('/hometemplate');
  await expect(page.getByRole('heading', { name: 'Reading Dashboard' })).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(3);
  await expectNoSidewaysOverflow(page);
  await snap(page, 'hometemplate');

  const dialog = await openUpdateDialog(page, 'The Name of the Wind');
  await dialog.getByLabel('End page').fill('300');
  await saveAndClose(dialog);
  await page.getByRole('button', { name: 'Pause reading Dune' }).click();
  await page.getByRole('button', { name: 'Resume Reading' }).click();
  await page.getByRole('button', { name: 'Edit books goal' }).click();
  const goalDialog = page.getByRole('dialog', { name: 'Edit Reading Goal' });
  await goalDialog.getByRole('button', { name: 'Save Goal' }).click();
  await expect(goalDialog).toBeHidden();
  expect(calls).toEqual([]);
});
