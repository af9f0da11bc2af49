// Reading Logs and Stats against the real server, with the real Editor.js: each test makes its own reader
// and sets the scene through the API (events on the demo works Middlemarch and The Epic of Gilgamesh),
// then works through the screens at the project's width (desktop: sidebar and pane; mobile: list, then
// the log with a back arrow).
import { expect, test } from '@playwright/test';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { createConfirmedReader, logIn, newReader } from './support/accounts';
import { findWork, signInApi } from './support/api';
import type { ApiClient } from './support/api';
import { snap } from './support/screenshots';

const isMobile = () => test.info().project.name === 'mobile';

/** A signed-up reader with three Middlemarch logs: a start, a progress by pages, a progress by percent. */
async function readerWithLogs(request: APIRequestContext) {
  const reader = newReader(test.info());
  await createConfirmedReader(request, reader);
  const api = await signInApi(request, reader);
  const book = await findWork(request, 'Middlemarch');
  const event = { work_id: book.workId, edition_id: book.primaryEditionId! };
  await api.sf('log-progress-event', { ...event, event_type: 'start' });
  await api.sf('log-progress-event', { ...event, event_type: 'progress', start_page: 1, end_page: 40 });
  await api.sf('log-progress-event', { ...event, event_type: 'progress', start_percent: 5, end_percent: 10 });
  return { reader, api };
}

const logList = (page: Page) => page.getByRole('list', { name: 'Reading logs' });
const logItem = (page: Page, summary: string) =>
  logList(page).getByRole('listitem').filter({ hasText: summary });
const saveStatus = (page: Page) => page.getByRole('status', { name: 'Save status' });
const journalBlocks = (page: Page) =>
  page.getByRole('group', { name: 'Journal' }).locator('[contenteditable="true"]');

async function openLog(page: Page, summary: string) {
  await logItem(page, summary)
    .getByRole('button', { name: /^Middlemarch/ })
    .click();
  await expect(page.getByRole('heading', { level: 2, name: 'Middlemarch' })).toBeVisible();
}

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );
}

async function typeInJournal(editable: Locator, text: string) {
  await editable.click();
  await editable.press('End');
  await editable.pressSequentially(text);
}

test('lists the logs, saves a journal entry and a new location', async ({ page, request }) => {
  // Editor.js reports a tool it cannot set up on the console; the journal must start cleanly.
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    // Playwright's own word that it blocked the service worker (playwright.config.ts) is not the app's.
    if (message.text() === 'Service Worker registration blocked by Playwright') return;
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  const { reader } = await readerWithLogs(request);
  await logIn(page, reader.email, reader.password);
  await page.goto('/logs');
  await expect(page).toHaveTitle('Reading Logs | Shelfwise');

  await expect(logList(page).getByRole('listitem')).toHaveCount(3);
  for (const summary of ['5%-10%', 'Pages 1-40', 'No location']) {
    await expect(logItem(page, summary)).toContainText('Middlemarch');
  }

  if (isMobile()) {
    // Nothing is selected below 640 px until the reader picks a log.
    await expect(page.getByRole('heading', { level: 2 })).toHaveCount(0);
  } else {
    // The newest log is selected once the list is in.
    await expect(page.getByRole('textbox', { name: 'Start percent' })).toHaveValue('5');
    await expect(page.getByText('%', { exact: true })).toBeVisible();
  }
  await expectNoSidewaysScroll(page);
  await snap(page, 'logs-list');

  await openLog(page, 'Pages 1-40');
  if (isMobile()) await expect(logList(page)).toBeHidden();
  await expect(page.getByRole('textbox', { name: 'Start page' })).toHaveValue('1');
  await expect(page.getByRole('textbox', { name: 'End page' })).toHaveValue('40');
  await expect(page.getByText('pages', { exact: true })).toBeVisible();
  await expect(saveStatus(page)).toHaveText('Ready');

  const editable = journalBlocks(page).first();
  await expect(editable).toBeVisible();
  await expect(page.getByText('Initializing editor...')).toBeHidden();
  // SPEC.md §9: the journal is at least 120 px high and its content at most 650 px wide.
  const journal = page.getByRole('group', { name: 'Journal' });
  expect((await journal.boundingBox())!.height).toBeGreaterThanOrEqual(120);
  expect(await editable.evaluate((el) => getComputedStyle(el.closest('.ce-block__content')!).maxWidth)).toBe(
    '650px',
  );
  await typeInJournal(editable, 'Dorothea marries Casaubon.');
  await expect(saveStatus(page)).toHaveText('Saving...');
  await expect(saveStatus(page)).toHaveText('Saved');

  await page.getByRole('textbox', { name: 'Start page' }).fill('2');
  await page.getByRole('textbox', { name: 'End page' }).fill('45');
  await expect(saveStatus(page)).toHaveText('Saving...');
  await expect(saveStatus(page)).toHaveText('Saved');
  await expectNoSidewaysScroll(page);
  await snap(page, 'log-detail');

  await page.reload();
  await openLog(page, 'Pages 2-45');
  await expect(page.getByRole('textbox', { name: 'Start page' })).toHaveValue('2');
  await expect(page.getByRole('textbox', { name: 'End page' })).toHaveValue('45');
  await expect(journalBlocks(page).first()).toHaveText('Dorothea marries Casaubon.');

  if (isMobile()) {
    await page.getByRole('button', { name: 'Back to logs' }).click();
    await expect(logList(page).getByRole('listitem')).toHaveCount(3);
  }
  expect(problems).toEqual([]);
});

