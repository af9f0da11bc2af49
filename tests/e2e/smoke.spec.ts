import { expect, test } from '@playwright/test';

test('the signed-out landing shows the product and its tagline', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByText('Manage your reading journey with precision')).toBeVisible();
  await expect(page).toHaveTitle('Home | Shelfwise');
});

test('an unknown path shows the 404 page with a way home', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
  await expect(page.getByText('Sorry, the page you are looking for does not exist.')).toBeVisible();
  await expect(page).toHaveTitle('Page Not Found | Shelfwise');
  await page.getByRole('link', { name: 'Go back home' }).click();
  await expect(page).toHaveURL(/\/$/);
});
