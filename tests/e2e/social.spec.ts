// Following and Friends Activity on the real server (issue 27), with two readers in two browser contexts:
// Ann follows Ben from his profile; Ben starts and finishes a book; Ann sees both in Friends Activity on her
// dashboard and on /activity, and follows the line to the work. Also the follow lists and the Settings
// choice. Demo work used (none is changed): The Analects.
import { expect, test } from '@playwright/test';
import type { Browser, Page } from '@playwright/test';
import { createConfirmedReader, logIn, newReader } from './support/accounts';
import type { Reader } from './support/accounts';
import { findWork } from './support/api';
import { snap } from './support/screenshots';

async function signedInPage(browser: Browser, reader: Reader): Promise<Page> {
  const use = test.info().project.use;
  const context = await browser.newContext({
    baseURL: use.baseURL,
    viewport: use.viewport,
    isMobile: use.isMobile,
    hasTouch: use.hasTouch,
  });
  const page = await context.newPage();
  await logIn(page, reader.email, reader.password);
  return page;
}

test('a reader follows another and sees their reading in Friends Activity', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const ann = newReader(test.info(), 'Ann');
  const ben = newReader(test.info(), 'Ben');
  await createConfirmedReader(request, ann);
  await createConfirmedReader(request, ben);
  const annPage = await signedInPage(browser, ann);
  const benPage = await signedInPage(browser, ben);

  // Nobody followed yet: the panel says so, with no sample people.
  const panel = annPage.getByRole('region', { name: 'Friends Activity' });
  await expect(panel.getByText(/You are not following anyone yet\./)).toBeVisible();
  await expect(panel.getByText('Maya Chen')).toHaveCount(0);
  await expect(panel.getByRole('region', { name: 'Readers you may like' })).toBeVisible();
  await snap(annPage, 'friends-activity-empty');

  // Ann follows Ben from his profile.
  await annPage.goto(`/user/${ben.username}`);
  await expect(annPage.getByRole('heading', { name: 'Ben' })).toBeVisible();
  await expect(annPage.getByRole('button', { name: '0 followers' })).toBeVisible();
  await annPage.getByRole('button', { name: `Follow ${ben.firstName} ${ben.lastName}` }).click();
  await expect(annPage.getByRole('button', { name: `Unfollow ${ben.firstName} ${ben.lastName}` })).toHaveText(
    'Following',
  );
  await expect(annPage.getByRole('button', { name: '1 follower' })).toBeVisible();
  await snap(annPage, 'profile-follow');
  await annPage.getByRole('button', { name: '1 follower' }).click();
  const list = annPage.getByRole('dialog', { name: 'Followers' });
  await expect(list.getByRole('link', { name: `${ann.firstName} ${ann.lastName}` })).toBeVisible();
  await snap(annPage, 'profile-followers-list', { fullPage: false });
  await annPage.keyboard.press('Escape');
  await expect(list).toBeHidden();

  // Ben starts the book on its page and finishes it from his dashboard.
  const work = await findWork(request, 'The Analects');
  await benPage.goto(`/work/${work.workId}`);
  await benPage.getByRole('button', { name: 'Start Reading' }).click();
  await expect(
    benPage.getByRole('group', { name: 'Reading status' }).getByText('Currently Reading'),
  ).toBeVisible();
  await benPage.goto('/');
  await benPage
    .getByRole('article', { name: work.title })
    .getByRole('button', { name: 'Update Progress' })
    .click();
  const dialog = benPage.getByRole('dialog', { name: 'Update Reading Progress' });
  await dialog.getByLabel('Mark as finished').check();
  await dialog.getByRole('button', { name: 'Save Progress' }).click();
  await benPage
    .getByRole('dialog', { name: `You finished ${work.title}` })
    .getByRole('button', { name: 'Skip' })
    .click();

  // Ann sees both on her dashboard, newest first, and on /activity, and follows the line to the work.
  await annPage.goto('/');
  const lines = annPage.getByRole('region', { name: 'Friends Activity' }).getByTestId('activity-line');
  await expect(lines).toHaveCount(2);
  await expect(lines.nth(0)).toContainText(`${ben.firstName} ${ben.lastName} finished ${work.title}`);
  await expect(lines.nth(1)).toContainText(`${ben.firstName} ${ben.lastName} started ${work.title}`);
  await snap(annPage, 'friends-activity-dashboard');

  await annPage.getByRole('link', { name: 'See all activity' }).click();
  await expect(annPage).toHaveURL(/\/activity$/);
  await expect(annPage).toHaveTitle('Friends Activity | Shelfwise');
  const page = annPage.getByTestId('activity-line');
  await expect(page).toHaveCount(2);
  await snap(annPage, 'activity-page');

  // Ann likes Ben's newest line; its count opens who liked, by keyboard, and the list links to her profile.
  const newest = page.nth(0);
  await newest.getByRole('button', { name: `Like ${ben.username}'s activity, 0 likes` }).click();
  const count = newest.getByRole('button', { name: `1 like: see who liked ${ben.username}'s activity` });
  await expect(count).toHaveAttribute('aria-haspopup', 'dialog');
  await count.focus();
  await annPage.keyboard.press('Enter');
  const likers = annPage.getByRole('dialog', { name: `Who liked ${ben.username}'s activity` });
  const liker = likers.getByRole('link', { name: `${ann.firstName} ${ann.lastName}` });
  await expect(liker).toHaveAttribute('href', `/user/${ann.username}`);
  await expect(likers.getByRole('listitem')).toHaveCount(1);
  await snap(annPage, 'activity-likers', { fullPage: false });
  await annPage.keyboard.press('Escape');
  await expect(likers).toBeHidden();
  await expect(count).toBeFocused();
  await page.nth(0).getByRole('link', { name: work.title }).click();
  await expect(annPage).toHaveURL(new RegExp(`/work/${work.workId}$`));
  await expect(annPage.getByRole('heading', { level: 1, name: work.title })).toBeVisible();
});

