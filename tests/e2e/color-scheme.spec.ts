// Dark mode (issue 17): the app follows the OS by default; the reader's choice (System, Light, Dark) from the
// user menu (the drawer on phones) is kept on this device and is in place before the app's own script has
// run, so a page never flashes the other scheme while it loads.
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { createConfirmedReader, logIn, newReader, openAccountMenu } from './support/accounts';

const scheme = (page: Page) => page.locator('html').getAttribute('data-mantine-color-scheme');
const bodyBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

const DARK_BODY = 'rgb(36, 36, 36)';
const LIGHT_BODY = 'rgb(255, 255, 255)';

async function choose(page: Page, choice: 'System' | 'Light' | 'Dark') {
  // The bar's menu button is there once the signed-in dashboard is (right after a reload it may not be yet).
  await expect(page.getByRole('heading', { name: 'Reading Dashboard' })).toBeVisible();
  await openAccountMenu(page);
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  if (await drawer.isVisible()) {
    await drawer.getByText(choice, { exact: true }).click();
    await page.keyboard.press('Escape');
  } else {
    await page.getByRole('menuitem', { name: new RegExp(`^${choice}`) }).click();
  }
}

test.describe('with the OS in dark mode', () => {
  test.use({ colorScheme: 'dark' });

  test('follows the OS until the reader chooses, then keeps the choice from the first paint', async ({
    page,
    request,
  }) => {
    await page.goto('/');
    expect(await scheme(page)).toBe('dark');
    await expect.poll(() => bodyBackground(page)).toBe(DARK_BODY);

    const reader = newReader(test.info());
    await createConfirmedReader(request, reader);
    await logIn(page, reader.email, reader.password);
    await choose(page, 'Light');
    await expect.poll(() => scheme(page)).toBe('light');
    await expect.poll(() => bodyBackground(page)).toBe(LIGHT_BODY);

    // Without the app's scripts at all, the page is already light: nothing to flash.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.reload();
    expect(await scheme(page)).toBe('light');
    expect(await bodyBackground(page)).toBe(LIGHT_BODY);
    await page.unroute('**/assets/*.js');

    await page.reload();
    await choose(page, 'System');
    await expect.poll(() => scheme(page)).toBe('dark');
  });
});

test.describe('with the OS in light mode', () => {
  test.use({ colorScheme: 'light' });

  test('Dark is kept across reloads and applied before the app loads', async ({ page, request }) => {
    const reader = newReader(test.info());
    await createConfirmedReader(request, reader);
    await logIn(page, reader.email, reader.password);
    expect(await scheme(page)).toBe('light');
    await choose(page, 'Dark');
    await expect.poll(() => scheme(page)).toBe('dark');

    await page.route('**/assets/*.js', (route) => route.abort());
    await page.reload();
    expect(await scheme(page)).toBe('dark');
    expect(await bodyBackground(page)).toBe(DARK_BODY);
  });
});
