// Issue 26 in Chromium against the real server, at both widths: a reader's import adds a book the
// catalogue lacks; nobody else finds it; an admin sees it on Unverified Works with its reader count,
// approves it, and from then on it is found by search. Axe finds nothing on the screen.
import { randomUUID } from 'node:crypto';
import { copyFile, mkdir } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { createConfirmedReader, logIn, newReader } from './support/accounts';
import { adminReader } from './support/admins';
import { publicSf, signInApi } from './support/api';
import { axeFindings, describeFindings } from './support/axe';
import { snap } from './support/screenshots';

const HEADER =
  'Book Id,Title,Author,Author l-f,Additional Authors,ISBN,ISBN13,My Rating,Average Rating,Publisher,' +
  'Binding,Number of Pages,Year Published,Original Publication Year,Date Read,Date Added,Bookshelves,' +
  'Bookshelves with positions,Exclusive Shelf,My Review,Spoiler,Private Notes,Read Count,Owned Copies';

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );
}

/** The screenshot `snap` just took, also where this change's reviewer looks at them. */
async function copyShot(name: string) {
  const project = test.info().project.name;
  await mkdir('/tmp/shots-i26-provenance', { recursive: true });
  await copyFile(
    `test-results/screenshots/${project}/${name}.png`,
    `/tmp/shots-i26-provenance/${name}-${project}.png`,
  );
}

test('an admin sees a reader-made work with its reader count and approves it into search', async ({
  page,
  request,
}) => {
  const testInfo = test.info();
  // One word nobody else's data has, so the search below finds this work alone.
  const word = `Zephyrine${randomUUID().replace(/-/g, '').slice(0, 8)}`;
  const title = `${word} Almanac of Tides`;
  const maker = newReader(testInfo, 'Maker');
  await createConfirmedReader(request, maker);
  const api = await signInApi(request, maker);
  const csv = `${HEADER}\n1,"${title}",Odile Quarrington,,,"=""""","=""""",0,0,Tidewater Press,Paperback,212,2019,2019,,2024/02/01,,,read,,,,0,0\n`;
  const started = await api.sf('import-library', { format: 'auto', file_name: 'mine.csv', content: csv });
  await expect
    .poll(async () => (await api.sf('import-status', { import_id: started.import_id, limit: 10 })).state)
    .toBe('done');
  expect((await publicSf(request, 'search-works', { query: word })).results).toEqual([]);

  // A signed-out visitor sees it on the maker's public Read shelf, unlinked: its page is the maker's alone.
  const shelves = await api.sf('list-shelves', {});
  const read = shelves.find((shelf) => shelf.slug === 'read')!;
  await page.goto(`/shelf/${read.id}`);
  const item = page.getByRole('listitem').filter({ hasText: title });
  await expect(item.getByText('Added by this reader; not in the catalogue yet')).toBeVisible();
  await expect(item.getByRole('link')).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  await snap(page, 'public-shelf-unverified');
  await copyShot('public-shelf-unverified');

  const admin = await adminReader(request, testInfo, 'catalogue');
  await logIn(page, admin.email, admin.password);
  await page.goto('/admin/unverified-works');
  await expect(page.getByRole('heading', { name: 'Unverified Works', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle('Unverified Works | Shelfwise');
  const row = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: title }) });
  await expect(row).toBeVisible();
  await expect(row.getByText('by Odile Quarrington')).toBeVisible();
  await expect(row.getByTestId('reader-count')).toHaveText('1 reader');
  await expect(row.getByText(`@${maker.username}`)).toBeVisible();
  await expectNoSidewaysScroll(page);
  const findings = await axeFindings(page, 'unverified works');
  expect(findings, describeFindings(findings)).toEqual([]);
  await snap(page, 'admin-unverified-works');
  await copyShot('admin-unverified-works');

  // Keyboard: the row's Approve button is reached and pressed without a pointer.
  const approve = row.getByRole('button', { name: `Approve ${title}` });
  await approve.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Work approved' })).toBeVisible();
  await expect(page.getByRole('link', { name: title })).toHaveCount(0);

  await page.goto(`/search/${encodeURIComponent(word)}`);
  await expect(page.getByRole('link', { name: new RegExp(title) })).toBeVisible();
});
