// One reader's whole account life in the browser, against the real server: sign up, confirm by mail, log in,
// edit the profile and avatar, change the password through the reset mail, change the e-mail address, sign
// out, delete the account. Each step builds on the one before, so they run in order on one page.
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { createConfirmedReader, logIn, newReader, signOut } from './support/accounts';
import type { Reader } from './support/accounts';
import { mailLink, nextMail, readMailbox } from './support/mailbox';
import { snap } from './support/screenshots';

// A real 1x1 PNG: the server checks images by content.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test.describe.configure({ mode: 'serial' });

let page: Page;
let reader: Reader;

test.beforeAll(async ({ browser }, testInfo) => {
  page = await browser.newPage();
  reader = newReader(testInfo);
});

test.afterAll(async () => {
  await page.close();
});

const personalInfo = () => page.getByRole('region', { name: 'Personal Information' });

async function editField(label: string, value: string) {
  await personalInfo()
    .getByRole('button', { name: `Edit ${label.toLowerCase()}` })
    .click();
  const input = personalInfo().getByLabel(label);
  await input.fill(value);
  await personalInfo().getByRole('button', { name: 'Save' }).click();
}

test('sign up shows the success message and sends a confirmation mail', async ({ request }) => {
  await page.goto('/signup');
  await page.getByLabel('First name').fill(reader.firstName);
  await page.getByLabel('Last name').fill(reader.lastName);
  await page.getByLabel('Username').fill(reader.username);
  await page.getByLabel('Email').fill(reader.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(reader.password);
  await page.getByLabel('Confirm password').fill(reader.password);
  await page.getByRole('checkbox', { name: /I agree to the/ }).check();
  await snap(page, 'signup-filled');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(
    page.getByText(
      'Account created! Please check your email and click the confirmation link to activate your account.',
    ),
  ).toBeVisible();
  await snap(page, 'signup-success');

  const mail = await nextMail(request, reader.email, 0);
  expect(mail.subject).toBe('Confirm your Shelfwise account');
  mailLink(mail, '/confirm-signup');
});

test('the same e-mail or username cannot sign up twice', async () => {
  await page.goto('/signup');
  await page.getByLabel('First name').fill('Other');
  await page.getByLabel('Username').fill(reader.username);
  await page.getByLabel('Email').fill(`other-${reader.email}`);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(reader.password);
  await page.getByLabel('Confirm password').fill(reader.password);
  await page.getByRole('checkbox', { name: /I agree to the/ }).check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('alert')).toHaveText('Username already exists. Please choose another.');

  await page.getByLabel('Username').fill(`${reader.username.slice(0, 26)}_2`);
  await page.getByLabel('Email').fill(reader.email);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'An account with this email already exists. Please log in instead.',
  );
});

