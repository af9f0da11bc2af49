// The shelf page and My Books (SPEC.md §2, §4) in Chromium against the real server: creating a shelf,
// the row menu, Add to Shelves, sorting, drag and drop that survives a reload, infinite scroll over 60
// books, a built-in shelf filled by starting a book, and My Books' counts. Books come from the demo
// catalogue by ISBN (the seed file), each test with its own reader and shelves.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { createConfirmedReader, logIn, newReader } from './support/accounts';
import type { Reader } from './support/accounts';
import { publicSf, signInApi } from './support/api';
import type { ApiClient } from './support/api';
import { liftWithSpace, stepUpAbove } from './support/keyboard-reorder';
import { snap } from './support/screenshots';

interface SeedWork {
  title: string;
  editions: { isbn13: string; title: string; page_count: number | null }[];
}

const seedWorks = JSON.parse(
  readFileSync(join(process.cwd(), 'server/db/seed/catalogue/before-1950.json'), 'utf8'),
) as SeedWork[];

interface Book {
  workId: string;
  editionId: string;
  title: string;
}

/** The demo catalogue's edition with this ISBN-13 (search-works takes the ISBN path for it). */
async function bookByIsbn(request: APIRequestContext, isbn: string): Promise<Book> {
  const { results } = await publicSf(request, 'search-works', { query: isbn });
  expect(results[0], `the demo catalogue has ISBN ${isbn}`).toBeTruthy();
  const workId = results[0]!.work_id;
  const { editions } = await publicSf(request, 'work-editions', { work_id: workId });
  const edition = editions.find((e) => e.isbn === isbn);
  expect(edition, `work ${workId} holds the edition ${isbn}`).toBeTruthy();
  return { workId, editionId: edition!.id, title: edition!.title };
}

async function booksByIsbn(request: APIRequestContext, isbns: string[]): Promise<Book[]> {
  const books: Book[] = [];
  for (let i = 0; i < isbns.length; i += 10) {
    books.push(...(await Promise.all(isbns.slice(i, i + 10).map((isbn) => bookByIsbn(request, isbn)))));
  }
  return books;
}

const isbnOf = (title: string) => {
  const work = seedWorks.find((w) => w.title === title);
  expect(work, `the seed has '${title}'`).toBeTruthy();
  return work!.editions[0]!.isbn13;
};

async function signedInReader(
  page: Page,
  request: APIRequestContext,
): Promise<{ reader: Reader; api: ApiClient }> {
  const reader = newReader(test.info());
  await createConfirmedReader(request, reader);
  const api = await signInApi(request, reader);
  await logIn(page, reader.email, reader.password);
  return { reader, api };
}

const isMobile = () => test.info().project.name === 'mobile';

/** The book rows: table body rows on wide screens, cards below 640 px. */
function bookRows(page: Page): Locator {
  return isMobile()
    ? page.getByRole('list', { name: 'Books on this shelf' }).getByRole('listitem')
    : page.getByRole('table').locator('tbody').getByRole('row');
}

async function expectTitles(page: Page, titles: string[]) {
  await expect(bookRows(page)).toHaveCount(titles.length);
  await expect(bookRows(page).locator('a[href^="/work/"]')).toHaveText(titles);
}

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );
}

async function sortBy(page: Page, label: string) {
  await page.getByLabel('Sort by').selectOption({ label });
}

/** Drags a row by its handle with real mouse steps and drops it in the upper half of `target`. */
async function dragAbove(page: Page, title: string, target: Locator) {
  const handle = page.getByRole('button', { name: `Move ${title}` });
  const from = (await handle.boundingBox())!;
  const x = from.x + from.width / 2;
  await page.mouse.move(x, from.y + from.height / 2);
  await page.mouse.down();
  // Past the activation distance first, then over the target row in small steps, as a hand would.
  await page.mouse.move(x, from.y + from.height / 2 - 8, { steps: 4 });
  const to = (await target.boundingBox())!;
  await page.mouse.move(x, to.y + to.height / 4, { steps: 12 });
  await expect(target).toHaveAttribute('data-drop', 'above');
  const saved = page.waitForResponse((r) => r.url().endsWith('/sf/reorder-shelf-item') && r.ok());
  await page.mouse.up();
  await saved;
}