test('Settings: a reader chooses to approve followers, and answers a request', async ({
  browser,
  request,
}) => {
  const shy = newReader(test.info(), 'Shy');
  const fan = newReader(test.info(), 'Fan');
  await createConfirmedReader(request, shy);
  await createConfirmedReader(request, fan);
  const shyPage = await signedInPage(browser, shy);
  await shyPage.goto('/settings');
  const section = shyPage.getByRole('region', { name: 'Followers' });
  await expect(section.getByRole('radio', { name: 'Anyone' })).toBeChecked();
  await section.getByRole('radio', { name: 'Readers I approve' }).check();
  await expect(section.getByRole('radio', { name: 'Readers I approve' })).toBeChecked();

  const fanPage = await signedInPage(browser, fan);
  await fanPage.goto(`/user/${shy.username}`);
  await expect(
    fanPage.getByText('This reader shares their shelves and reading with their followers.'),
  ).toBeVisible();
  await fanPage.getByRole('button', { name: `Follow ${shy.firstName} ${shy.lastName}` }).click();
  await expect(fanPage.getByRole('button', { name: /Withdraw your request/ })).toHaveText('Requested');

  await shyPage.reload();
  const requests = shyPage.getByRole('region', { name: 'Follow requests' });
  await expect(requests.getByRole('link', { name: `${fan.firstName} ${fan.lastName}` })).toBeVisible();
  await snap(shyPage, 'settings-followers');
  await requests.getByRole('button', { name: `Approve ${fan.username}` }).click();
  await expect(requests).toBeHidden();

  await fanPage.reload();
  await expect(
    fanPage.getByRole('button', { name: `Unfollow ${shy.firstName} ${shy.lastName}` }),
  ).toBeVisible();
  await expect(
    fanPage.getByText('This reader shares their shelves and reading with their followers.'),
  ).toHaveCount(0);
});
