// The desktop app as an OS citizen, through main's own pieces: the application menu's items (clicked as
// the reader would) open their pages and put the keyboard in search; notifications stay off until the
// reader turns them on in Settings, then an import finishing, a goal reached and a new follower raise one
// each, and a click opens their page; the colour scheme and taskbar progress reach the shell; Check for
// Updates… reaches the updater.
import { createConfirmedReader, logIn, newReader } from '../e2e/support/accounts';
import { expect, test } from './fixtures';
import { signInApi } from '../e2e/support/api';
import { sfFromPage } from './support/page-bridge';

const TITLE = 'Emma';

test('menu items, notifications, colour scheme, taskbar progress and the update check', async ({
  launchDesktop,
  request,
}, testInfo) => {
  const reader = newReader(testInfo);
  await createConfirmedReader(request, reader);
  const app = await launchDesktop();
  const { page } = app;
  await logIn(page, reader.email, reader.password);

  const found = await sfFromPage(page, 'search-works', { query: TITLE });
  if (!found.ok) throw new Error(JSON.stringify(found.error));
  const hit = found.value.results.find((r: { work_title: string }) => r.work_title === TITLE);
  const work = await sfFromPage(page, 'work-details', { work_id: hit.work_id });
  if (!work.ok) throw new Error(JSON.stringify(work.error));
  const base = { work_id: work.value.id, edition_id: work.value.primary_edition_id };

  await test.step('menu: our items open their pages, Search focuses the search box', async () => {
    for (const [label, path] of [
      ['Reading Logs', '/logs'],
      ['Stats', '/stats'],
      ['Import…', '/import'],
      ['Export…', '/import#export-heading'],
      ['Settings', '/settings'],
    ] as const) {
      await app.clickMenu(label);
      await expect(page).toHaveURL(path);
    }
    await app.clickMenu('Search');
    await expect(page.getByRole('searchbox', { name: 'Search books' }).last()).toBeFocused();
    await page.keyboard.type(TITLE);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(`/search/${TITLE}`);
    await page.keyboard.press('Escape');

    // Update Progress opens the book read last (main knows it from the cached currently-reading answer).
    expect((await sfFromPage(page, 'log-progress-event', { ...base, event_type: 'start' })).ok).toBe(true);
    await page.goto('/');
    await expect(page.getByRole('link', { name: TITLE }).first()).toBeVisible();
    await app.clickMenu('Update Progress');
    await expect(page).toHaveURL(`/work/${base.work_id}/${base.edition_id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(TITLE);
  });

  const notify = () =>
    page.evaluate(() =>
      (
        globalThis as unknown as { shelfwise: { desktop: { notify(n: unknown): Promise<unknown> } } }
      ).shelfwise.desktop.notify({
        kind: 'import-finished',
        title: 'Import finished',
        body: '12 books added',
        path: '/import',
      }),
    );
  const notifications = () => app.shellCalls.filter((c) => c.call === 'notification').map((c) => c.args[0]);

  await test.step('notifications are off until turned on in Settings', async () => {
    await notify();
    expect(notifications()).toEqual([]);
    await page.goto('/settings');
    const toggle = page.getByRole('switch', { name: 'Desktop notifications' });
    await expect(toggle).not.toBeChecked();
    await toggle.check({ force: true });
    await expect(toggle).toBeChecked();
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Desktop notifications' })).toBeChecked();

    await notify();
    expect(notifications()).toEqual([{ title: 'Import finished', body: '12 books added' }]);
    await app.clickNotification();
    await expect(page).toHaveURL('/import');
  });

  await test.step('a goal reached, seen in the goals main proxies, raises one notification', async () => {
    const year = new Date().getFullYear();
    expect(
      (await sfFromPage(page, 'set-reading-goal', { goal_year: year, goal_type: 'books', target_qty: 1 })).ok,
    ).toBe(true);
    await page.goto('/');
    await expect(page.getByText(`${year} Goals`)).toBeVisible();
    await expect(page.getByText(`No goals set for ${year}`)).toHaveCount(0);
    expect((await sfFromPage(page, 'log-progress-event', { ...base, event_type: 'finish' })).ok).toBe(true);
    await page.reload();
    await expect
      .poll(() => notifications().filter((n) => (n as { title: string }).title === 'Reading goal reached'))
      .toEqual([{ title: 'Reading goal reached', body: `You reached your ${year} goal of 1 books.` }]);
    await page.reload();
    await expect(page.getByText(`${year} Goals`)).toBeVisible();
    expect(notifications()).toHaveLength(2);
  });

  await test.step('a new follower, seen in the bell count main proxies, raises one notification', async () => {
    const fan = newReader(testInfo, 'Fan');
    await createConfirmedReader(request, fan);
    const fanApi = await signInApi(request, fan);
    const me = await signInApi(request, reader);
    await fanApi.sf('follow-reader', { user_id: me.userId });
    // The bell asks again on load; main compares the count with the one it proxied before.
    await page.reload();
    const social = () => notifications().filter((n) => (n as { title: string }).title === 'Shelfwise');
    await expect
      .poll(social)
      .toEqual([{ title: 'Shelfwise', body: `${fan.firstName} ${fan.lastName} started following you.` }]);
    await app.clickNotification();
    await expect(page).toHaveURL(`/user/${fan.username}`);
    // Asked again with nothing new: nothing raised again.
    await page.reload();
    await expect(page.getByTestId('notification-bell').locator('visible=true')).toHaveAccessibleName(
      'Notifications, 1 unread',
    );
    expect(social()).toHaveLength(1);
  });

  await test.step('colour scheme and taskbar progress reach the shell; Check for Updates… reaches the updater', async () => {
    await page.evaluate(async () => {
      const bridge = (
        globalThis as unknown as {
          shelfwise: {
            desktop: {
              setColorScheme(s: string): Promise<unknown>;
              setTaskbarProgress(f: number | null): Promise<unknown>;
            };
          };
        }
      ).shelfwise.desktop;
      await bridge.setColorScheme('dark');
      await bridge.setTaskbarProgress(0.4);
      await bridge.setTaskbarProgress(null);
    });
    // The renderer hands over the reader's scheme on every start ('system' until they choose); ours came last.
    expect(app.shellCalls.filter((c) => c.call === 'themeSource').at(-1)).toEqual({
      call: 'themeSource',
      args: ['dark'],
    });
    expect(app.shellCalls.filter((c) => c.call === 'progressBar')).toEqual([
      { call: 'progressBar', args: [0.4] },
      { call: 'progressBar', args: [-1] },
    ]);
    await app.clickMenu('Check for Updates…');
    expect(app.updateChecks).toEqual(['check']);
  });
});