test('an unconfirmed account cannot log in yet', async () => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(reader.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(reader.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('the confirmation link confirms the account', async ({ request }) => {
  const [mail] = await readMailbox(request, reader.email);
  await page.goto(mailLink(mail!, '/confirm-signup'));
  await expect(page).toHaveTitle('Confirm Signup | Shelfwise');
  await snap(page, 'confirm-signup');
  await page.getByRole('link', { name: 'Confirm Email' }).click();
  // The verified link signs the reader in and lands on the dashboard.
  await expect(page.getByRole('heading', { name: 'Reading Dashboard' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await signOut(page);
});

test('log in goes to the dashboard', async () => {
  await page.goto('/login');
  await snap(page, 'login');
  await logIn(page, reader.email, reader.password);
  await snap(page, 'dashboard');
});

test('settings edits each profile field, one at a time', async ({ request }) => {
  await page.goto('/settings');
  await expect(page).toHaveTitle('Settings | Shelfwise');
  await expect(personalInfo().getByText(reader.email)).toBeVisible();
  await snap(page, 'settings');

  await personalInfo().getByRole('button', { name: 'Edit first name' }).click();
  await expect(personalInfo().getByRole('button', { name: 'Edit last name' })).toBeDisabled();
  await snap(page, 'settings-editing');
  await personalInfo().getByRole('button', { name: 'Cancel' }).click();

  await editField('First name', 'Augusta');
  await expect(personalInfo().getByText('Augusta')).toBeVisible();
  await editField('Last name', 'King');
  await expect(personalInfo().getByText('King')).toBeVisible();
  const username = `${reader.username.slice(0, 26)}_new`;
  await editField('Username', username);
  await expect(personalInfo().getByText(username, { exact: true })).toBeVisible();
  reader.username = username;

  // A name someone else holds is refused.
  const other = newReader(test.info(), 'Charles');
  await createConfirmedReader(request, other);
  await editField('Username', other.username);
  await expect(personalInfo().getByRole('alert')).toHaveText('Username taken');
  await snap(page, 'settings-username-taken');
  await personalInfo().getByRole('button', { name: 'Cancel' }).click();

  await page.reload();
  for (const value of ['Augusta', 'King', username]) {
    await expect(personalInfo().getByText(value, { exact: true })).toBeVisible();
  }
});

test('settings uploads an avatar with a preview', async () => {
  await page.goto('/settings');
  const picture = page.getByRole('region', { name: 'Profile Picture' });
  await picture
    .locator('input[type="file"]')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await expect(picture.getByText('Preview of me.png')).toBeVisible();
  await expect(picture.getByRole('img')).toHaveAttribute('src', /^blob:/);
  await snap(page, 'settings-avatar-preview');
  await picture.getByRole('button', { name: 'Upload' }).click();
  await expect(picture.getByText('Preview of me.png')).toBeHidden();
  const avatar = picture.getByRole('img');
  await expect(avatar).toHaveAttribute(
    'src',
    /\/storage\/v1\/object\/public\/avatars\/public\/[0-9a-f-]+\.png\?t=\d+$/,
  );
  await expect
    .poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(1);

  await page.reload();
  await expect(page.getByRole('region', { name: 'Profile Picture' }).getByRole('img')).toHaveAttribute(
    'src',
    /\/avatars\/public\//,
  );
});

test('the password changes through the reset mail', async ({ request }) => {
  await page.goto('/settings');
  const seen = (await readMailbox(request, reader.email)).length;
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Check your email for a link to reset your password.')).toBeVisible();
  const mail = await nextMail(request, reader.email, seen);
  expect(mail.subject).toBe('Reset your Shelfwise password');

  await page.goto(mailLink(mail, '/confirm-reset'));
  await snap(page, 'confirm-reset');
  await page.getByRole('link', { name: 'Reset Password' }).click();
  await expect(page).toHaveURL(/\/reset-password$/);
  await expect(page).toHaveTitle('Reset Password | Shelfwise');
  const newPassword = 'Fresh#Pass456';
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('weak');
  await page.getByLabel('Confirm new password').fill('weak');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText(/Password must be at least 8 characters long/)).toBeVisible();
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill(newPassword);
  await snap(page, 'reset-password');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('Password updated!')).toBeVisible();
  await expect(page).toHaveURL(/\/settings$/);
  reader.password = newPassword;

  await signOut(page);
  await logIn(page, reader.email, reader.password);
});

test('the e-mail address changes after confirming from the new address', async ({ request }) => {
  const newEmail = `new-${reader.email}`;
  await page.goto('/settings');
  await editField('Email', newEmail);
  await expect(
    page.getByText('Check your new email address for a link to confirm the change.'),
  ).toBeVisible();
  const mail = await nextMail(request, newEmail, 0);
  expect(mail.subject).toBe('Confirm your new Shelfwise e-mail address');

  await page.goto(mailLink(mail, '/change-email'));
  await expect(page.getByText('Click the button below to confirm your new email.')).toBeVisible();
  await snap(page, 'change-email');
  await page.getByRole('link', { name: 'Confirm Email' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(personalInfo().getByText(newEmail, { exact: true })).toBeVisible();
  reader.email = newEmail;

  await signOut(page);
  await logIn(page, reader.email, reader.password);
});

test('sign out returns to the landing and closes the signed-in pages', async () => {
  await signOut(page);
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/login$/);
});

test('deleting the account asks, acknowledges, signs out, and the account is gone', async () => {
  await logIn(page, reader.email, reader.password);
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Delete Account' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Account' });
  await expect(confirm).toBeVisible();
  await snap(page, 'delete-confirm', { fullPage: false });
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();

  await page.getByRole('button', { name: 'Delete Account' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  const done = page.getByRole('dialog', { name: 'Account Deleted' });
  await expect(done).toBeVisible();
  await snap(page, 'delete-done', { fullPage: false });
  await done.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Manage your reading journey with precision')).toBeVisible();

  await page.goto('/login');
  await page.getByLabel('Email').fill(reader.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(reader.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});
