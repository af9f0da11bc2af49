// Every flow of issue 17 done with the keyboard alone, at the project's width: sign up, search, Start
// Reading, update progress, review, shelve and reorder (dnd-kit's keyboard sensor), journal, goals and
// settings. Focus moves with Tab (tabTo), and each control reached shows a focus ring; keys do the rest.
// Scenes are set through the API, and page.goto stands in for typing an address.
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { createConfirmedReader, logIn, newReader } from './support/accounts';
import type { Reader } from './support/accounts';
import { findWork, signInApi } from './support/api';
import { tabTo, typeOver } from './support/keyboard';
import { liftWithSpace, stepUpAbove } from './support/keyboard-reorder';

const mobile = () => test.info().project.name === 'mobile';

async function signedIn(page: Page, request: Parameters<typeof createConfirmedReader>[0]) {
  const reader = newReader(test.info(), 'Kit');
  await createConfirmedReader(request, reader);
  const api = await signInApi(request, reader);
  await logIn(page, reader.email, reader.password);
  return { reader, api };
}

test('sign up', async ({ page }) => {
  const reader: Reader = newReader(test.info(), 'Kit');
  await page.goto('/signup');
  for (const [label, value] of [
    ['First name', reader.firstName],
    ['Last name', reader.lastName],
    ['Username', reader.username],
    ['Email', reader.email],
  ] as const) {
    await tabTo(page.getByLabel(label));
    await page.keyboard.type(value);
  }
  await tabTo(page.getByRole('textbox', { name: 'Password', exact: true }));
  await page.keyboard.type(reader.password);
  await tabTo(page.getByLabel('Confirm password'));
  await page.keyboard.type(reader.password);
  const terms = page.getByRole('checkbox', { name: /I agree to the/ });
  await tabTo(terms);
  await page.keyboard.press('Space');
  await expect(terms).toBeChecked();
  await tabTo(page.getByRole('button', { name: 'Create account' }));
  await page.keyboard.press('Enter');
  await expect(
    page.getByText(
      'Account created! Please check your email and click the confirmation link to activate your account.',
    ),
  ).toBeVisible();
});

test('search, open a hit, Start Reading and update progress', async ({ page, request }) => {
  await signedIn(page, request);
  if (mobile()) {
    await tabTo(page.getByRole('button', { name: 'Open menu' }));
    await page.keyboard.press('Enter');
  }
  await tabTo(page.getByRole('searchbox', { name: 'Search books' }).locator('visible=true'));
  await page.keyboard.type('middlemarch');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/search\/middlemarch$/);

  const hit = page.getByRole('list', { name: 'Search results' }).getByRole('link').first();
  await tabTo(hit);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/work\/[0-9a-f-]{36}$/);

  await tabTo(page.getByRole('button', { name: 'Start Reading' }));
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('group', { name: 'Reading status' }).getByText('Currently Reading'),
  ).toBeVisible();

  await page.goto('/');
  await tabTo(page.getByRole('button', { name: 'Update Progress' }));
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Update Reading Progress' });
  await expect(dialog).toBeVisible();
  await tabTo(dialog.getByLabel('End page'));
  await typeOver(dialog.getByLabel('End page'), '120');
  await tabTo(dialog.getByRole('button', { name: 'Save Progress' }));
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('article', { name: 'Middlemarch' }).getByText(/^\d+%$/)).not.toHaveText('0%');
});

test('review', async ({ page, request }) => {
  await signedIn(page, request);
  const work = await findWork(request, 'The Epic of Gilgamesh');
  await page.goto(`/work/${work.workId}`);
  const reviews = page.getByRole('region', { name: 'Community Reviews' });
  await tabTo(reviews.getByRole('button', { name: 'Write Review' }));
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Write Review' });
  await expect(dialog).toBeVisible();
  // The stars are radios: Tab reaches the group, arrows move between stars, Space picks the one reached.
  await tabTo(dialog.getByRole('radio', { name: '0 stars' }));
  for (const _ of [1, 2, 3, 4, 5, 6, 7, 8]) await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Space');
  await expect(dialog.getByText(/^\d(\.5)? \/ 5$/)).toBeVisible();
  await tabTo(dialog.getByRole('textbox', { name: 'Headline' }));
  await page.keyboard.type('Older than writing itself');
  await tabTo(dialog.getByRole('button', { name: 'Save Review' }));
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(reviews.getByRole('article').first()).toContainText('Older than writing itself');
});

