// Sign-in links by e-mail (issue 31) in Chromium against the real server, at both widths: from the login
// screen a reader asks for a link, then signs in with the 6-digit code from the mail (a wrong code first,
// with its message), and in a second run by following the mail's link through /confirm-sign-in (the PKCE
// code exchanged by the app). A reader with two-step sign-in is still asked for the authenticator code after
// the link. Axe finds nothing on the code screen or the link page.
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { createConfirmedReader, newReader } from './support/accounts';
import { enrolAuthenticator, nextCode } from './support/authenticator';
import { axeFindings, describeFindings } from './support/axe';
import { mailLink, nextMail, readMailbox } from './support/mailbox';
import type { Mail } from './support/mailbox';
import { snap } from './support/screenshots';

function codeOf(mail: Mail): string {
  const code = /enter this code in Shelfwise: (\d{6})/.exec(mail.text)?.[1];
  expect(code, `a code in "${mail.subject}"`).toBeTruthy();
  return code as string;
}

/** Types the address on /login and asks for a link by keyboard, as a reader without a mouse would. */
async function askForLink(page: Page, email: string, { picture = false } = {}) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  const button = page.getByRole('button', { name: 'E-mail me a sign-in link' });
  await expect(button).toBeVisible();
  // The SPEC's login strings stay as they were, beside the new button.
  await expect(page.getByRole('button', { name: 'Forgot password?' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  if (picture) await snap(page, 'login-with-sign-in-link');
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expect(
    page.getByText(
      `If ${email} belongs to a Shelfwise account, we sent it a sign-in link and a 6-digit code.`,
    ),
  ).toBeVisible();
}

test('a reader asks for a sign-in link and signs in with the code from the mail', async ({
  page,
  request,
}, testInfo) => {
  const reader = newReader(testInfo);
  await createConfirmedReader(request, reader);
  const seen = (await readMailbox(request, reader.email)).length;

  await askForLink(page, reader.email, { picture: true });
  const field = page.getByLabel('6-digit code');
  await expect(field).toBeFocused();
  expect(describeFindings(await axeFindings(page, 'login sign-in code'))).toBe('');
  await snap(page, 'login-sign-in-code');

  const mail = await nextMail(request, reader.email, seen);
  expect(mail.subject).toBe('Your Shelfwise sign-in link');
  const code = codeOf(mail);
  await field.fill(code === '000000' ? '000001' : '000000');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toHaveText(
    'That code is wrong, already used or expired. Check the newest email, or send a new link.',
  );
  expect(describeFindings(await axeFindings(page, 'login sign-in code error'))).toBe('');
  await snap(page, 'login-sign-in-code-error');

  await field.fill(code);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Reading Dashboard' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test('a reader signs in by following the link in the mail', async ({ page, request }, testInfo) => {
  const reader = newReader(testInfo);
  await createConfirmedReader(request, reader);
  const seen = (await readMailbox(request, reader.email)).length;

  await askForLink(page, reader.email);
  const link = mailLink(await nextMail(request, reader.email, seen), '/confirm-sign-in');
  await page.goto(link);
  const signIn = page.getByRole('link', { name: 'Sign in' });
  await expect(signIn).toBeVisible();
  await expect(page.getByText('Click the button below to sign in to Shelfwise.')).toBeVisible();
  await expect(page).toHaveTitle('Sign In | Shelfwise');
  expect(describeFindings(await axeFindings(page, 'confirm sign-in'))).toBe('');
  await snap(page, 'confirm-sign-in');

  await signIn.click();
  await expect(page.getByRole('heading', { name: 'Reading Dashboard' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/); // the ?code= is gone from the address once exchanged

  // The link worked once: opening it again signs nobody in and says why.
  await page.context().clearCookies();
  await page.evaluate(() => window.localStorage.clear());
  await page.goto(link);
  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(page.getByText('Email link is invalid or has expired')).toBeVisible();
});

test('a reader with two-step sign-in still gives the authenticator code after the link', async ({
  page,
  request,
}, testInfo) => {
  const reader = newReader(testInfo);
  await createConfirmedReader(request, reader);
  const { anonKey } = (await (await request.get('/client-config')).json()) as { anonKey: string };
  const signedIn = await request.post('/auth/v1/token?grant_type=password', {
    headers: { apikey: anonKey, authorization: `Bearer ${anonKey}` },
    data: { email: reader.email, password: reader.password },
  });
  const { access_token: accessToken } = (await signedIn.json()) as { access_token: string };
  await enrolAuthenticator(request, anonKey, reader.email, accessToken);
  const seen = (await readMailbox(request, reader.email)).length;

  await askForLink(page, reader.email);
  await page.goto(mailLink(await nextMail(request, reader.email, seen), '/confirm-sign-in'));
  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(page.getByText('Enter the 6-digit code from your authenticator app.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Reading Dashboard' })).toBeHidden();
  await page.getByLabel('Authentication code').fill(await nextCode(reader.email));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('heading', { name: 'Reading Dashboard' })).toBeVisible();
});
