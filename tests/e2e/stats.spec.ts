// The Stats page's reading insights (issue 15) in Chromium against the real server, at both widths: a
// reader whose history spans three years (two of them brought in as a Shelfwise library file, so the
// events are past-dated as an import writes them, and today's reading logged through the API) sees the
// right figures in the charts, and switching the period changes them. axe finds nothing on the page.
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { createConfirmedReader, logIn, newReader } from './support/accounts';
import { findWork, signInApi } from './support/api';
import type { ApiClient } from './support/api';
import AxeBuilder from '@axe-core/playwright';
import { WCAG_TAGS, describeFindings } from './support/axe';
import { snap } from './support/screenshots';

test.use({ timezoneId: 'UTC' });

const thisYear = new Date().getUTCFullYear();
const monthName = new Date().toLocaleString('en-US', { month: 'long', timeZone: 'UTC' });

/** The Odyssey read in May 2024 (200 pages, rated 4.5), The Aeneid in February 2025 (120 pages, 3 days). */
const LIBRARY = {
  kind: 'shelfwise-library',
  version: 1,
  books: [
    {
      title: 'The Odyssey',
      authors: ['Homer'],
      isbn13: '9780140268867',
      status: 'read',
      events: [
        { type: 'start', at: '2024-05-01T10:00:00Z' },
        { type: 'progress', at: '2024-05-02T10:00:00Z', start_page: 1, end_page: 100 },
        { type: 'finish', at: '2024-05-10T10:00:00Z', start_page: 101, end_page: 200 },
      ],
      review: { rating: 4.5, headline: 'Home at last', tone: 4, pace: 1, story_focus: 1, mood_ids: [1] },
    },
    {
      title: 'The Aeneid',
      authors: ['Virgil'],
      isbn13: '9780143106296',
      status: 'read',
      events: [
        { type: 'start', at: '2025-02-01T10:00:00Z' },
        { type: 'finish', at: '2025-02-03T10:00:00Z', start_page: 1, end_page: 120 },
      ],
    },
  ],
};

async function importHistory(api: ApiClient) {
  const started = await api.sf('import-library', {
    format: 'shelfwise',
    file_name: 'history.json',
    content: JSON.stringify(LIBRARY),
  });
  await expect
    .poll(async () => (await api.sf('import-status', { import_id: started.import_id })).state, {
      timeout: 60_000,
    })
    .toBe('done');
}

const table = (page: Page, caption: string) => page.getByRole('table', { name: caption });

/** axe on the page's own content (the shared header is judged by the accessibility suite). */
async function expectAccessible(page: Page, screen: string) {
  const results = await new AxeBuilder({ page }).include('main').withTags(WCAG_TAGS).analyze();
  const findings = results.violations.map((v) => ({
    screen,
    rule: v.id,
    impact: v.impact,
    count: v.nodes.length,
    targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')),
    why: (v.nodes[0]?.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 300),
  }));
  expect(findings, describeFindings(findings)).toEqual([]);
}

