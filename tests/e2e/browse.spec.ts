// The browse screens on the real server: search (words and a new ISBN imported from the Open Library
// fixture), author pages, public profiles and shelves as a signed-out visitor, the admin tools (reset a
// genre, merge an author) and the static work template.
//
// Catalogue changes made here (both projects, fresh database per run): the genres of 'Seven Gothic Tales'
// are reset; desktop merges 'Jay Kristoff' into 'Amie Kaufman' (Illuminae), mobile merges 'John Jay' into
// 'James Madison' (The Federalist Papers); one fixture ISBN per project is imported.
import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { FIXTURE_ISBNS } from '../support/openlibrary-fixture';
import { createConfirmedReader, logIn, newReader } from './support/accounts';
import { adminReader } from './support/admins';
import { findWork, publicSf, signInApi } from './support/api';
import { snap } from './support/screenshots';

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );
}

/** Types into the bar's 'Search books...' box (inside the menu drawer below 640 px) and presses Enter. */
async function searchFromBar(page: Page, text: string) {
  const burger = page.getByRole('button', { name: 'Open menu' });
  if (await burger.isVisible()) {
    await burger.click();
    const box = page.getByRole('dialog', { name: 'Menu' }).getByRole('searchbox', { name: 'Search books' });
    await box.fill(text);
    await box.press('Enter');
  } else {
    const box = page.getByRole('banner').getByRole('searchbox', { name: 'Search books' });
    await expect(box).toHaveAttribute('placeholder', 'Search books...');
    await box.fill(text);
    await box.press('Enter');
  }
}

async function authorId(request: APIRequestContext, name: string): Promise<string> {
  const { results } = await publicSf(request, 'search-authors', { query: name });
  const author = results.find((a) => a.name === name);
  expect(author, `the demo catalogue has the author ${name}`).toBeTruthy();
  return author!.id;
}

async function signedInReader(page: Page, request: APIRequestContext) {
  const reader = newReader(test.info());
  await createConfirmedReader(request, reader);
  await logIn(page, reader.email, reader.password);
  return reader;
}

