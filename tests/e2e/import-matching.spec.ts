// Matching that does not duplicate (issue 26) in Chromium at both widths: a reader's Goodreads export whose
// titles carry series suffixes ("(Earthsea Cycle, #1)") and whose authors are spelt another way
// ("Ursula K. LeGuin", "Fyodor Dostoyevsky") matches the demo catalogue's works, creating none, and the
// matched work's page shows its series under the title.
import { expect, test } from '@playwright/test';
import { createConfirmedReader, logIn, newReader } from './support/accounts';
import { axeFindings, describeFindings } from './support/axe';
import { snap } from './support/screenshots';

const HEADER =
  'Book Id,Title,Author,Author l-f,Additional Authors,ISBN,ISBN13,My Rating,Average Rating,Publisher,' +
  'Binding,Number of Pages,Year Published,Original Publication Year,Date Read,Date Added,Bookshelves,' +
  'Bookshelves with positions,Exclusive Shelf,My Review,Spoiler,Private Notes,Read Count,Owned Copies';
// As Goodreads writes them: the series in the title, empty ISBN cells as ="", another edition's ISBN.
const FILE = [
  HEADER,
  '41,A Wizard of Earthsea (Earthsea Cycle #1),Ursula K. LeGuin,"LeGuin, Ursula K.",,="",="",0,4.01,' +
    'Bantam,Paperback,183,1984,1968,,2024/02/01,to-read,to-read (#1),to-read,,,,0,0',
  '42,"The Left Hand of Darkness (Hainish Cycle, #4)",Ursula K. LeGuin,"LeGuin, Ursula K.",,="0441007317",' +
    '="9780441007318",0,4.09,Ace,Paperback,304,2000,1969,,2024/02/02,to-read,to-read (#2),to-read,,,,0,0',
  '43,Crime and Punishment,Fyodor Dostoyevsky,"Dostoyevsky, Fyodor",,="",="",0,4.27,Penguin,Paperback,' +
    '671,2002,1866,,2024/02/03,to-read,to-read (#3),to-read,,,,0,0',
  // The ISBN of the work's second edition, not the one its page opens on.
  '44,The Odyssey,Homer,"Homer, ",,="0060931957",="9780060931957",0,3.78,Harper Perennial,Paperback,' +
    '560,2007,-700,,2024/02/04,to-read,to-read (#4),to-read,,,,0,0',
].join('\r\n');

test('an export with series suffixes and other spellings matches the works we hold and shows the series', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const reader = newReader(test.info());
  await createConfirmedReader(request, reader);
  await logIn(page, reader.email, reader.password);

  await page.goto('/import');
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose a file' }).click();
  await (
    await chooser
  ).setFiles({ name: 'goodreads_library_export.csv', mimeType: 'text/csv', buffer: Buffer.from(FILE) });
  await expect(page.getByText('Read as Goodreads: 4 books.')).toBeVisible();
  await page.getByRole('button', { name: 'Import 4 books' }).click();

  const panel = page.getByRole('region', { name: 'goodreads_library_export.csv' });
  await expect(panel.locator('[role="status"][aria-live="polite"]')).toHaveText(
    'Import finished: 4 rows, 4 matched, 0 created, 0 skipped, 0 failed.',
    { timeout: 60_000 },
  );
  const report = panel.getByRole('list', { name: 'Imported rows' });
  await report.getByRole('link', { name: 'A Wizard of Earthsea' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'A Wizard of Earthsea' })).toBeVisible();
  await expect(page.getByText('Earthsea Cycle #1', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ursula K. Le Guin' })).toBeVisible();
  // The book is on this reader's To Be Read, on the catalogue's own work.
  const yourLists = page.getByRole('region', { name: 'Your Lists' });
  await expect(yourLists.getByRole('checkbox', { name: 'To Be Read' })).toBeChecked();
  await snap(page, 'import-matched-series');
  const findings = await axeFindings(page, 'work page after matching');
  expect(findings, describeFindings(findings)).toEqual([]);

  // One Left Hand of Darkness in search, not a second made from the file, and it is the one on To Be Read.
  await page.goto(`/search/${encodeURIComponent('The Left Hand of Darkness')}`);
  const results = page.getByRole('list', { name: 'Search results' }).getByRole('listitem');
  await expect(results).toHaveCount(1);
  await expect(results.first()).toContainText('The Left Hand of Darkness');
  await expect(results.first()).toContainText('On To Be Read');

  // Matched by ISBN to the Odyssey's second edition, which the shelf holds: the work page opens on the
  // work's own edition and 'Your Lists' ticks To Be Read all the same (the work is on it).
  await page.goto(`/search/${encodeURIComponent('The Odyssey')}`);
  await results
    .filter({ has: page.getByText('The Odyssey', { exact: true }) })
    .getByRole('link')
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'The Odyssey' })).toBeVisible();
  await expect(page).not.toHaveURL(/edition=/);
  const thisEdition = page.getByRole('region', { name: 'This Edition', exact: true });
  await expect(thisEdition).toContainText('9780140268867');
  await expect(yourLists.getByRole('checkbox', { name: 'To Be Read' })).toBeChecked();
  await snap(page, 'import-matched-other-edition');
});