test('a reader with years of history sees each year in charts, and switching the year changes them', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const reader = newReader(test.info());
  await createConfirmedReader(request, reader);
  const api = await signInApi(request, reader);
  await importHistory(api);
  // Today: 30 pages of The Iliad.
  const iliad = await findWork(request, 'The Iliad');
  const base = { work_id: iliad.workId, edition_id: iliad.primaryEditionId! };
  await api.sf('log-progress-event', { ...base, event_type: 'start' });
  await api.sf('log-progress-event', { ...base, event_type: 'progress', start_page: 1, end_page: 30 });

  await logIn(page, reader.email, reader.password);
  await page.goto('/stats');
  await expect(page.getByRole('heading', { level: 1, name: 'Your Reading Stats' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Books read' })).toContainText('2');
  await expect(page.getByRole('group', { name: 'Pages read' })).toContainText('350');

  // This year by default: only today's reading, no finished book yet.
  const period = page.getByRole('combobox', { name: 'Period' });
  await expect(period).toHaveValue(String(thisYear));
  await expect(period.getByRole('option')).toHaveText(['All time', String(thisYear), '2025', '2024']);
  await expect(
    table(page, 'Books finished and pages read per month').getByRole('row', {
      name: `${monthName} ${thisYear} 0 30`,
    }),
  ).toHaveCount(1);
  await expect(page.getByText('Current streak:')).toContainText('1 day');
  await expect(page.getByText('Finish a book in this period to build your Year in Books.')).toBeVisible();
  await expect(page.getByText('Finish a book with a genre to see what you read most.')).toBeVisible();
  await snap(page, 'stats-this-year');
  await expectAccessible(page, 'stats this year');

  // 2024: The Odyssey, its genres, the reader's review and rating.
  await period.selectOption('2024');
  await expect(page.getByRole('heading', { name: 'Year in Books: 2024' })).toBeVisible();
  await expect(
    table(page, 'Books finished and pages read per month').getByRole('row', { name: 'May 2024 1 200' }),
  ).toHaveCount(1);
  const genres = table(page, 'Books finished per genre');
  for (const genre of ['Adventure 1', 'Classics 1', 'Poetry 1']) {
    await expect(genres.getByRole('row', { name: genre })).toHaveCount(1);
  }
  await expect(
    table(page, 'Moods picked in your reviews').getByRole('row', { name: 'Adventurous 1' }),
  ).toHaveCount(1);
  await expect(page.getByText('Slow 100%')).toBeVisible();
  await expect(page.getByText(/Your average:/)).toContainText('Your average: 4.50');
  const first = page.getByRole('group', { name: 'First book' });
  await expect(first.getByRole('link', { name: 'The Odyssey' })).toHaveAttribute('href', /^\/work\//);
  await expect(page.getByRole('group', { name: 'Fastest read' })).toContainText('10 days, start to finish');
  await expect(page.getByRole('group', { name: 'Most-read author' })).toContainText('Homer (1 book)');
  await expect(page.getByText('No goals set for 2024. Set one on your dashboard.')).toBeVisible();
  await snap(page, 'stats-2024');
  await expectAccessible(page, 'stats 2024');

  // 2025: The Aeneid instead.
  await period.selectOption('2025');
  await expect(page.getByRole('heading', { name: 'Year in Books: 2025' })).toBeVisible();
  await expect(
    table(page, 'Books finished and pages read per month').getByRole('row', { name: 'February 2025 1 120' }),
  ).toHaveCount(1);
  await expect(page.getByRole('group', { name: 'First book' })).toContainText('The Aeneid');
  await expect(page.getByRole('group', { name: 'Fastest read' })).toContainText('3 days, start to finish');
  await expect(page.getByText(/Review the books you finish/)).toBeVisible();

  // All time: a bar per year.
  await period.selectOption('All time');
  const years = table(page, 'Books finished and pages read per year');
  await expect(years.getByRole('row', { name: '2024 1 200' })).toHaveCount(1);
  await expect(years.getByRole('row', { name: '2025 1 120' })).toHaveCount(1);
  await expect(page.getByText('Goals are yearly: pick a year to see its goals.')).toBeVisible();
  await snap(page, 'stats-all-time');
  await expectAccessible(page, 'stats all time');

  // The charts follow the dark colour scheme, and stay readable in it.
  await page.emulateMedia({ colorScheme: 'dark' });
  await period.selectOption('2024');
  await expect(page.getByRole('heading', { name: 'Year in Books: 2024' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await snap(page, 'stats-2024-dark');
  await expectAccessible(page, 'stats 2024 dark');

  // Nothing pushes the page sideways at either width.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );
});

/** A Goodreads export as a reader downloads it: a rating alone, and a read dated only by its finish. */
const GOODREADS_CSV =
  'Book Id,Title,Author,Author l-f,Additional Authors,ISBN,ISBN13,My Rating,Average Rating,Publisher,Binding,' +
  'Number of Pages,Year Published,Original Publication Year,Date Read,Date Added,Bookshelves,' +
  'Bookshelves with positions,Exclusive Shelf,My Review,Spoiler,Private Notes,Read Count,Owned Copies\r\n' +
  '1381,The Odyssey,Homer,Homer,,="",="9780140268867",4,3.78,Penguin,Paperback,541,1997,-700,2023/05/01,' +
  '2023/01/02,,,read,,,,1,0\r\n';

test('an imported Goodreads read is what the file says: on Stats, in Reading Logs and in the review form', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const reader = newReader(test.info());
  await createConfirmedReader(request, reader);
  const api = await signInApi(request, reader);
  const started = await api.sf('import-library', {
    format: 'goodreads',
    file_name: 'goodreads_library_export.csv',
    content: GOODREADS_CSV,
  });
  await expect
    .poll(async () => (await api.sf('import-status', { import_id: started.import_id })).state, {
      timeout: 60_000,
    })
    .toBe('done');

  // Every console report of a blocked load counts, and every image request must stay on our origin.
  const cspErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /content.security.policy|refused to load/i.test(message.text()))
      cspErrors.push(message.text());
  });
  const foreignImages: string[] = [];
  page.on('request', (req) => {
    if (req.resourceType() === 'image' && !req.url().startsWith(baseURL!)) foreignImages.push(req.url());
  });

  await logIn(page, reader.email, reader.password);
  await page.goto('/stats');
  await page.getByRole('combobox', { name: 'Period' }).selectOption('2023');
  await expect(page.getByRole('heading', { name: 'Year in Books: 2023' })).toBeVisible();
  const first = page.getByRole('group', { name: 'First book' });
  await expect(first).toContainText('The Odyssey');
  // The cover comes from our origin, and loads.
  const cover = first.locator('img').first();
  await cover.scrollIntoViewIfNeeded();
  await expect(cover).toHaveAttribute(
    'src',
    new RegExp(`^${baseURL!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/covers/`),
  );
  await expect
    .poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  // Finished on its day, with no duration: not "read in a day", no pages claimed, no pace invented.
  await expect(page.getByRole('group', { name: 'Fastest read' })).toHaveCount(0);
  await expect(page.getByText('Started and finished in a day')).toHaveCount(0);
  await expect(page.getByText('Not given in these reviews.').first()).toBeVisible();
  await expect(page.getByText(/Medium \d+%/)).toHaveCount(0);
  await expect(page.getByRole('group', { name: 'Pages per day' })).toContainText('0');
  await page.waitForLoadState('networkidle');
  await snap(page, 'stats-imported-goodreads');
  expect(cspErrors).toEqual([]);
  expect(foreignImages).toEqual([]);

  // Reading Logs: one line for the read, not an empty "Finished · Pages ?-541" entry.
  await page.goto('/logs');
  const logs = page.getByRole('list', { name: 'Reading logs' }).filter({ visible: true });
  await expect(logs.getByText('Read, finished May 1, 2023')).toBeVisible();
  await expect(logs.getByText(/No location|Pages \?/)).toHaveCount(0);
  await expect(logs.getByRole('listitem')).toHaveCount(1);
  await snap(page, 'logs-imported-goodreads');

  // The review form for that rating starts with tone, pace and story focus unchosen.
  const odyssey = await findWork(request, 'The Odyssey');
  await page.goto(`/work/${odyssey.workId}`);
  await page.getByRole('button', { name: 'Edit Review' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Edit Review' });
  for (const group of ['Tone', 'Pace', 'Story focus']) {
    await expect(
      dialog.getByRole('radiogroup', { name: group }).getByRole('radio', { checked: true }),
    ).toHaveCount(0);
  }
  await snap(page, 'review-form-imported-rating');
  expect(cspErrors).toEqual([]);
});
