// Google sign-in from the desktop app: 'Login with Google' has main open the system browser on the server's
// /auth/v1/authorize with its PKCE challenge; the browser (played here by an HTTP client through the local
// OpenID provider) ends on shelfwise://auth/callback?code=...; the OS hands that link to the running app as a
// second launch's argv; main exchanges the code, and the page shows the reader signed in.
import { browseSignIn } from '../support/oidc-provider';
import { expect, test } from './fixtures';
import { deliveries, expectSignedIn } from './support/page-bridge';
import { APP_URL, SERVER_URL } from './support/ports';

const CALLBACK = /^shelfwise:\/\/auth\/callback\?state=([\w-]{43})$/;

test('Google sign-in comes back by deep link and signs the reader in', async ({
  launchDesktop,
  google,
}, testInfo) => {
  const app = await launchDesktop({ path: '/login' });
  const { page } = app;

  await page.getByRole('button', { name: 'Login with Google' }).click();
  await expect.poll(() => app.opened.length, { message: 'main opened the system browser' }).toBe(1);
  const authorize = new URL(app.opened[0]!);
  expect(`${authorize.origin}${authorize.pathname}`).toBe(`${SERVER_URL}/auth/v1/authorize`);
  expect(authorize.searchParams.get('provider')).toBe('google');
  expect(authorize.searchParams.get('code_challenge_method')).toBe('s256');
  expect(authorize.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
  const state = CALLBACK.exec(authorize.searchParams.get('redirect_to') ?? '')?.[1];
  expect(state, 'redirect_to is the app’s own callback with its state').toBeTruthy();

  const email = `grace-${testInfo.project.name}-${Date.now()}@example.test`;
  const sub = await google.addAccount({
    email,
    email_verified: true,
    name: 'Grace Hopper',
    given_name: 'Grace',
    family_name: 'Hopper',
  });
  const landed = await browseSignIn(authorize.href, google.provider, sub);
  expect(landed.protocol).toBe('shelfwise:');
  expect(landed.searchParams.get('state')).toBe(state);
  expect(landed.searchParams.get('code')).toBeTruthy();
  // The code never went near the page: only main saw the browser's redirect.
  expect(JSON.stringify(app.crossings)).not.toContain(landed.searchParams.get('code'));

  app.secondInstance(landed.href);
  // A first Google sign-in has no profile yet: the app makes it from the Google name, then reloads.
  await expect(page.getByRole('heading', { name: 'Reading Dashboard' })).toBeVisible();
  await expect(page).toHaveURL(`${APP_URL}/`);
  await expectSignedIn(page);
  expect(app.focused(), 'the window came forward for the link').toBeGreaterThan(0);
  expect(deliveries(app.crossings)).toContainEqual({
    kind: 'auth',
    outcome: { kind: 'signed-in', recovery: false },
    path: '/',
  });
  const user = app.crossings.find((c) => c.way === 'answer' && c.channel === 'auth:getUser');
  expect(user?.data).toMatchObject({ ok: true, value: { email, metadata: { full_name: 'Grace Hopper' } } });

  // The same link again (replayed, or clicked twice) finds no flow: ignored, nothing changes.
  app.secondInstance(landed.href);
  await app.settled();
  expect(app.logs).toContain(
    'Ignored an auth callback whose state this app did not issue (or already used).',
  );
  expect(deliveries(app.crossings)).toHaveLength(1);
  await expect(page.getByRole('heading', { name: 'Reading Dashboard' })).toBeVisible();

  const tokens = await app.storedSession();
  const traffic = JSON.stringify(app.crossings);
  expect(tokens?.refresh_token).toBeTruthy();
  expect(traffic).not.toContain(tokens?.refresh_token);
  expect(traffic).not.toContain(tokens?.access_token);
});

test('a cancelled Google sign-in comes back with its reason on the login page', async ({
  launchDesktop,
  google,
}) => {
  const app = await launchDesktop({ path: '/login' });
  const { page } = app;
  await page.getByRole('button', { name: 'Login with Google' }).click();
  await expect.poll(() => app.opened.length).toBe(1);

  const landed = await browseSignIn(app.opened[0]!, google.provider, null);
  expect(landed.searchParams.get('error')).toBe('access_denied');
  const reason = landed.searchParams.get('error_description');
  expect(reason).toBeTruthy();

  app.secondInstance(landed.href);
  await expect(page.getByRole('alert').filter({ hasText: reason! })).toBeVisible();
  await expect(page).toHaveURL(`${APP_URL}/login`);
  await expect(page.getByRole('button', { name: 'Login with Google' })).toBeVisible();
  expect(await app.storedSession()).toBeNull();
});