test('the journal link tool adds http:// and refuses a link with spaces', async ({ page, request }) => {
  const { reader } = await readerWithLogs(request);
  await logIn(page, reader.email, reader.password);
  await page.goto('/logs');
  await openLog(page, 'No location');

  const editable = journalBlocks(page).first();
  await typeInJournal(editable, 'See gutenberg');
  await expect(saveStatus(page)).toHaveText('Saved');
  // Select the last word, then open the inline toolbar's link input.
  for (let i = 0; i < 'gutenberg'.length; i += 1) await editable.press('Shift+ArrowLeft');
  await page.getByRole('button', { name: 'Link' }).click();
  const address = page.getByRole('textbox', { name: 'Link address' });
  await address.fill('gutenberg .org');
  await address.press('Enter');
  await expect(page.getByText('Pasted link is not valid.')).toBeVisible();
  await address.fill('www.gutenberg.org');
  await address.press('Enter');
  await expect(editable.getByRole('link', { name: 'gutenberg' })).toHaveAttribute(
    'href',
    'http://www.gutenberg.org',
  );
  await expect(saveStatus(page)).toHaveText('Saving...');
  await expect(saveStatus(page)).toHaveText('Saved');

  await page.reload();
  await openLog(page, 'No location');
  await expect(journalBlocks(page).first().getByRole('link', { name: 'gutenberg' })).toHaveAttribute(
    'href',
    'http://www.gutenberg.org',
  );
});

test('deletes a log through the Delete Log dialog', async ({ page, request }) => {
  const { reader } = await readerWithLogs(request);
  await logIn(page, reader.email, reader.password);
  await page.goto('/logs');
  await expect(logList(page).getByRole('listitem')).toHaveCount(3);

  const openDelete = async () => {
    await logItem(page, 'No location').getByRole('button', { name: 'Log actions: Middlemarch' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Log' });
    await expect(dialog).toContainText('Delete this log? This may affect your reading stats.');
    return dialog;
  };

  let dialog = await openDelete();
  await snap(page, 'delete-log-dialog', { fullPage: false });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(logList(page).getByRole('listitem')).toHaveCount(3);

  dialog = await openDelete();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog).toBeHidden();
  await expect(logItem(page, 'No location')).toHaveCount(0);
  await expect(logList(page).getByRole('listitem')).toHaveCount(2);

  await page.reload();
  await expect(logList(page).getByRole('listitem')).toHaveCount(2);
  await expect(logItem(page, 'No location')).toHaveCount(0);
});

async function finishGilgamesh(request: APIRequestContext, api: ApiClient) {
  const book = await findWork(request, 'The Epic of Gilgamesh');
  const event = { work_id: book.workId, edition_id: book.primaryEditionId! };
  await api.sf('log-progress-event', { ...event, event_type: 'start' });
  await api.sf('log-progress-event', { ...event, event_type: 'finish' });
}

test('Stats shows the figures and follows a finished book', async ({ page, request }) => {
  const { reader, api } = await readerWithLogs(request);
  await logIn(page, reader.email, reader.password);
  await page.goto('/stats');
  await expect(page).toHaveTitle('Stats | Shelfwise');
  await expect(page.getByRole('heading', { name: 'Your Reading Stats' })).toBeVisible();

  const figure = (name: string) => page.getByRole('group', { name });
  // Middlemarch has 880 pages: pages 1-40 and 5%-10% (pages 45-88) make 84 pages, all read today.
  await expect(figure('Books read')).toHaveText('Books read0');
  await expect(figure('Pages read')).toHaveText('Pages read84');
  await expect(figure('Pages per day')).toHaveText('Pages per day84');
  await expectNoSidewaysScroll(page);
  await snap(page, 'stats');

  // Finishing the 128-page Gilgamesh adds a book and its pages.
  await finishGilgamesh(request, api);
  await page.reload();
  await expect(figure('Books read')).toHaveText('Books read1');
  await expect(figure('Pages read')).toHaveText('Pages read212');
  await expect(figure('Pages per day')).toHaveText('Pages per day212');
});
