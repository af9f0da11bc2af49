// The redirect rules of SPEC.md §2 for signed-out and signed-in visitors, in the real app.
import { expect, test } from '@playwright/test';
import { createConfirmedReader, logIn, newReader } from './support/accounts';

const HOME_IF_SIGNED_OUT = [
  '/my-books',
  '/logs',
  '/stats',
  '/trending',
  '/new-releases',
  '/currently-reading',
  '/read',
  '/to-be-read',
  '/favorites',
  '/owned',
  '/admin/reset-genre',
];

test.describe('signed out', () => {
  for (const path of HOME_IF_SIGNED_OUT) {
    test(`${path} redirects to /`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByText('Manage your reading journey with precision')).toBeVisible();
    });
  }

  test('/settings redirects to /login', async ({ page }) => {
    await page.goto('/settings');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  });

  // Issue 28: signed out, /recommended shows what is well rated and popular (tests/e2e/recommended.spec.ts).
  for (const path of [
    '/signup',
    '/login',
    '/terms',
    '/privacy',
    '/reset-password',
    '/confirm-signup',
    '/recommended',
  ]) {
    test(`${path} stays open`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
    });
  }
});

test.describe('signed in', () => {
  test('/signup and /login go to /settings, admin pages to /, signed-in pages open', async ({
    page,
    request,
  }) => {
    const reader = newReader(test.info());
    await createConfirmedReader(request, reader);
    await logIn(page, reader.email, reader.password);

    for (const path of ['/signup', '/login']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/settings$/);
      await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
    }

    await page.goto('/admin/reset-genre');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Reading Dashboard' })).toBeVisible();

    for (const [path, heading] of [
      ['/my-books', 'My Books'],
      ['/recommended', 'Recommended'],
      ['/trending', 'Trending'],
      ['/new-releases', 'New Releases'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading })).toBeVisible();
      await expect(page).toHaveTitle(`${heading} | Shelfwise`);
    }
  });
});

test('/404 and unknown paths show the not-found page', async ({ page }) => {
  for (const path of ['/404', '/shelves/of/nothing']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
    await expect(page).toHaveTitle('Page Not Found | Shelfwise');
  }
});
