// Every screen of this part of the app at the project's width (desktop 1280 px, mobile 390 px), checked for
// its key content and saved as a screenshot for review; plus the navigation bar in both states.
import { expect, test } from '@playwright/test';
import { createConfirmedReader, logIn, newReader, openAccountMenu } from './support/accounts';
import { snap } from './support/screenshots';

const verifyUrl = (base: string) =>
  encodeURIComponent(
    `${base}/auth/v1/verify?token=example&type=signup&redirect_to=${encodeURIComponent(base)}`,
  );

test.describe('signed-out screens', () => {
  const screens: [string, string, string][] = [
    ['/', 'landing', 'Manage your reading journey with precision'],
    ['/signup', 'signup', 'Create account'],
    ['/login', 'login', 'Forgot password?'],
    ['/reset-password', 'reset-password', 'Set new password'],
    ['/confirm-signup', 'confirm-signup-missing', 'Missing confirmation URL.'],
    ['/confirm-reset', 'confirm-reset-missing', 'Missing confirmation URL.'],
    ['/change-email', 'change-email-missing', 'Missing confirmation URL.'],
    ['/confirm-sign-in', 'confirm-sign-in-missing', 'Missing confirmation URL.'],
    ['/terms', 'terms', 'Terms of Service'],
    ['/privacy', 'privacy', 'Privacy Policy'],
    ['/404', 'not-found', 'Sorry, the page you are looking for does not exist.'],
  ];
  for (const [path, name, text] of screens) {
    test(`${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByText(text, { exact: true }).first()).toBeVisible();
      // Nothing may stick out sideways at either width.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        page.viewportSize()!.width,
      );
      await snap(page, name);
    });
  }

  test('confirmation pages with a link', async ({ page, baseURL }) => {
    const url = verifyUrl(baseURL!);
    for (const [path, link, name] of [
      ['/confirm-signup', 'Confirm Email', 'confirm-signup-link'],
      ['/confirm-reset', 'Reset Password', 'confirm-reset-link'],
      ['/change-email', 'Confirm Email', 'change-email-link'],
      ['/confirm-sign-in', 'Sign in', 'confirm-sign-in-link'],
    ] as const) {
      await page.goto(`${path}?confirmation_url=${url}`);
      await expect(page.getByRole('link', { name: link })).toHaveAttribute('href', decodeURIComponent(url));
      await snap(page, name);
    }
  });

  test('the bar offers Sign up and Log in', async ({ page }) => {
    await page.goto('/terms');
    const burger = page.getByRole('button', { name: 'Open menu' });
    if (test.info().project.name === 'mobile') {
      await burger.click();
      const drawer = page.getByRole('dialog', { name: 'Menu' });
      await expect(drawer.getByRole('link', { name: 'Sign up' })).toBeVisible();
      await expect(drawer.getByRole('link', { name: 'Log in' })).toBeVisible();
      await snap(page, 'menu-signed-out', { fullPage: false });
      await page.keyboard.press('Escape');
      await expect(drawer).toBeHidden();
    } else {
      await expect(burger).toBeHidden();
      const header = page.getByRole('banner');
      await expect(header.getByRole('link', { name: 'Sign up' })).toBeVisible();
      await expect(header.getByRole('link', { name: 'Log in' })).toBeVisible();
    }
  });
});

test.describe('signed-in screens', () => {
  test('dashboard, settings, placeholders and the navigation', async ({ page, request }) => {
    const reader = newReader(test.info());
    await createConfirmedReader(request, reader);
    await logIn(page, reader.email, reader.password);
    await snap(page, 'dashboard');

    for (const [path, heading, name] of [
      ['/settings', 'Settings', 'settings'],
      ['/recommended', 'Recommended', 'recommended'],
      ['/trending', 'Trending', 'trending'],
      ['/new-releases', 'New Releases', 'new-releases'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        page.viewportSize()!.width,
      );
      await snap(page, name);
    }

    const mobile = test.info().project.name === 'mobile';
    await openAccountMenu(page);
    await snap(page, mobile ? 'menu-signed-in' : 'user-menu', { fullPage: false });
    if (mobile) {
      const drawer = page.getByRole('dialog', { name: 'Menu' });
      for (const name of [
        'Home',
        'My Books',
        'Reading Logs',
        'Stats',
        'Recommended',
        'Trending',
        'New Releases',
      ]) {
        await expect(drawer.getByRole('link', { name, exact: true })).toBeVisible();
      }
      await expect(drawer.getByRole('link', { name: 'Your profile' })).toHaveAttribute(
        'href',
        `/user/${reader.username}`,
      );
      await drawer.getByRole('searchbox', { name: 'Search books' }).fill('  dune  ');
      await drawer.getByRole('searchbox', { name: 'Search books' }).press('Enter');
      await expect(drawer).toBeHidden();
    } else {
      const menu = page.getByRole('menu');
      await expect(menu.getByRole('menuitem', { name: 'Your profile' })).toHaveAttribute(
        'href',
        `/user/${reader.username}`,
      );
      await expect(menu.getByRole('menuitem', { name: 'Admin' })).toHaveCount(0);
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Browse' }).click();
      await expect(page.getByRole('menuitem', { name: 'New Releases' })).toBeVisible();
      await snap(page, 'browse-menu', { fullPage: false });
      await page.keyboard.press('Escape');
      const search = page.getByRole('banner').getByRole('searchbox', { name: 'Search books' });
      await search.fill('   ');
      await search.press('Enter');
      await expect(page).toHaveURL(/\/new-releases$/);
      await search.fill('  dune  ');
      await search.press('Enter');
    }
    await expect(page).toHaveURL(/\/search\/dune$/);
  });
});
