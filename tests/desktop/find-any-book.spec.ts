// Finding any book in the desktop app (issue 26): the search screen's Open Library part and the pick go
// through main's /sf/ proxy like every call; the picked work opens in the app. Both projects share one
// database, so each adds its own book.
import { createConfirmedReader, logIn, newReader } from '../e2e/support/accounts';
import { expect, test } from './fixtures';

const BOOKS = {
  desktop: { title: 'Piranesi', author: 'Susanna Clarke' },
  mobile: { title: 'The Ministry for the Future', author: 'Kim Stanley Robinson' },
} as const;

test('a reader finds a book we lack on Open Library and adds it, through the proxy', async ({
  launchDesktop,
  request,
}, testInfo) => {
  const { title, author } = BOOKS[testInfo.project.name === 'mobile' ? 'mobile' : 'desktop'];
  const reader = newReader(testInfo);
  await createConfirmedReader(request, reader);
  const { page } = await launchDesktop();
  await logIn(page, reader.email, reader.password);

  await page.goto(`/search/${encodeURIComponent(title)}`);
  const remote = page.getByRole('region', { name: 'From Open Library' });
  await expect(remote.getByText(`by ${author}`)).toBeVisible();
  await remote.getByRole('button', { name: `Add and open: ${title}` }).click();
  await expect(page).toHaveURL(/\/work\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('link', { name: author })).toBeVisible();
});
