// Issue 31 in Chromium against the real server, at both widths: a reader turns on two-step sign-in in
// Settings (QR code, key, first code), signs out, and signing in asks for the code after the password; an
// admin without a second factor is led from the admin screen to set one up. Axe finds nothing on either.
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { createConfirmedReader, logIn, newReader, signOut } from './support/accounts';
import { adminEmail } from './support/admins';
import { rememberAuthenticator } from './support/authenticator';
import { axeFindings, describeFindings } from './support/axe';
import { snap } from './support/screenshots';

/** Light and dark pictures of the screen, for review (the app follows the system's scheme). */
async function snapBoth(page: Page, name: string) {
  await snap(page, name);
  await page.emulateMedia({ colorScheme: 'dark' });
  await snap(page, `${name}-dark`);
  await page.emulateMedia({ colorScheme: 'light' });
}

test('a reader turns on two-step sign-in, and signing in then asks for the code', async ({
  page,
  request,
}, testInfo) => {
  const reader = newReader(testInfo);
  await createConfirmedReader(request, reader);
  await logIn(page, reader.email, reader.password);
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Two-step sign-in' });
  await section.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  await expect(section.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await section.locator('code').innerText()).trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  expect(describeFindings(await axeFindings(page, 'settings two-step enrolment'))).toBe('');
  await snapBoth(page, 'settings-two-step-enrol');

  const step = Math.floor(Date.now() / 30_000);
  const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: step * 30_000 });
  await section.getByLabel('Code from the app').fill(code);
  await section.getByRole('button', { name: 'Confirm' }).click();
  await expect(section.getByRole('status')).toHaveText('Two-step sign-in is now on.');
  await expect(section.getByRole('button', { name: 'Turn off two-step sign-in' })).toBeVisible();
  rememberAuthenticator(reader.email, secret, step);

  await signOut(page);
  await page.goto('/login');
  await page.getByLabel('Email').fill(reader.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(reader.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('Enter the 6-digit code from your authenticator app.')).toBeVisible();
  expect(describeFindings(await axeFindings(page, 'login second step'))).toBe('');
  await snapBoth(page, 'login-second-step');
  await page.getByLabel('Authentication code').fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid TOTP code entered');
  await page
    .getByLabel('Authentication code')
    .fill(new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: (step + 1) * 30_000 }));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('heading', { name: 'Reading Dashboard' })).toBeVisible();
});

test('an admin without a second factor is led from the admin screen to set one up', async ({
  page,
  request,
}, testInfo) => {
  const project = testInfo.project.name;
  const admin = {
    firstName: 'Admin',
    lastName: 'Enrol',
    username: `admin_enrol_${project}_${Date.now().toString(36)}`.slice(0, 30),
    email: adminEmail('enrol', project),
    password: 'Curator#Pass1',
  };
  await createConfirmedReader(request, admin);
  await logIn(page, admin.email, admin.password);
  await page.goto('/admin/reset-genre');
  const notice = page.getByRole('status').filter({ hasText: 'Admin tools need two-step sign-in.' });
  await expect(notice).toBeVisible();
  expect(describeFindings(await axeFindings(page, 'admin two-step notice'))).toBe('');
  await snapBoth(page, 'admin-two-step-notice');
  await notice.getByRole('link', { name: 'Set up two-step sign-in' }).click();
  await expect(page).toHaveURL(/\/settings#two-step$/);
  await expect(
    page
      .getByRole('region', { name: 'Two-step sign-in' })
      .getByRole('button', { name: 'Turn on two-step sign-in' }),
  ).toBeVisible();
});
