// The work page (SPEC.md §2 "Work page", §4 "Work page action", §5/§6 admin tools) against the real server.
// Works used here and nowhere else: The Pillow Book (visitor, read only), A Room of One's Own (reader state,
// per reader), Tom Jones / The Metamorphosis (admin curation, desktop / mobile), and the merges
// Down and Out in Paris and London → Homage to Catalonia (desktop), Narcissus and Goldmund → The Glass Bead
// Game (mobile): each project merges its own pair, as both projects share one database.
import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { createConfirmedReader, logIn, newReader } from './support/accounts';
import { adminReader } from './support/admins';
import { findWork, publicSf, signInApi } from './support/api';
import { snap } from './support/screenshots';

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const readingStatus = (page: Page) => page.getByRole('group', { name: 'Reading status' });
const editionsGrid = (page: Page) => page.getByRole('list', { name: 'Editions' });

async function expectNoSidewaysScroll(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(page.viewportSize()!.width);
}

async function expectThisEdition(page: Page, publisher: string, year: string) {
  const panel = region(page, 'This Edition');
  await expect(panel.getByRole('row', { name: `Publisher ${publisher}` })).toBeVisible();
  await expect(panel.getByRole('row', { name: `Year ${year}` })).toBeVisible();
}

const isMobile = () => test.info().project.name === 'mobile';

