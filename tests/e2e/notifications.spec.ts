// Notifications and the block and mute screens on the real server (issue 27), with two or three readers in
// their own browser contexts: followers arrive as notifications, the bell counts them, the list marks one and
// then all read; a reader mutes and blocks another from the profile and undoes it in Settings. Both screens
// are checked with axe and photographed in light and dark.
import { expect, test } from '@playwright/test';
import type { Browser, Page } from '@playwright/test';
import { createConfirmedReader, logIn, newReader } from './support/accounts';
import type { Reader } from './support/accounts';
import { axeFindings, describeFindings } from './support/axe';
import { snap } from './support/screenshots';
import { settle } from './support/settle';

async function signedInPage(browser: Browser, reader: Reader, colorScheme: 'light' | 'dark' = 'light') {
  const use = test.info().project.use;
  const context = await browser.newContext({
    baseURL: use.baseURL,
    viewport: use.viewport,
    isMobile: use.isMobile,
    hasTouch: use.hasTouch,
    colorScheme,
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  await logIn(page, reader.email, reader.password);
  return page;
}

const fullName = (r: Reader) => `${r.firstName} ${r.lastName}`;

async function follow(page: Page, reader: Reader) {
  await page.goto(`/user/${reader.username}`);
  await page.getByRole('button', { name: `Follow ${fullName(reader)}` }).click();
  await expect(page.getByRole('button', { name: `Unfollow ${fullName(reader)}` })).toBeVisible();
}

/** The bell shown at this width (the header has one per layout; the other is hidden). */
const bell = (page: Page) => page.getByTestId('notification-bell').locator('visible=true');

for (const colorScheme of ['light', 'dark'] as const) {
  test(`followers arrive as notifications, counted by the bell and marked read (${colorScheme})`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const [ann, ben, cat] = [
      newReader(test.info(), 'Ann'),
      newReader(test.info(), 'Ben'),
      newReader(test.info(), 'Cat'),
    ];
    for (const r of [ann, ben, cat]) await createConfirmedReader(request, r);
    const annPage = await signedInPage(browser, ann, colorScheme);
    await expect(bell(annPage)).toHaveAccessibleName('Notifications');

    await follow(await signedInPage(browser, ben), ann);
    await follow(await signedInPage(browser, cat), ann);

    await annPage.reload();
    await expect(bell(annPage)).toHaveAccessibleName('Notifications, 2 unread');
    await bell(annPage).click();
    await expect(annPage).toHaveURL(/\/notifications$/);
    await expect(annPage).toHaveTitle('Notifications | Shelfwise');
    const items = annPage.getByTestId('notification');
    await expect(items).toHaveCount(2);
    await expect(items.nth(0)).toContainText(`${fullName(cat)} started following you.`);
    await expect(items.nth(1)).toContainText(`${fullName(ben)} started following you.`);
    await settle(annPage);
    const findings = await axeFindings(annPage, `/notifications (${colorScheme})`);
    expect(findings, describeFindings(findings)).toEqual([]);
    await snap(annPage, `notifications-${colorScheme}`);

    await items
      .nth(1)
      .getByRole('button', { name: `Mark as read: ${fullName(ben)} started following you.` })
      .click();
    await expect(items.nth(1)).toHaveAttribute('data-read', 'true');
    await expect(bell(annPage)).toHaveAccessibleName('Notifications, 1 unread');
    await annPage.getByRole('button', { name: 'Mark all as read' }).click();
    await expect(bell(annPage)).toHaveAccessibleName('Notifications');
    await expect(annPage.getByRole('button', { name: 'Mark all as read' })).toBeHidden();

    // The link leads to the follower's profile.
    await items
      .nth(0)
      .getByRole('link', { name: fullName(cat) })
      .click();
    await expect(annPage).toHaveURL(new RegExp(`/user/${cat.username}$`));
  });

  test(`a reader mutes and blocks another from the profile and undoes it in Settings (${colorScheme})`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const [dee, eve] = [newReader(test.info(), 'Dee'), newReader(test.info(), 'Eve')];
    for (const r of [dee, eve]) await createConfirmedReader(request, r);
    const page = await signedInPage(browser, dee, colorScheme);
    await follow(page, eve);

    const more = page.getByRole('button', { name: `More for ${fullName(eve)}` });
    await more.click();
    await page.getByRole('menuitem', { name: `Mute ${fullName(eve)}` }).click();
    await more.click();
    await expect(page.getByRole('menuitem', { name: `Unmute ${fullName(eve)}` })).toBeVisible();
    await snap(page, `profile-safety-menu-${colorScheme}`, { fullPage: false });
    await page.getByRole('menuitem', { name: `Block ${fullName(eve)}` }).click();
    // A block ends the follow, and the follow button goes.
    await expect(page.getByRole('button', { name: `Unfollow ${fullName(eve)}` })).toBeHidden();
    await expect(page.getByRole('button', { name: '0 followers' })).toBeVisible();

    await page.goto('/settings');
    const card = page.getByRole('region', { name: 'Blocked and muted' });
    const blocked = card.getByRole('region', { name: 'Blocked readers' });
    const muted = card.getByRole('region', { name: 'Muted readers' });
    await expect(blocked.getByRole('link', { name: fullName(eve) })).toBeVisible();
    await expect(muted.getByRole('link', { name: fullName(eve) })).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Notifications' }).getByRole('switch', { name: 'New followers' }),
    ).toBeChecked();
    await settle(page);
    const findings = await axeFindings(page, `/settings (${colorScheme})`);
    expect(findings, describeFindings(findings)).toEqual([]);
    await card.scrollIntoViewIfNeeded();
    await snap(page, `settings-blocked-${colorScheme}`);

    await blocked.getByRole('button', { name: `Unblock ${fullName(eve)}` }).click();
    await expect(blocked.getByText('You have not blocked anyone.')).toBeVisible();
    await muted.getByRole('button', { name: `Unmute ${fullName(eve)}` }).click();
    await expect(muted.getByText('You have not muted anyone.')).toBeVisible();

    // Unblocked, Eve can be followed again.
    await page.goto(`/user/${eve.username}`);
    await expect(page.getByRole('button', { name: `Follow ${fullName(eve)}` })).toBeVisible();
  });
}
