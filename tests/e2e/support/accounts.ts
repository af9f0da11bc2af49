// Test readers: unique per run and per project, created through the same calls the app makes.
import { expect } from '@playwright/test';
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { mailLink, nextMail } from './mailbox';
import { hasAuthenticator, nextCode } from './authenticator';

export interface Reader {
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  password: string;
}

let counter = 0;

export function newReader(testInfo: TestInfo, firstName = 'Ada'): Reader {
  counter += 1;
  const tag = `${testInfo.project.name.slice(0, 1)}${Date.now().toString(36)}${counter}${Math.random().toString(36).slice(2, 5)}`;
  return {
    firstName,
    lastName: 'Reader',
    username: `e2e_${tag}`.slice(0, 30),
    email: `e2e-${tag}@example.test`,
    password: 'Sturdy#Pass1',
  };
}

/** Registers and confirms a reader without the UI (for tests about something else). */
export async function createConfirmedReader(request: APIRequestContext, reader: Reader): Promise<void> {
  const config = (await (await request.get('/client-config')).json()) as { anonKey: string };
  const response = await request.post('/sf/register-user', {
    headers: { authorization: `Bearer ${config.anonKey}` },
    data: {
      first_name: reader.firstName,
      last_name: reader.lastName,
      username: reader.username,
      email: reader.email,
      password: reader.password,
    },
  });
  expect(response.ok(), `register-user answered ${response.status()}: ${await response.text()}`).toBe(true);
  const mail = await nextMail(request, reader.email, 0);
  const verify = new URL(mailLink(mail, '/confirm-signup')).searchParams.get('confirmation_url') as string;
  // Following the verify link confirms the address; where it then redirects does not matter here.
  const confirmed = await request.get(verify, { maxRedirects: 0 });
  expect(confirmed.status()).toBe(303);
}

/** Logs in through the /login screen and waits for the dashboard. */
export async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  if (hasAuthenticator(email)) {
    // Two-step sign-in (issue 31): the code from the authenticator app, after the password.
    await page.getByLabel('Authentication code').fill(await nextCode(email));
    await page.getByRole('button', { name: 'Verify' }).click();
  }
  await expect(page.getByRole('heading', { name: 'Reading Dashboard' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
}

/** Opens the account actions: the user menu on wide screens, the drawer below 640 px. */
export async function openAccountMenu(page: Page): Promise<void> {
  const burger = page.getByRole('button', { name: 'Open menu' });
  if (await burger.isVisible()) {
    await burger.click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
  } else {
    await page.getByRole('button', { name: 'User menu' }).click();
    await expect(page.getByRole('menu')).toBeVisible();
  }
}

export async function signOut(page: Page): Promise<void> {
  await openAccountMenu(page);
  const item = page
    .getByRole('menuitem', { name: 'Sign out' })
    .or(page.getByRole('button', { name: 'Sign out' }));
  await item.click();
  await expect(page.getByText('Manage your reading journey with precision')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
}
