// What the desktop app must refuse: deep links from anyone (mails, web pages, other programs) that are not
// on main's route table or do not belong to a flow it started, and bridge calls from any frame but the app's
// own top page.
import { expect, test } from './fixtures';
import { deliveries } from './support/page-bridge';
import { APP_URL, SERVER_URL } from './support/ports';

const enc = encodeURIComponent;
const VERIFY = `${SERVER_URL}/auth/v1/verify?token=t0k3n&type=signup&redirect_to=${enc('shelfwise://auth/callback')}`;
const STOLEN_CODE = 'stolen-code-0123456789';

const HOSTILE: [string, string][] = [
  ['an unknown route', 'shelfwise://settings/delete-account'],
  [
    'a confirmation link to another server',
    `shelfwise://confirm-signup?confirmation_url=${enc('https://evil.example/auth/v1/verify?token=x&type=signup')}`,
  ],
  [
    'a script as the confirmation link',
    `shelfwise://confirm-signup?confirmation_url=${enc('javascript:alert(1)')}`,
  ],
  [
    'a parameter the route does not name',
    `shelfwise://confirm-reset?confirmation_url=${enc(VERIFY)}&next=${enc('https://evil.example/')}`,
  ],
  [
    'a repeated parameter',
    `shelfwise://confirm-signup?confirmation_url=${enc(VERIFY)}&confirmation_url=${enc('https://evil.example/')}`,
  ],
  ['credentials in the link', `shelfwise://ada:secret@confirm-signup?confirmation_url=${enc(VERIFY)}`],
  ['an oversized link', `shelfwise://confirm-signup?confirmation_url=${enc(`${VERIFY}${'x'.repeat(5000)}`)}`],
  [
    'a code for a state this app never issued',
    `shelfwise://auth/callback?code=${STOLEN_CODE}&state=${'A'.repeat(43)}`,
  ],
  [
    'an error for a state this app never issued',
    `shelfwise://auth/callback?error=access_denied&error_description=Your+account+was+deleted&state=${'B'.repeat(43)}`,
  ],
];

test('hostile deep links are ignored, logged without their values, and the app carries on', async ({
  launchDesktop,
}) => {
  const app = await launchDesktop({ path: '/login' });
  const { page } = app;
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();

  for (const [, link] of HOSTILE) app.secondInstance(link);
  app.openUrl(HOSTILE[0]![1]);
  await app.settled();

  expect(deliveries(app.crossings)).toEqual([]);
  const ignored = app.logs.filter((line) => line.startsWith('Ignored'));
  expect(ignored).toHaveLength(HOSTILE.length + 1);
  expect(app.logs.join('\n')).not.toContain(STOLEN_CODE);
  expect(app.logs.join('\n')).not.toContain('t0k3n');
  await expect(page).toHaveURL(`${APP_URL}/login`);
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(await app.storedSession()).toBeNull();

  // A good link still gets through afterwards.
  app.secondInstance(`shelfwise://confirm-signup?confirmation_url=${enc(VERIFY)}`);
  await expect(page.getByRole('link', { name: 'Confirm Email' })).toHaveAttribute('href', VERIFY);
});

test('a frame inside the app’s page cannot use the bridge', async ({ launchDesktop }) => {
  const app = await launchDesktop({ path: '/login' });
  const { page } = app;
  // An embedded frame (a video in a journal, say: the only frames the page's CSP lets in): the preload would
  // not even run there in Electron; here it does, so the sender check in main is what stops it. The player
  // is served locally in the video host's place.
  const EMBED_URL = 'https://www.youtube-nocookie.com/embed/shelfwise-test';
  await page.route(EMBED_URL, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Player</title><p>Player</p>' }),
  );
  await page.evaluate(
    `(() => { const f = document.createElement('iframe'); f.name = 'embedded'; f.src = '${EMBED_URL}'; document.body.append(f); })()`,
  );
  await expect.poll(() => page.frame({ name: 'embedded' })?.url() ?? '').toBe(EMBED_URL);
  const answer = await page
    .frame({ name: 'embedded' })!
    .evaluate(() =>
      (
        globalThis as unknown as { shelfwise: { auth: { getSession(): Promise<unknown> } } }
      ).shelfwise.auth.getSession(),
    );
  expect(answer).toEqual({
    ok: false,
    error: { kind: 'forbidden', message: 'This page may not use the desktop bridge.' },
  });
  expect(app.logs).toContain('Refused auth:getSession from a frame that is not our page.');

  // The top page itself still may.
  const own = await page.evaluate(() =>
    (
      globalThis as unknown as { shelfwise: { auth: { getSession(): Promise<unknown> } } }
    ).shelfwise.auth.getSession(),
  );
  expect(own).toEqual({ ok: true, value: null });
});