test('a visitor sees the work and switches editions in the All Editions grid', async ({ page, request }) => {
  const { workId } = await findWork(request, 'The Pillow Book');
  await page.goto(`/work/${workId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'The Pillow Book' })).toBeVisible();
  await expect(page).toHaveTitle('The Pillow Book | Shelfwise');
  await expect(page.getByRole('link', { name: 'Sei Shōnagon' })).toHaveAttribute('href', /^\/author\//);
  const genres = page.getByRole('list', { name: 'Genres' });
  await expect(genres.getByRole('listitem')).toHaveText(['Classics', 'Memoir']);
  await expect(region(page, 'About this book')).toContainText('352 pages');
  // No action bar, lists or admin tools for visitors.
  await expect(readingStatus(page)).toHaveCount(0);
  await expect(region(page, 'Your Lists')).toHaveCount(0);
  await expect(region(page, 'Admin Tools')).toHaveCount(0);

  // The primary (first seeded) edition is shown and badged Current.
  await expectThisEdition(page, 'Penguin Classics', '2006');
  await expect(region(page, 'This Edition').getByRole('row', { name: 'Format Hardcover' })).toBeVisible();
  await expect(region(page, 'This Edition').getByRole('row', { name: /^ISBN-13 97\d{11}$/ })).toBeVisible();
  const editions = editionsGrid(page).getByRole('link');
  await expect(editions).toHaveCount(2);
  const penguin = editions.filter({ hasText: 'Penguin Classics' });
  const columbia = editions.filter({ hasText: 'Columbia University Press' });
  await expect(penguin).toContainText('Current');
  await expect(columbia).not.toContainText('Current');
  await expectNoSidewaysScroll(page);
  await snap(page, 'work-visitor');

  await columbia.click();
  await expect(page).toHaveURL(new RegExp(`/work/${workId}\\?edition=[0-9a-f-]{36}$`));
  await expectThisEdition(page, 'Columbia University Press', '1991');
  await expect(region(page, 'About this book')).toContainText('411 pages');
  await expect(columbia).toContainText('Current');
  await expect(penguin).not.toContainText('Current');

  // The edition can also come as a path segment.
  const { editions: list } = await publicSf(request, 'work-editions', { work_id: workId });
  const columbiaId = list.find((e) => e.publisher === 'Columbia University Press')!.id;
  await page.goto(`/work/${workId}/${columbiaId}`);
  await expectThisEdition(page, 'Columbia University Press', '1991');
});

test("an unknown work says 'Work not found'", async ({ page }) => {
  await page.goto('/work/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { name: 'Work not found' })).toBeVisible();
  await expect(page).toHaveTitle('Work not found | Shelfwise');
});

test('a reader starts, pauses (through the API) and resumes reading; Your Lists follows', async ({
  page,
  request,
}) => {
  const reader = newReader(test.info());
  await createConfirmedReader(request, reader);
  await logIn(page, reader.email, reader.password);
  const { workId, primaryEditionId } = await findWork(request, "A Room of One's Own");
  await page.goto(`/work/${workId}`);
  await expect(page.getByRole('heading', { level: 1, name: "A Room of One's Own" })).toBeVisible();
  // A reader who is not an admin gets no admin tools.
  await expect(region(page, 'Your Lists')).toBeVisible();
  await expect(region(page, 'Admin Tools')).toHaveCount(0);

  const lists = region(page, 'Your Lists');
  const currentlyReading = lists.getByRole('checkbox', { name: 'Currently Reading', exact: true });
  await expect(currentlyReading).not.toBeChecked();
  await readingStatus(page).getByRole('button', { name: 'Start Reading' }).click();
  await expect(readingStatus(page).getByText('Currently Reading', { exact: true })).toBeVisible();
  await expect(readingStatus(page).getByRole('button')).toHaveCount(0);
  await expect(currentlyReading).toBeChecked();
  await expectNoSidewaysScroll(page);
  await snap(page, 'work-reading');

  const api = await signInApi(request, reader);
  await api.sf('log-progress-event', { work_id: workId, edition_id: primaryEditionId!, event_type: 'pause' });
  await page.reload();
  await readingStatus(page).getByRole('button', { name: 'Resume Reading' }).click();
  await expect(readingStatus(page).getByText('Currently Reading', { exact: true })).toBeVisible();
  const events = await api.sf('reading-events', { work_id: workId, limit: 1 });
  expect(events.events[0]?.event_type).toBe('resume');

  // The other edition of the same work: no start while this one is being read.
  await editionsGrid(page).getByRole('link').filter({ hasNotText: 'Current' }).click();
  await expect(readingStatus(page).getByText('Currently reading another edition')).toBeVisible();
  await expect(readingStatus(page).getByRole('button', { name: 'Start Reading' })).toHaveCount(0);
  await expectNoSidewaysScroll(page);
});

test("'Your Lists' ticks and unticks survive a reload", async ({ page, request }) => {
  const reader = newReader(test.info());
  await createConfirmedReader(request, reader);
  await logIn(page, reader.email, reader.password);
  const { workId, primaryEditionId } = await findWork(request, "A Room of One's Own");
  await page.goto(`/work/${workId}`);
  const box = (name: string): Locator =>
    region(page, 'Your Lists').getByRole('checkbox', { name, exact: true });

  await box('Favorites').check();
  await box('Owned').check();
  await expect(box('Favorites')).toBeEnabled();
  await expect(box('Owned')).toBeEnabled();
  await page.reload();
  await expect(box('Favorites')).toBeChecked();
  await expect(box('Owned')).toBeChecked();
  await expect(box('Read')).not.toBeChecked();

  await box('Favorites').uncheck();
  await expect(box('Favorites')).toBeEnabled();
  await page.reload();
  await expect(box('Owned')).toBeChecked();
  await expect(box('Favorites')).not.toBeChecked();

  const api = await signInApi(request, reader);
  const shelves = await api.sf('list-shelves', {});
  const held = await api.sf('edition-shelves', { edition_id: primaryEditionId!, work_id: workId });
  expect(held).toEqual([shelves.find((s) => s.name === 'Owned')!.id]);
});

test('an admin sets the date, the primary edition and the edition authors', async ({ page, request }) => {
  const admin = await adminReader(request, test.info(), 'work');
  const title = isMobile() ? 'The Metamorphosis' : 'Tom Jones';
  const { workId, primaryEditionId } = await findWork(request, title);
  const { editions } = await publicSf(request, 'work-editions', { work_id: workId });
  const other = editions.find((e) => e.id !== primaryEditionId)!;
  await logIn(page, admin.email, admin.password);
  await page.goto(`/work/${workId}`);
  const tools = region(page, 'Admin Tools');
  await expect(tools).toBeVisible();

  // First-published date: locking needs both values.
  const dateForm = tools.getByRole('form', { name: 'First published' });
  const dateString = `E2E ${test.info().project.name} edition, 1749`;
  await dateForm.getByLabel('Date string').fill('');
  await dateForm.getByRole('checkbox', { name: 'Lock date' }).check();
  await dateForm.getByRole('button', { name: 'Save date' }).click();
  await expect(dateForm.getByRole('alert')).toHaveText('Set date and date string');
  await dateForm.getByLabel('First-published date').fill('1749-02-28');
  await dateForm.getByLabel('Date string').fill(dateString);
  await dateForm.getByRole('button', { name: 'Save date' }).click();
  await expect(dateForm.getByRole('status')).toHaveText('Saved');
  await expect(page.getByText(`First published ${dateString}`)).toBeVisible();
  await snap(page, 'work-admin');

  // Primary edition: the other edition becomes the one shown by default.
  const primaryForm = tools.getByRole('form', { name: 'Primary edition' });
  await primaryForm.getByRole('combobox', { name: 'Primary edition' }).selectOption(other.id);
  await primaryForm.getByRole('checkbox', { name: 'Lock primary edition' }).check();
  await primaryForm.getByRole('button', { name: 'Save primary edition' }).click();
  await expect(primaryForm.getByRole('status')).toHaveText('Saved');

  await page.reload();
  await expect(page.getByText(`First published ${dateString}`)).toBeVisible();
  await expect(dateForm.getByRole('checkbox', { name: 'Lock date' })).toBeChecked();
  await expectThisEdition(page, other.publisher!, other.date!.slice(0, 4));
  await expect(editionsGrid(page).getByRole('link').first()).toContainText('Current');

  // Edition authors of the shown edition: comma-separated ids, blanks dropped.
  const [workAuthor] = other.edition_authors.map((a) => a.authors);
  const { results } = await publicSf(request, 'search-authors', { query: 'Virginia Woolf' });
  const woolf = results.find((a) => a.name === 'Virginia Woolf')!;
  const authorsForm = tools.getByRole('form', { name: 'Edition authors' });
  await authorsForm.getByLabel('Author ids (comma-separated)').fill(` ${workAuthor!.id} , , ${woolf.id} ,`);
  await authorsForm.getByRole('button', { name: 'Save authors' }).click();
  await expect(authorsForm.getByRole('status')).toHaveText('Saved');
  await expect(
    authorsForm.getByText(`Now: ${workAuthor!.name} (${workAuthor!.id}), Virginia Woolf`),
  ).toBeVisible();
  const details = await publicSf(request, 'edition-details', { edition_id: other.id });
  expect(details.edition_authors.map((a) => a.authors.name)).toEqual([workAuthor!.name, 'Virginia Woolf']);
  await expectNoSidewaysScroll(page);
});

test('an admin merges one work into another and lands on the target', async ({ page, request }) => {
  const admin = await adminReader(request, test.info(), 'work');
  const [fromTitle, intoTitle] = isMobile()
    ? ['Narcissus and Goldmund', 'The Glass Bead Game']
    : ['Down and Out in Paris and London', 'Homage to Catalonia'];
  const from = await findWork(request, fromTitle);
  const into = await findWork(request, intoTitle);
  await logIn(page, admin.email, admin.password);
  await page.goto(`/work/${from.workId}`);

  const merge = region(page, 'Admin Tools').getByRole('region', { name: 'Merge work' });
  await merge.getByLabel('Find the work to merge into').fill(intoTitle);
  await merge.getByRole('button', { name: 'Search' }).click();
  await merge.getByRole('radio', { name: new RegExp(`^${intoTitle} by `) }).check();
  await merge.getByRole('button', { name: 'Merge into this work' }).click();

  await expect(page).toHaveURL(new RegExp(`/work/${into.workId}$`));
  await expect(page.getByRole('heading', { level: 1, name: intoTitle })).toBeVisible();
  // The merged work's edition now belongs to the target.
  await expect(editionsGrid(page).getByRole('link')).toHaveCount(2);
  await page.goto(`/work/${from.workId}`);
  await expect(page.getByRole('heading', { name: 'Work not found' })).toBeVisible();
});