/** Moves a row up `places` with the keyboard: Space to lift, ArrowUp a row at a time, Space to drop. */
async function keyboardMoveUp(page: Page, title: string, places: number) {
  const titles = await bookRows(page).locator('a[href^="/work/"]').allTextContents();
  const from = titles.indexOf(title);
  expect(from, `'${title}' can move up ${places}`).toBeGreaterThanOrEqual(places);
  const handle = page.getByRole('button', { name: `Move ${title}` });
  await handle.focus();
  await liftWithSpace(handle);
  for (let step = 1; step <= places; step += 1) await stepUpAbove(page, bookRows(page).nth(from - step));
  await expect(page.locator('[data-drop]')).toHaveCount(1);
  const saved = page.waitForResponse((r) => r.url().endsWith('/sf/reorder-shelf-item') && r.ok());
  await page.keyboard.press('Space');
  await saved;
}

test('a custom shelf: create it, remove a row, Add to Shelves, sort, reorder and reload', async ({
  page,
  request,
}) => {
  const { api } = await signedInReader(page, request);
  const [gilgamesh, iliad, aeneid, republic, meditations] = await booksByIsbn(
    request,
    ['The Epic of Gilgamesh', 'The Iliad', 'The Aeneid', 'The Republic', 'Meditations'].map(isbnOf),
  );

  // Create the shelf in the UI, from a built-in shelf's page.
  await page.goto('/to-be-read');
  await expect(page.getByRole('heading', { level: 1, name: 'To Be Read' })).toBeVisible();
  await expect(page).toHaveTitle('To Be Read | Shelfwise');
  await page.getByRole('button', { name: 'Create shelf' }).click();
  const createDialog = page.getByRole('dialog', { name: 'Create Shelf' });
  await createDialog.getByPlaceholder('Shelf name').fill('   ');
  await createDialog.getByRole('button', { name: 'Create' }).click();
  await expect(createDialog).toBeVisible();
  const shelfName = `Classics ${Date.now().toString(36)}`;
  await createDialog.getByPlaceholder('Shelf name').fill(`  ${shelfName}  `);
  await createDialog.getByRole('button', { name: 'Create' }).click();
  await expect(createDialog).toBeHidden();
  await expect(page).toHaveURL(/\/shelf\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: shelfName })).toBeVisible();
  await expect(page).toHaveTitle(`${shelfName} | Shelfwise`);
  await expect(page.getByText('This shelf is empty.')).toBeVisible();
  const shelfId = page.url().split('/shelf/')[1]!;

  for (const book of [gilgamesh, iliad, aeneid, republic, meditations]) {
    await api.sf('add-to-shelf', { shelf_id: shelfId, edition_id: book!.editionId });
  }
  await page.reload();
  await expectTitles(
    page,
    [gilgamesh, iliad, aeneid, republic, meditations].map((b) => b!.title),
  );
  const firstRow = bookRows(page).first();
  await expect(firstRow.getByRole('link', { name: gilgamesh!.title })).toHaveAttribute(
    'href',
    `/work/${gilgamesh!.workId}?edition=${gilgamesh!.editionId}`,
  );
  await expect(firstRow.getByRole('link', { name: 'Anonymous' })).toHaveAttribute('href', /^\/author\//);
  if (!isMobile()) {
    // The Avg column is the work's real community average (other tests may rate the same work meanwhile).
    const shown = await api.sf('get-shelf-items', { shelf_id: shelfId, limit: 20 });
    const first = shown[0]!;
    const average = first.average_rating;
    const count = `${first.rating_count} ${first.rating_count === 1 ? 'rating' : 'ratings'}`;
    await expect(
      firstRow.getByText(average === null ? '—' : average.toFixed(2), { exact: true }),
    ).toBeVisible();
    await expect(
      firstRow.getByRole('img', {
        name:
          average === null ? 'No ratings yet' : `Community average ${average.toFixed(2)} of 5 from ${count}`,
      }),
    ).toBeVisible();
    await expect(firstRow.getByText('128', { exact: true })).toBeVisible();
  }
  await expectNoSidewaysScroll(page);
  await snap(page, 'shelf-custom');

  // The row menu takes a book off the shelf, for good.
  await page.getByRole('button', { name: `Actions for ${meditations!.title}` }).click();
  await page.getByRole('menuitem', { name: 'Remove from Shelf' }).click();
  await expectTitles(
    page,
    [gilgamesh, iliad, aeneid, republic].map((b) => b!.title),
  );
  await page.reload();
  await expectTitles(
    page,
    [gilgamesh, iliad, aeneid, republic].map((b) => b!.title),
  );

  // Add to Shelves: tick Favorites for The Iliad.
  await page.getByRole('button', { name: `Actions for ${iliad!.title}` }).click();
  await page.getByRole('menuitem', { name: 'Add to Shelves' }).click();
  const shelvesDialog = page.getByRole('dialog', { name: 'Add to Shelves' });
  await expect(shelvesDialog.getByRole('checkbox', { name: shelfName })).toBeChecked();
  await expect(shelvesDialog.getByRole('checkbox', { name: 'Favorites' })).not.toBeChecked();
  await shelvesDialog.getByRole('checkbox', { name: 'Favorites' }).check();
  await expect(shelvesDialog.getByRole('checkbox', { name: 'Favorites' })).toBeEnabled();
  await expect(shelvesDialog.getByRole('checkbox', { name: 'Favorites' })).toBeChecked();
  await snap(page, 'shelf-add-to-shelves', { fullPage: false });
  await page.keyboard.press('Escape');
  await expect(shelvesDialog).toBeHidden();
  await page.goto('/favorites');
  await expect(page.getByRole('heading', { level: 1, name: 'Favorites' })).toBeVisible();
  await expectTitles(page, [iliad!.title]);
  await page.goto(`/shelf/${shelfId}`);

  // Sorting, client-side: each mode starts in its own direction.
  await expectTitles(
    page,
    [gilgamesh, iliad, aeneid, republic].map((b) => b!.title),
  );
  await sortBy(page, 'Page Length');
  await expectTitles(
    page,
    [iliad, aeneid, republic, gilgamesh].map((b) => b!.title),
  );
  await expect(page.getByRole('button', { name: `Move ${iliad!.title}` })).toHaveCount(0);
  await page.getByRole('button', { name: 'Sort direction: descending' }).click();
  await expectTitles(
    page,
    [gilgamesh, republic, aeneid, iliad].map((b) => b!.title),
  );
  await sortBy(page, 'Date Added');
  await expectTitles(
    page,
    [republic, aeneid, iliad, gilgamesh].map((b) => b!.title),
  );
  await sortBy(page, 'Alphabetical');
  await expectTitles(
    page,
    [aeneid, gilgamesh, iliad, republic].map((b) => b!.title),
  );
  await page.getByRole('checkbox', { name: 'Reverse' }).check();
  await expectTitles(
    page,
    [republic, iliad, gilgamesh, aeneid].map((b) => b!.title),
  );
  await sortBy(page, 'User Order');
  await expectTitles(
    page,
    [gilgamesh, iliad, aeneid, republic].map((b) => b!.title),
  );

  // Reorder: The Republic to the top, by pointer on wide screens and by keyboard on phones.
  if (isMobile()) await keyboardMoveUp(page, republic!.title, 3);
  else await dragAbove(page, republic!.title, bookRows(page).first());
  await expect(page.locator('[data-drop]')).toHaveCount(0);
  await expectTitles(
    page,
    [republic, gilgamesh, iliad, aeneid].map((b) => b!.title),
  );
  await page.reload();
  await expectTitles(
    page,
    [republic, gilgamesh, iliad, aeneid].map((b) => b!.title),
  );

  // And one more the other way round: The Iliad (third) up one place.
  if (isMobile()) await keyboardMoveUp(page, iliad!.title, 1);
  else await dragAbove(page, iliad!.title, bookRows(page).nth(1));
  await page.reload();
  await expectTitles(
    page,
    [republic, iliad, gilgamesh, aeneid].map((b) => b!.title),
  );
});

