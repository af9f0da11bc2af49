// Likes, comments and reports on the real server (issue 27), with two readers and an admin in their own
// browser contexts: Ben likes Ann's review on the work page, comments with a link, edits and deletes his
// comment, and reports the review; an admin dismisses the report on /admin/reports. axe-clean at both
// widths. Demo work used (only reviews are added to it): The Aeneid.
import { expect, test } from '@playwright/test';
import type { Browser, Page } from '@playwright/test';
import { createConfirmedReader, logIn, newReader } from './support/accounts';
import type { Reader } from './support/accounts';
import { adminReader } from './support/admins';
import { findWork, signInApi } from './support/api';
import { axeFindings, describeFindings } from './support/axe';
import { snap } from './support/screenshots';

async function signedInPage(browser: Browser, reader: Reader): Promise<Page> {
  const use = test.info().project.use;
  const context = await browser.newContext({
    baseURL: use.baseURL,
    viewport: use.viewport,
    isMobile: use.isMobile,
    hasTouch: use.hasTouch,
    colorScheme: 'light',
  });
  const page = await context.newPage();
  await logIn(page, reader.email, reader.password);
  return page;
}

async function expectAxeClean(page: Page, screen: string) {
  const findings = await axeFindings(page, screen);
  expect(findings, describeFindings(findings)).toEqual([]);
}

test('a reader likes a review, comments, edits and deletes, reports it; an admin dismisses the report', async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const ann = newReader(testInfo, 'Ann');
  const ben = newReader(testInfo, 'Ben');
  await createConfirmedReader(request, ann);
  await createConfirmedReader(request, ben);
  const work = await findWork(request, 'The Aeneid');
  const headline = `Arms and the man, read by ${ann.username}`;
  const annApi = await signInApi(request, ann);
  await annApi.sf('submit-review', { work_id: work.workId, rating: 4.5, headline });

  const page = await signedInPage(browser, ben);
  await page.goto(`/work/${work.workId}`);
  const review = page.getByRole('article', { name: `Review by ${ann.username}` });
  await expect(review.getByText(headline)).toBeVisible();

  // Like: the toggle says it is pressed and counts the like.
  await review.getByRole('button', { name: `Like review by ${ann.username}, 0 likes` }).click();
  const unlike = review.getByRole('button', { name: `Unlike review by ${ann.username}, 1 like` });
  await expect(unlike).toHaveAttribute('aria-pressed', 'true');

  // Comment with a link: the link is clickable, marked as a reader's, and nothing else is markup.
  await review.getByRole('button', { name: '0 comments' }).click();
  await review.getByLabel('Add a comment').fill('Loved <b>book six</b>, see https://example.com/aeneid.');
  await review.getByRole('button', { name: 'Post comment' }).click();
  const comment = review.getByTestId('review-comment');
  await expect(comment).toContainText('Loved <b>book six</b>, see https://example.com/aeneid.');
  const link = comment.getByRole('link', { name: 'https://example.com/aeneid' });
  await expect(link).toHaveAttribute('href', 'https://example.com/aeneid');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow ugc');
  await expect(review.getByRole('button', { name: '1 comment' })).toBeVisible();
  await snap(page, 'review-talk');
  await page.emulateMedia({ colorScheme: 'dark' });
  await snap(page, 'review-talk-dark');
  await expectAxeClean(page, 'work page with a comment thread, dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await expectAxeClean(page, 'work page with a comment thread');

  // Edit, then delete.
  await comment.getByRole('button', { name: 'Edit' }).click();
  await comment.getByLabel('Edit your comment').fill('On second thought, book two.');
  await comment.getByRole('button', { name: 'Save' }).click();
  await expect(comment).toContainText('On second thought, book two.');
  await expect(comment).toContainText('edited');
  await comment.getByRole('button', { name: 'Delete your comment' }).click();
  await expect(review.getByText('No comments yet.')).toBeVisible();
  await expect(review.getByRole('button', { name: '0 comments' })).toBeVisible();

  // Report the review with a reason.
  await review.getByRole('button', { name: `Report review by ${ann.username}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Report review' });
  await dialog.getByLabel('Unmarked spoilers').check();
  await dialog.getByLabel('Anything the admins should know (optional)').fill('Gives the ending away.');
  await snap(page, 'report-dialog', { fullPage: false });
  await expectAxeClean(page, 'report dialog');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByText('Thank you. An admin will look at your report.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();

  // The admin sees the reported text and dismisses the report.
  const admin = await adminReader(request, testInfo, 'reports');
  const adminPage = await signedInPage(browser, admin);
  await adminPage.goto('/admin/reports');
  await expect(adminPage.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
  await expect(adminPage).toHaveTitle('Reports | Shelfwise');
  const row = adminPage.getByTestId('report-row').filter({ hasText: headline });
  await expect(row).toContainText('Unmarked spoilers');
  await expect(row).toContainText('Gives the ending away.');
  await snap(adminPage, 'admin-reports');
  await expectAxeClean(adminPage, 'admin reports');
  await adminPage.emulateMedia({ colorScheme: 'dark' });
  await snap(adminPage, 'admin-reports-dark');
  await expectAxeClean(adminPage, 'admin reports, dark');
  await row.getByRole('button', { name: 'Dismiss' }).click();
  await expect(adminPage.getByRole('status').getByText('Report dismissed')).toBeVisible();
  await expect(row).toHaveCount(0);
});
