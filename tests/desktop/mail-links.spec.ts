// E-mail links in the desktop app: a sign-up made in the app mails a shelfwise://confirm-signup link; the OS
// hands it to the running app, main's deep-link parser lets it through, and the renderer's /confirm-signup
// page shows the link. Its button leaves for the system browser, the server confirms the address and sends
// the browser back to the app, and main's own PKCE flow signs the reader in. A password reset goes the same
// way, finished with the verifier supabase-js keeps in main's vault.
import { expect, test } from './fixtures';
import { createConfirmedReader, logIn, newReader, signOut } from '../e2e/support/accounts';
import { nextMail } from '../e2e/support/mailbox';
import { deliveries } from './support/page-bridge';
import { APP_URL, SERVER_URL } from './support/ports';

test('a sign-up is confirmed by a mail link that comes back into the app', async ({
  launchDesktop,
  request,
}, testInfo) => {
  const reader = newReader(testInfo);
  const app = await launchDesktop({ path: '/signup' });
  const { page } = app;

  await page.getByLabel('First name').fill(reader.firstName);
  await page.getByLabel('Last name').fill(reader.lastName);
  await page.getByLabel('Username').fill(reader.username);
  await page.getByLabel('Email').fill(reader.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(reader.password);
  await page.getByLabel('Confirm password').fill(reader.password);
  await page.getByRole('checkbox', { name: /I agree to the/ }).check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(
    page.getByText(
      'Account created! Please check your email and click the confirmation link to activate your account.',
    ),
  ).toBeVisible();
  // The page sent the form only; main added the app's redirect and its PKCE challenge on the way out.
  const call = app.crossings.find((c) => c.way === 'call' && c.channel === 'sf:call');
  expect(call?.data).toEqual([
    'register-user',
    expect.not.objectContaining({ redirect_to: expect.anything(), code_challenge: expect.anything() }),
  ]);

  const mail = await nextMail(request, reader.email, 0);
  const link = mail.links[0] ?? '';
  expect(link).toMatch(/^shelfwise:\/\/confirm-signup\?confirmation_url=/);
  const verify = new URL(link).searchParams.get('confirmation_url') ?? '';
  expect(verify.startsWith(`${SERVER_URL}/auth/v1/verify?`)).toBe(true);

  app.secondInstance(link);
  await expect(page).toHaveURL(`${APP_URL}/confirm-signup?confirmation_url=${encodeURIComponent(verify)}`);
  await expect(page.getByRole('heading', { name: 'Confirm Signup' })).toBeVisible();
  const confirm = page.getByRole('link', { name: 'Confirm Email' });
  await expect(confirm).toHaveAttribute('href', verify);
  expect(deliveries(app.crossings)).toEqual([
    { kind: 'open', path: `/confirm-signup?confirmation_url=${encodeURIComponent(verify)}` },
  ]);

  // The server is not one of the app's pages: main's navigation rule sends the click to the system browser.
  await confirm.click();
  await expect.poll(() => app.opened).toEqual([verify]);
  await expect(page.getByRole('heading', { name: 'Confirm Signup' })).toBeVisible();

  // The browser opens the link: the address is confirmed and the browser sent back to the app with a code.
  const verified = await fetch(verify, { redirect: 'manual' });
  expect(verified.status).toBe(303);
  const callback = verified.headers.get('location') ?? '';
  expect(callback).toMatch(/^shelfwise:\/\/auth\/callback\?/);
  app.secondInstance(callback);

  await expect(page.getByRole('heading', { name: 'Reading Dashboard' })).toBeVisible();
  await expect(page).toHaveURL(`${APP_URL}/`);
  expect((await app.storedSession())?.refresh_token).toBeTruthy();
});

test('a mail link that starts the app opens its page once the page is ready (macOS open-url too)', async ({
  launchDesktop,
}) => {
  const verify = `${SERVER_URL}/auth/v1/verify?token=pending-token&type=recovery&redirect_to=${encodeURIComponent('shelfwise://auth/callback')}`;
  const link = `shelfwise://confirm-reset?confirmation_url=${encodeURIComponent(verify)}`;
  // The link is on the command line of the launch that starts the app, before its page exists.
  const app = await launchDesktop({ argv: [link] });
  const { page } = app;
  await expect(page.getByRole('heading', { name: 'Confirm Password Reset' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Reset Password' })).toHaveAttribute('href', verify);
  expect(app.protocols).toEqual(['shelfwise']);

  const changeVerify = verify.replace('recovery', 'email_change');
  app.openUrl(`shelfwise://change-email?confirmation_url=${encodeURIComponent(changeVerify)}`);
  await expect(page.getByRole('heading', { name: 'Change Email' })).toBeVisible();

  // Each reached the page once: by takePending when it came before the page listened, else as an event.
  const taken = app.crossings
    .filter((c) => c.way === 'answer' && c.channel === 'deepLinks:takePending')
    .flatMap((c) => (c.data as { value: unknown[] }).value);
  expect([...taken, ...deliveries(app.crossings)]).toEqual([
    { kind: 'open', path: `/confirm-reset?confirmation_url=${encodeURIComponent(verify)}` },
    { kind: 'open', path: `/change-email?confirmation_url=${encodeURIComponent(changeVerify)}` },
  ]);
});

test('a password reset asked for in the app is finished in the app', async ({
  launchDesktop,
  request,
}, testInfo) => {
  const reader = newReader(testInfo);
  await createConfirmedReader(request, reader);
  const app = await launchDesktop({ path: '/login' });
  const { page } = app;

  await page.getByLabel('Email').fill(reader.email);
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(page.getByText('Check your email for a link to reset your password.')).toBeVisible();

  const mail = await nextMail(request, reader.email, 1);
  const link = mail.links[0] ?? '';
  expect(link).toMatch(/^shelfwise:\/\/confirm-reset\?confirmation_url=/);
  app.secondInstance(link);
  const resetLink = page.getByRole('link', { name: 'Reset Password' });
  await expect(page.getByRole('heading', { name: 'Confirm Password Reset' })).toBeVisible();
  await resetLink.click();
  await expect.poll(() => app.opened).toHaveLength(1);

  const verified = await fetch(app.opened[0]!, { redirect: 'manual' });
  expect(verified.status).toBe(303);
  app.secondInstance(verified.headers.get('location') ?? '');
  await expect(page).toHaveURL(`${APP_URL}/reset-password`);
  expect(deliveries(app.crossings)).toContainEqual({
    kind: 'auth',
    outcome: { kind: 'signed-in', recovery: true },
    path: '/reset-password',
  });

  const password = `${reader.password}-new`;
  await page.getByLabel(/^New password/).fill(password);
  await page.getByLabel('Confirm new password').fill(password);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('Password updated!')).toBeVisible();
  await expect(page).toHaveURL(`${APP_URL}/settings`);

  await signOut(page);
  await logIn(page, reader.email, password);
});
