// The Import and export page (issue 14) in Chromium against the real server: a reader brings a small
// Goodreads export in (tests/e2e/fixtures/goodreads-small.csv: three demo-catalogue books by ISBN and one
// book the catalogue lacks), watches it reach its report, finds the books on their shelves, downloads a
// Goodreads export that holds them, and undoes the import. Both widths; axe finds nothing on the page.
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { readLibraryFile } from '../../shared/domain/library-import/read-file';
import { createConfirmedReader, logIn, newReader } from './support/accounts';
import { axeFindings, describeFindings } from './support/axe';
import { snap } from './support/screenshots';

const FIXTURE = join(process.cwd(), 'tests/e2e/fixtures/goodreads-small.csv');
const GOODREADS_HEADER =
  'Book Id,Title,Author,Author l-f,Additional Authors,ISBN,ISBN13,My Rating,Average Rating,Publisher,' +
  'Binding,Number of Pages,Year Published,Original Publication Year,Date Read,Date Added,Bookshelves,' +
  'Bookshelves with positions,Exclusive Shelf,My Review,Spoiler,Private Notes,Read Count,Owned Copies';

interface SeedWork {
  title: string;
  authors: string[];
  editions: { isbn13: string }[];
}

/** Every demo-catalogue work as a to-read Goodreads row: big enough to watch, and nothing new to create. */
function demoCatalogueExport(): { csv: string; rows: number } {
  const works = ['before-1950', 'since-1950'].flatMap(
    (part) =>
      JSON.parse(
        readFileSync(join(process.cwd(), `server/db/seed/catalogue/${part}.json`), 'utf8'),
      ) as SeedWork[],
  );
  const quote = (value: string) => `"${value.replace(/"/g, '""')}"`;
  const lines = works.map((work, i) =>
    [
      i + 1,
      quote(work.title),
      quote(work.authors[0] ?? ''),
      '',
      '',
      '=""',
      `="${work.editions[0]!.isbn13}"`,
      0,
      0,
      '',
      'Paperback',
      '',
      '',
      '',
      '',
      '2024/01/01',
      'to-read',
      `to-read (#${i + 1})`,
      'to-read',
      '',
      '',
      '',
      0,
      0,
    ].join(','),
  );
  return { csv: [GOODREADS_HEADER, ...lines].join('\r\n'), rows: works.length };
}
const isMobile = () => test.info().project.name === 'mobile';

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );
}

async function expectAccessible(page: Page, screen: string) {
  const findings = await axeFindings(page, screen);
  expect(findings, describeFindings(findings)).toEqual([]);
}

/** The titles on one of the reader's shelves: table rows on wide screens, cards below 640 px. */
async function expectShelf(page: Page, path: string, titles: string[]) {
  await page.goto(path);
  const rows = isMobile()
    ? page.getByRole('list', { name: 'Books on this shelf' }).getByRole('listitem')
    : page.getByRole('table').locator('tbody').getByRole('row');
  await expect(rows.locator('a[href^="/work/"]')).toHaveText(titles, { useInnerText: true });
}

