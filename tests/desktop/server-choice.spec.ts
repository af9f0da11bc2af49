// The reader chooses the server (issue 32): a first run asks before sign-in, refuses what is not a Shelfwise
// server over https (or http on this machine) with its reason, and Settings → Server switches to another,
// which signs the reader out here, clears their cache and restarts the app on it. The suite's server answers
// under two origins (SERVER_URL and APP_URL), which the app must treat as two servers.
import { createConfirmedReader, logIn, newReader } from '../e2e/support/accounts';
import { expect, test } from './fixtures';
import type { SimulatedDesktop } from './support/simulated-window';
import { APP_URL, GOOGLE_CONTROL_URL, SERVER_URL } from './support/ports';

test('a first run picks the server, and switching server signs out, clears and restarts', async ({
  launchDesktop,
  request,
}, testInfo) => {
  const reader = newReader(testInfo);
  await createConfirmedReader(request, reader);
  const app = (await launchDesktop({ firstRun: true })) as unknown as SimulatedDesktop;
  const { page } = app;
  const shots = `/work/notes/i32-chooser-shots/${testInfo.project.name}`;

  await test.step('first run: the build’s server is offered first; what is not Shelfwise is refused', async () => {
    await expect(page.getByRole('heading', { name: 'Welcome to Shelfwise' })).toBeVisible();
    await expect(page.getByRole('radio', { name: `Use Shelfwise at ${SERVER_URL}` })).toBeChecked();
    await page.getByRole('radio', { name: 'Use a self-hosted server' }).click();
    const address = page.getByRole('textbox', { name: /Server address/ });
    await address.fill('http://books.example.org');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'Use an https address. Plain http is only allowed for a server on this computer.',
    );
    await address.fill(GOOGLE_CONTROL_URL);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      `${GOOGLE_CONTROL_URL} did not answer as a Shelfwise server.`,
    );
    await page.screenshot({ path: `${shots}-first-run-refused.png`, fullPage: true });
    expect(app.savedServers).toEqual([]);

    await page.getByRole('radio', { name: `Use Shelfwise at ${SERVER_URL}` }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Manage your reading journey with precision')).toBeVisible();
    expect(app.savedServers).toEqual([SERVER_URL]);
    expect(app.restarts()).toBe(0);
  });

  await test.step('Settings → Server: another server signs the reader out, clears the cache, restarts', async () => {
    await logIn(page, reader.email, reader.password);
    await page.goto('/settings');
    const section = page.getByRole('region', { name: 'Server' });
    await expect(section).toContainText(`Shelfwise uses ${SERVER_URL}.`);
    await expect.poll(() => Object.keys(app.cache()).some((key) => key.startsWith('cache-'))).toBe(true);
    await section.scrollIntoViewIfNeeded();
    await section.getByRole('radio', { name: 'Use a self-hosted server' }).click();
    await section.getByRole('textbox', { name: /Server address/ }).fill(APP_URL);
    await page.screenshot({ path: `${shots}-settings-server.png`, fullPage: true });
    await section.getByRole('button', { name: 'Use this server' }).click();
    await expect(section.getByRole('status')).toHaveText(`Shelfwise is restarting to use ${APP_URL}.`);

    expect(app.savedServers).toEqual([SERVER_URL, APP_URL]);
    expect(app.restarts()).toBe(1);
    expect(await app.storedSession()).toBeNull();
    expect(Object.keys(app.cache()).filter((key) => key.startsWith('cache-'))).toEqual([]);
    expect(app.shellCalls).toContainEqual({ call: 'clearBrowsingData', args: [] });
  });
});