test.describe('search', () => {
  test('searches a word from the bar and opens a hit', async ({ page, request }) => {
    await signedInReader(page, request);
    await searchFromBar(page, 'wuthering');
    await expect(page).toHaveURL(/\/search\/wuthering$/);
    await expect(page.getByRole('heading', { name: 'Search Results for: wuthering' })).toBeVisible();
    await expect(page).toHaveTitle('Search | Shelfwise');
    const hit = page.getByRole('link', { name: 'Wuthering Heights' });
    await expect(hit).toContainText('by Emily Brontë');
    await expect(hit).toContainText(/Rank: \d+\.\d{3}$/);
    await expectNoSidewaysScroll(page);
    await snap(page, 'search-results');

    const { workId } = await findWork(request, 'Wuthering Heights');
    await hit.click();
    await expect(page).toHaveURL(new RegExp(`/work/${workId}$`));
  });

  test("says 'No books found.' for a search without hits", async ({ page }) => {
    await page.goto('/search/qqqqzzzzxxxx');
    await expect(page.getByText('No books found.')).toBeVisible();
    await expectNoSidewaysScroll(page);
  });

  test('imports a new ISBN with the blue notice, then shows the new book', async ({ page, request }) => {
    // Each project (and any earlier run on this database) takes a fixture book the catalogue still lacks.
    const candidates = [
      { isbn: '978-0-316-30013-1', raw: FIXTURE_ISBNS.ministry, title: 'The Ministry for the Future' },
      { isbn: '978-1-63557-563-7', raw: FIXTURE_ISBNS.redirectWork, title: 'Piranesi' },
    ];
    let chosen: (typeof candidates)[number] | undefined;
    for (const candidate of candidates) {
      const { exists } = await publicSf(request, 'check-isbn', { query: candidate.raw });
      if (!exists) {
        chosen = candidate;
        break;
      }
    }
    expect(chosen, 'a fixture ISBN the catalogue does not have yet').toBeTruthy();

    await signedInReader(page, request);
    // The fixture answers in milliseconds; holding the import back a little keeps the notice on screen
    // long enough to be seen, as it is for a reader waiting on the real Open Library.
    await page.route('**/sf/search-works', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await searchFromBar(page, chosen!.isbn);
    await expect(page.getByRole('heading', { name: `Search Results for: ${chosen!.isbn}` })).toBeVisible();
    const notice = page.getByText(
      'New ISBN encountered. Adding to the database; this may take up to a minute.',
    );
    await expect(notice).toBeVisible();
    await expect(page.getByText('Fetching data for new book...')).toBeVisible();

    const hit = page.getByRole('link', { name: chosen!.title });
    await expect(hit).toBeVisible({ timeout: 30_000 });
    await expect(hit).toContainText('Rank: 1.000');
    await expect(notice).toBeHidden();
    const { exists } = await publicSf(request, 'check-isbn', { query: chosen!.raw });
    expect(exists).toBe(true);
    await expectNoSidewaysScroll(page);
    await snap(page, 'search-new-isbn');
  });
});

test.describe('public profile, shelf and author as a signed-out visitor', () => {
  test('shows what a reader shares and where it leads', async ({ page, request }) => {
    const reader = newReader(test.info(), 'Mina');
    await createConfirmedReader(request, reader);
    const api = await signInApi(request, reader);
    const frankenstein = await findWork(request, 'Frankenstein Mary Shelley');
    const dracula = await findWork(request, 'Dracula Bram Stoker');
    const shelfName = `Gothic Evenings ${reader.username.slice(-6)}`;
    const { id: shelfId } = await api.sf('create-shelf', { name: shelfName });
    const { id: emptyShelfId } = await api.sf('create-shelf', {
      name: `Someday ${reader.username.slice(-6)}`,
    });
    await api.sf('add-to-shelf', {
      shelf_id: shelfId,
      edition_id: frankenstein.primaryEditionId!,
      work_id: frankenstein.workId,
    });
    const reading = { work_id: dracula.workId, edition_id: dracula.primaryEditionId! };
    await api.sf('log-progress-event', { ...reading, event_type: 'start', start_page: 1 });
    await api.sf('log-progress-event', {
      ...reading,
      event_type: 'progress',
      start_percent: 0,
      end_percent: 40,
    });

    await page.goto(`/user/${reader.username}`);
    await expect(page.getByRole('heading', { name: 'Mina', level: 1 })).toBeVisible();
    await expect(page.getByText(`@${reader.username}`)).toBeVisible();
    await expect(page).toHaveTitle('Mina | Shelfwise');
    await expect(page.getByLabel('Reviews and ratings')).toContainText('0Ratings');
    const current = page.getByRole('region', { name: 'Currently Reading' });
    await expect(current.getByRole('link', { name: dracula.title })).toHaveAttribute(
      'href',
      `/work/${dracula.workId}?edition=${dracula.primaryEditionId}`,
    );
    await expect(current.getByRole('link', { name: 'Bram Stoker' })).toBeVisible();
    await expect(current.getByText('40%')).toBeVisible();
    const shelves = page.getByRole('region', { name: 'Shelves' });
    await expect(shelves.getByRole('link', { name: `${shelfName}, 1 book` })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await snap(page, 'public-profile');

    await shelves.getByRole('link', { name: `${shelfName}, 1 book` }).click();
    await expect(page).toHaveURL(new RegExp(`/shelf/${shelfId}$`));
    await expect(page.getByRole('heading', { name: shelfName })).toBeVisible();
    await expect(page.getByRole('link', { name: `@${reader.username}` })).toBeVisible();
    const books = page.getByRole('list', { name: 'Books on this shelf' });
    await expect(books.getByRole('link', { name: 'Frankenstein' })).toHaveAttribute(
      'href',
      `/work/${frankenstein.workId}?edition=${frankenstein.primaryEditionId}`,
    );
    await expectNoSidewaysScroll(page);
    await snap(page, 'public-shelf');

    await books.getByRole('link', { name: 'Mary Shelley' }).click();
    await expect(page).toHaveURL(/\/author\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name: 'Mary Shelley', level: 1 })).toBeVisible();
    await expect(page).toHaveTitle('Mary Shelley | Shelfwise');
    await expect(
      page.getByRole('list', { name: 'Works' }).getByRole('link', { name: 'Frankenstein' }),
    ).toHaveAttribute('href', `/work/${frankenstein.workId}`);
    await expect(page.getByRole('button', { name: 'Admin Tools' })).toHaveCount(0);
    await expectNoSidewaysScroll(page);
    await snap(page, 'author');

    await page.goto(`/shelf/${emptyShelfId}`);
    await expect(page.getByText('This shelf is empty.')).toBeVisible();
    await page.goto('/shelf/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { name: 'Shelf not found' })).toBeVisible();
    await page.goto('/user/no_such_reader_anywhere');
    await expect(page.getByRole('heading', { name: 'Profile not found' })).toBeVisible();
    await page.goto('/author/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { name: 'Author not found' })).toBeVisible();
    await expect(page.getByText('Author not found.')).toBeVisible();
  });
});

test.describe('admin tools', () => {
  test('a reader is sent away from /admin/reset-genre and sees no author Admin Tools', async ({
    page,
    request,
  }) => {
    await signedInReader(page, request);
    await page.goto('/admin/reset-genre');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Reading Dashboard' })).toBeVisible();
    await page.goto(`/author/${await authorId(request, 'Isak Dinesen')}`);
    await expect(page.getByRole('heading', { name: 'Isak Dinesen', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Admin Tools' })).toHaveCount(0);
  });

  test('an admin resets a work genre', async ({ page, request }) => {
    const admin = await adminReader(request, test.info(), 'genre');
    await logIn(page, admin.email, admin.password);
    await page.goto('/admin/reset-genre');
    await expect(page.getByRole('heading', { name: 'Reset Genre' })).toBeVisible();
    await expect(page).toHaveTitle('Reset Genre | Shelfwise');

    const box = page.getByRole('textbox', { name: 'Search works' });
    await box.fill('   ');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByRole('list', { name: 'Works' })).toHaveCount(0);

    await box.fill('Seven Gothic Tales');
    await page.getByRole('button', { name: 'Search' }).click();
    const reset = page.getByRole('button', { name: 'Reset genre of Seven Gothic Tales' });
    await reset.click();
    await expect(page.getByText('Genre reset')).toBeVisible();
    await expectNoSidewaysScroll(page);
    await snap(page, 'admin-reset-genre');

    await box.fill('qqqqzzzzxxxx');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByText('No results found')).toBeVisible();
  });

  test('an admin merges an author into another', async ({ page, request }) => {
    const [from, into, work] =
      test.info().project.name === 'mobile'
        ? ['John Jay', 'James Madison', 'The Federalist Papers']
        : ['Jay Kristoff', 'Amie Kaufman', 'Illuminae'];
    const fromId = await authorId(request, from);
    const intoId = await authorId(request, into);
    const admin = await adminReader(request, test.info(), 'author');
    await logIn(page, admin.email, admin.password);

    await page.goto(`/author/${fromId}`);
    await expect(page.getByRole('heading', { name: from, level: 1 })).toBeVisible();
    const toggle = page.getByRole('button', { name: 'Admin Tools' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    const search = page.getByLabel('Find the author to merge into');
    await search.fill(into);
    await search.press('Enter');
    await page
      .getByRole('list', { name: 'Authors' })
      .getByRole('button', { name: `Select ${into}` })
      .click();
    await expectNoSidewaysScroll(page);
    await snap(page, 'author-admin-tools');
    await page.getByRole('button', { name: `Merge into ${into}` }).click();

    await expect(page).toHaveURL(new RegExp(`/author/${intoId}$`));
    await expect(page.getByText('Author merged')).toBeVisible();
    await expect(page.getByRole('heading', { name: into, level: 1 })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Works' }).getByRole('link', { name: work })).toBeVisible();

    await page.goto(`/author/${fromId}`);
    await expect(page.getByRole('heading', { name: 'Author not found' })).toBeVisible();
  });
});

test('the work template shows its sample and its lists dialog without calling the server', async ({
  page,
}) => {
  const calls: string[] = [];
  page.on('request', (req) => {
    if (new URL(req.url()).pathname.startsWith('/sf/')) calls.push(req.url());
  });
  await page.goto('/worktemplate');
  await expect(page.getByRole('heading', { name: 'The Lantern Road', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle('Work Template | Shelfwise');
  await expect(page.getByRole('button', { name: 'Start Reading' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Review' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Review Insights' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await snap(page, 'work-template');

  await page.getByRole('button', { name: 'Add to List' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add to Lists' });
  await expect(dialog.getByRole('checkbox')).toHaveCount(5);
  for (const name of ['Want to Read', 'Currently Reading', 'Read', 'Fantasy Classics', 'Favorites'])
    await expect(dialog.getByRole('checkbox', { name, exact: true })).toBeVisible();
  await snap(page, 'work-template-lists', { fullPage: false });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  expect(calls).toEqual([]);
});