test('a shelf of 60 books loads 20 at a time as the reader scrolls', async ({ page, request }) => {
  test.setTimeout(180_000);
  const { api } = await signedInReader(page, request);
  const books = await booksByIsbn(
    request,
    seedWorks.slice(0, 60).map((w) => w.editions[0]!.isbn13),
  );
  expect(new Set(books.map((b) => b.editionId)).size).toBe(60);
  const { id: shelfId } = await api.sf('create-shelf', { name: 'Sixty' });
  for (const book of books) await api.sf('add-to-shelf', { shelf_id: shelfId, edition_id: book.editionId });

  await page.goto(`/shelf/${shelfId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Sixty' })).toBeVisible();
  await expect(bookRows(page)).toHaveCount(20);
  for (let tries = 0; tries < 20 && (await bookRows(page).count()) < 60; tries += 1) {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForTimeout(400);
  }
  await expect(bookRows(page)).toHaveCount(60);
  await expect(bookRows(page).last().locator('a[href^="/work/"]')).toHaveText(books[59]!.title);
  await expectNoSidewaysScroll(page);
});

test('starting a book puts it on Currently Reading', async ({ page, request }) => {
  const { api } = await signedInReader(page, request);
  const [book] = await booksByIsbn(request, [isbnOf('Nicomachean Ethics')]);
  await api.sf('log-progress-event', {
    work_id: book!.workId,
    edition_id: book!.editionId,
    event_type: 'start',
    start_page: 1,
  });
  await page.goto('/currently-reading');
  await expect(page.getByRole('heading', { level: 1, name: 'Currently Reading' })).toBeVisible();
  await expect(page).toHaveTitle('Currently Reading | Shelfwise');
  await expectTitles(page, [book!.title]);
  if (isMobile()) {
    await expect(page.getByLabel('Shelf', { exact: true })).toHaveValue('/currently-reading');
  } else {
    const nav = page.getByRole('navigation', { name: 'Shelves' });
    await expect(nav.getByRole('link', { name: 'Currently Reading' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  }
  await expectNoSidewaysScroll(page);
  await snap(page, 'shelf-currently-reading');
});

test('My Books lists every shelf with its count', async ({ page, request }) => {
  const { api } = await signedInReader(page, request);
  const [one, two] = await booksByIsbn(request, [isbnOf('The Histories'), isbnOf('The Oresteia')]);
  await api.sf('add-to-shelf', { shelf_name: 'Read', edition_id: one!.editionId });
  const { id: customId } = await api.sf('create-shelf', { name: 'Greek Prose' });
  await api.sf('add-to-shelf', { shelf_id: customId, edition_id: one!.editionId });
  await api.sf('add-to-shelf', { shelf_id: customId, edition_id: two!.editionId });
  const shelves = await api.sf('list-shelves', {});

  await page.goto('/my-books');
  await expect(page.getByRole('heading', { level: 1, name: 'My Books' })).toBeVisible();
  await expect(page).toHaveTitle('My Books | Shelfwise');
  const list = page.getByRole('region', { name: 'My Shelves' });
  await expect(list.getByRole('link')).toHaveCount(6);
  const expected = shelves.map((s) => {
    const count = s.name === 'Read' ? 1 : s.id === customId ? 2 : 0;
    return `${s.name}, ${count} ${count === 1 ? 'book' : 'books'}`;
  });
  expect(expected[0]).toBe('Currently Reading, 0 books');
  expect(expected[5]).toBe('Greek Prose, 2 books');
  for (const [i, name] of expected.entries()) {
    await expect(list.getByRole('link').nth(i)).toHaveAccessibleName(name);
    await expect(list.getByRole('link').nth(i)).toHaveAttribute('href', `/shelf/${shelves[i]!.id}`);
  }
  await expectNoSidewaysScroll(page);
  await snap(page, 'my-books');

  await list.getByRole('link', { name: 'Greek Prose, 2 books' }).click();
  await expect(page).toHaveURL(new RegExp(`/shelf/${customId}$`));
  await expectTitles(page, [one!.title, two!.title]);
});
