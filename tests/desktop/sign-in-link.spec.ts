// Sign-in links by e-mail in the desktop app (issue 31): asked for on the login screen, the mail's link is a
// shelfwise://confirm-sign-in deep link, as e-mail confirmations are. The OS hands it to the running app, the
// renderer's /confirm-sign-in page shows the link, its button leaves for the system browser, the server sends
// the browser back to the app with a code, and main exchanges it with the verifier supabase-js keeps in its
// vault. The mail's 6-digit code signs in inside the app as well, through main.
import { expect, test } from './fixtures';
import { createConfirmedReader, newReader } from '../e2e/support/accounts';
import { nextMail, readMailbox } from '../e2e/support/mailbox';
import { deliveries } from './support/page-bridge';
import { APP_URL, SERVER_URL } from './support/ports';

test('a sign-in link asked for in the app comes back into the app and signs the reader in', async ({
  launchDesktop,
  request,
}, testInfo) => {
  const reader = newReader(testInfo);
  await createConfirmedReader(request, reader);
  const seen = (await readMailbox(request, reader.email)).length;
  const app = await launchDesktop({ path: '/login' });
  const { page } = app;

  await page.getByLabel('Email').fill(reader.email);
  await page.getByRole('button', { name: 'E-mail me a sign-in link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  expect(app.crossings.find((c) => c.way === 'call' && c.channel === 'auth:sendSignInLink')?.data).toEqual([
    reader.email,
  ]);

  const mail = await nextMail(request, reader.email, seen);
  const link = mail.links[0] ?? '';
  expect(link).toMatch(/^shelfwise:\/\/confirm-sign-in\?confirmation_url=/);
  const verify = new URL(link).searchParams.get('confirmation_url') ?? '';
  expect(verify.startsWith(`${SERVER_URL}/auth/v1/verify?`)).toBe(true);
  expect(new URL(verify).searchParams.get('redirect_to')).toMatch(/^shelfwise:\/\/auth\/callback\?state=/);

  app.secondInstance(link);
  await expect(page).toHaveURL(`${APP_URL}/confirm-sign-in?confirmation_url=${encodeURIComponent(verify)}`);
  const signIn = page.getByRole('link', { name: 'Sign in' });
  await expect(signIn).toHaveAttribute('href', verify);
  await signIn.click();
  await expect.poll(() => app.opened).toEqual([verify]);

  // The system browser opens the link: the server sends it back to the app with a PKCE code.
  const verified = await fetch(verify, { redirect: 'manual' });
  expect(verified.status).toBe(303);
  const callback = verified.headers.get('location') ?? '';
  expect(callback).toMatch(/^shelfwise:\/\/auth\/callback\?/);
  expect(new URL(callback).searchParams.get('code')).toBeTruthy();
  app.secondInstance(callback);

  await expect(page.getByRole('heading', { name: 'Reading Dashboard' })).toBeVisible();
  await expect(page).toHaveURL(`${APP_URL}/`);
  expect(deliveries(app.crossings)).toContainEqual({
    kind: 'auth',
    outcome: { kind: 'signed-in', recovery: false },
    path: '/',
  });
  expect((await app.storedSession())?.refresh_token).toBeTruthy();
});

test('the code from the mail signs in inside the app', async ({ launchDesktop, request }, testInfo) => {
  const reader = newReader(testInfo);
  await createConfirmedReader(request, reader);
  const seen = (await readMailbox(request, reader.email)).length;
  const app = await launchDesktop({ path: '/login' });
  const { page } = app;

  await page.getByLabel('Email').fill(reader.email);
  await page.getByRole('button', { name: 'E-mail me a sign-in link' }).click();
  const mail = await nextMail(request, reader.email, seen);
  const code = /enter this code in Shelfwise: (\d{6})/.exec(mail.text)?.[1] ?? '';
  expect(code).toMatch(/^\d{6}$/);

  await page.getByLabel('6-digit code').fill(code);
  await page.getByRole('button', { name: 'Sign in with the code' }).click();
  await expect(page.getByRole('heading', { name: 'Reading Dashboard' })).toBeVisible();
  expect((await app.storedSession())?.refresh_token).toBeTruthy();
});
