// The reader chooses the server (issue 32): a first run asks before sign-in, refuses what is not a Shelfwise
// server over https (or http on this machine) with its reason, and goes on with the build's server.
// Switching to another server (sign-out, cache cleared, restart) is covered by desktop-services.test.ts.
import { expect, test } from './fixtures';
import type { SimulatedDesktop } from './support/simulated-window';
import { GOOGLE_CONTROL_URL, SERVER_URL } from './support/ports';

test('a first run picks the server, refusing what is not a Shelfwise server with its reason', async ({
  launchDesktop,
}, testInfo) => {
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
});