test('shelve a book and reorder the shelf with dnd-kit’s keyboard sensor', async ({ page, request }) => {
  const { api } = await signedIn(page, request);
  const { id: shelfId } = await api.sf('create-shelf', { name: 'Keyboard Shelf' });
  for (const title of ['Middlemarch', 'Frankenstein Mary Shelley']) {
    const book = await findWork(request, title);
    await api.sf('add-to-shelf', {
      shelf_id: shelfId,
      edition_id: book.primaryEditionId!,
      work_id: book.workId,
    });
  }
  const dracula = await findWork(request, 'Dracula Bram Stoker');
  await page.goto(`/work/${dracula.workId}`);
  const lists = page.getByRole('region', { name: 'Your Lists' });
  const box = lists.getByRole('checkbox', { name: 'Keyboard Shelf' });
  await tabTo(box);
  const saved = page.waitForResponse((r) => r.url().endsWith('/sf/add-to-shelf') && r.ok());
  await page.keyboard.press('Space');
  await saved;
  await expect(box).toBeChecked();

  await page.goto(`/shelf/${shelfId}`);
  const handles = page.getByRole('button', { name: /^Move / });
  await expect(handles).toHaveCount(3);
  const order = async () => await handles.evaluateAll((all) => all.map((h) => h.getAttribute('aria-label')));
  expect((await order())[2]).toBe(`Move ${dracula.title}`);

  const handle = page.getByRole('button', { name: `Move ${dracula.title}` });
  await tabTo(handle);
  await liftWithSpace(handle);
  // The rows holding a handle (table rows or cards): Dracula goes above the second, then the first.
  const rows = page.locator('tr, li').filter({ has: handles });
  for (const above of [1, 0]) await stepUpAbove(page, rows.nth(above));
  const moved = page.waitForResponse((r) => r.url().endsWith('/sf/reorder-shelf-item') && r.ok());
  await page.keyboard.press('Space');
  await moved;
  await page.reload();
  await expect(handles).toHaveCount(3);
  expect((await order())[0]).toBe(`Move ${dracula.title}`);
});

test('journal', async ({ page, request }) => {
  const { api } = await signedIn(page, request);
  const book = await findWork(request, 'Middlemarch');
  const event = { work_id: book.workId, edition_id: book.primaryEditionId! };
  await api.sf('log-progress-event', { ...event, event_type: 'start' });
  await api.sf('log-progress-event', { ...event, event_type: 'progress', start_page: 1, end_page: 40 });
  await page.goto('/logs');
  if (mobile()) {
    await tabTo(
      page
        .getByRole('list', { name: 'Reading logs' })
        .getByRole('button', { name: /^Middlemarch/ })
        .first(),
    );
    await page.keyboard.press('Enter');
  }
  const editable = page.getByRole('group', { name: 'Journal' }).locator('[contenteditable="true"]').first();
  await tabTo(editable);
  await page.keyboard.type('Typed without a mouse.');
  const status = page.getByRole('status', { name: 'Save status' });
  await expect(status).toHaveText('Saved', { timeout: 15_000 });
  const logs = await api.sf('list-reading-logs', {});
  expect(logs.logs.map((log) => log.journal_md ?? '').join(' ')).toContain('Typed without a mouse.');
});

test('goals', async ({ page, request }) => {
  await signedIn(page, request);
  const year = await page.evaluate(() => new Date().getFullYear());
  const goals = page.getByRole('region', { name: `${year} Goals` });
  await tabTo(goals.getByRole('button', { name: 'Set Goal' }));
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Add Reading Goal' });
  await expect(dialog).toBeVisible();
  await tabTo(dialog.getByLabel('Target'));
  await page.keyboard.type('24');
  await tabTo(dialog.getByRole('button', { name: 'Save Goal' }));
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(goals).toContainText('0 / 24 books');
});

test('settings', async ({ page, request }) => {
  await signedIn(page, request);
  await page.goto('/settings');
  const info = page.getByRole('region', { name: 'Personal Information' });
  await tabTo(info.getByRole('button', { name: 'Edit first name' }));
  await page.keyboard.press('Enter');
  // The field takes focus as it opens.
  const field = info.getByLabel('First name');
  await expect(field).toBeFocused();
  await typeOver(field, 'Keyla');
  await tabTo(info.getByRole('button', { name: 'Save' }));
  await page.keyboard.press('Enter');
  await expect(info.getByText('Keyla', { exact: true })).toBeVisible();
});