test('a Goodreads export comes in, lands on the shelves, goes out again, and can be undone', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const reader = newReader(test.info());
  // The catalogue outlives each test: a book this run creates must be new to it, so its title is this run's.
  const newBook = `A Garden Of Small Tests ${reader.username.slice(4)}`;
  const fixture = (await readFile(FIXTURE, 'utf8')).replace('A Garden Of Small Tests', newBook);
  await createConfirmedReader(request, reader);
  await logIn(page, reader.email, reader.password);

  // The way in is on My Books.
  await page.goto('/my-books');
  await page.getByRole('link', { name: 'Import and export' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Import and export' })).toBeVisible();
  await expect(page).toHaveTitle('Import and export | Shelfwise');
  await expect(page.getByText('No imports yet.')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await snap(page, 'import-empty');
  await expectAccessible(page, 'import empty');

  // Choose the file through the picker, as a reader would.
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose a file' }).click();
  await (
    await chooser
  ).setFiles({
    name: 'goodreads-small.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(fixture),
  });
  await expect(page.getByText('Read as Goodreads: 4 books.')).toBeVisible();
  const preview = page.getByRole('table');
  await expect(preview.getByRole('row', { name: /The Odyssey/ })).toContainText('Read, classics');
  await expect(preview.getByRole('row', { name: /The Odyssey/ })).toContainText('ISBN-13 9780140268867');
  await expect(preview.getByRole('row', { name: /The Odyssey/ })).toContainText('Finished May 10, 2023');
  const newRow = preview.getByRole('row', { name: new RegExp(newBook) });
  await expect(newRow).toContainText('To Be Read, book club, Owned');
  await expect(newRow).toContainText('Title and author');
  await expectNoSidewaysScroll(page);
  await snap(page, 'import-preview');
  await expectAccessible(page, 'import preview');

  await page.getByRole('button', { name: 'Import 4 books' }).click();
  const panel = page.getByRole('region', { name: 'goodreads-small.csv' });
  // However quickly it runs, it ends in a report that accounts for every row.
  const finished = 'Import finished: 4 rows, 3 matched, 1 created, 0 skipped, 0 failed.';
  // Screen readers hear it (the live region) and everyone sees it.
  await expect(panel.locator('[role="status"][aria-live="polite"]')).toHaveText(finished, {
    timeout: 60_000,
  });
  await expect(panel.getByRole('paragraph').filter({ hasText: finished })).toBeVisible();
  await expect(page).toHaveURL(/\/import\?import=[0-9a-f-]{36}$/);
  const report = panel.getByRole('list', { name: 'Imported rows' });
  await expect(report.getByRole('listitem')).toHaveCount(4);
  await panel.getByText('Created (1)').click();
  await expect(report.getByRole('listitem')).toHaveCount(1);
  const created = report.getByRole('link', { name: newBook });
  await expect(created).toHaveAttribute('href', /^\/work\/[0-9a-f-]{36}$/);
  await expectNoSidewaysScroll(page);
  await snap(page, 'import-report');
  await expectAccessible(page, 'import report');
  await expect(page.getByRole('list', { name: 'Past imports' }).getByRole('listitem')).toHaveCount(1);

  // The created book's page is the catalogue's own now.
  await created.click();
  await expect(page.getByRole('heading', { level: 1, name: newBook })).toBeVisible();

  await expectShelf(page, '/read', ['The Odyssey']);
  await expectShelf(page, '/currently-reading', ['The Iliad']);
  await expectShelf(page, '/to-be-read', ['The Aeneid', newBook]);
  await page.goto('/my-books');
  await expect(page.getByRole('link', { name: 'classics, 2 books' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'book club, 1 book' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Owned, 1 book' })).toBeVisible();

  // The way out: a Goodreads CSV holding what came in.
  await page.goto('/settings');
  await page.getByRole('link', { name: 'Import and export' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Goodreads CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.csv$/);
  const csv = await readFile((await file.path())!, 'utf8');
  const header = csv.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0]!;
  expect(header.split(',')).toHaveLength(31);
  // What goes out must come back in: our own Goodreads reader takes it, book for book.
  const exported = readLibraryFile(csv, 'auto');
  if (typeof exported === 'string') throw new Error(`the export does not read back: ${exported}`);
  expect(exported.format).toBe('goodreads');
  const byTitle = new Map(exported.records.map((record) => [record.title, record]));
  expect([...byTitle.keys()].sort()).toEqual([newBook, 'The Aeneid', 'The Iliad', 'The Odyssey'].sort());
  expect(byTitle.get('The Odyssey')).toMatchObject({ isbn13: '9780140268867', status: 'read' });
  expect(byTitle.get('The Odyssey')!.review?.rating).toBe(5);
  expect(byTitle.get('The Iliad')!.status).toBe('currently-reading');
  expect(csv).toContain('="9780140268867"');
  expect(csv).toContain('2023/05/10');

  // Undo, after a confirmation, takes it all away again.
  await page.getByRole('button', { name: /^Show report: goodreads-small\.csv/ }).click();
  await page.getByRole('button', { name: 'Undo import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Undo this import?' });
  await snap(page, 'import-undo-confirm', { fullPage: false });
  await expectAccessible(page, 'import undo confirmation');
  await dialog.getByRole('button', { name: 'Undo import' }).click();
  await expect(page.getByText(/everything this import added was removed/)).toBeVisible();
  await page.goto('/read');
  await expect(page.getByText('This shelf is empty.')).toBeVisible();
});

test('a bigger export shows its progress until every row is in the report', async ({ page, request }) => {
  test.setTimeout(120_000);
  const reader = newReader(test.info());
  await createConfirmedReader(request, reader);
  await logIn(page, reader.email, reader.password);
  const { csv, rows } = demoCatalogueExport();

  await page.goto('/import');
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose a file' }).click();
  await (await chooser).setFiles({ name: 'demo.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: `Import ${rows} books` }).click();
  const started = Date.now();

  // The page asks for the import's state as soon as it has its id, long before 490 rows are done.
  const panel = page.getByRole('region', { name: 'demo.csv' });
  // The bar's filled part carries the progressbar role, and at 0 % it has no width, so Playwright would
  // call it hidden: it is checked for its value, and the words beside it for being seen.
  await expect(panel.getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute(
    'aria-valuenow',
    /^\d+$/,
  );
  await expect(panel.getByText(new RegExp(`^Waiting to start…$|^[\\d,]+ of ${rows} rows$`))).toBeVisible();
  await expect(panel.locator('[role="status"][aria-live="polite"]')).toHaveText(
    `Import finished: ${rows} rows, ${rows} matched, 0 created, 0 skipped, 0 failed.`,
    { timeout: 90_000 },
  );
  console.log(`${rows} matched rows imported and reported in ${Date.now() - started} ms`);
  await expect(panel.getByRole('progressbar')).toHaveCount(0);
  await expect(panel.getByRole('list', { name: 'Imported rows' }).getByRole('listitem')).toHaveCount(100);
  await page.goto('/my-books');
  await expect(page.getByRole('link', { name: `To Be Read, ${rows} books` })).toBeVisible();
});
