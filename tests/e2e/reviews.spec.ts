// Community Reviews, the review dialog and Review Insights on a work page, against the real server: a
// reader writes, edits and deletes a review; another reader's review follows theirs without a menu; a
// signed-out visitor reads the reviews without a write button. The work's rating is read from the API
// (work-details), so the test does not depend on how the page header shows it.
import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { createConfirmedReader, logIn, newReader, signOut } from './support/accounts';
import { findWork, publicSf, signInApi } from './support/api';
import { snap } from './support/screenshots';

// Distinctive demo works no other spec uses; one per project, so the two runs never see each other's reviews.
const WORKS = { desktop: 'The Death of Virgil', mobile: "Sketches from a Hunter's Album" } as const;

const LONG_BODY = `${'A slow, hypnotic book about the last hours of a poet. '.repeat(7)}The final line stays.`;

async function rating(request: Parameters<typeof publicSf>[0], workId: string) {
  const work = await publicSf(request, 'work-details', { work_id: workId });
  return { count: work.rating_count, sum: work.rating_sum };
}

/** Picks a star value the way a keyboard user does: focus its radio, press Enter. */
async function rate(dialog: Locator, stars: string) {
  await dialog.getByRole('radio', { name: stars, exact: true }).focus();
  await dialog.page().keyboard.press('Enter');
  await expect(dialog.getByText(`${stars.split(' ')[0]} / 5`)).toBeVisible();
}

const radioIn = (dialog: Locator, group: string, name: string) =>
  dialog.getByRole('radiogroup', { name: group }).getByRole('radio', { name, exact: true });

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );
}

test('a reader writes, edits and deletes a review; others and visitors see it', async ({
  page,
  request,
}, testInfo) => {
  const title = WORKS[testInfo.project.name as keyof typeof WORKS];
  const work = await findWork(request, title);
  expect(work.title).toBe(title);
  const before = await rating(request, work.workId);

  const alice = newReader(testInfo, 'Alice');
  const bob = newReader(testInfo, 'Bob');
  await createConfirmedReader(request, alice);
  await createConfirmedReader(request, bob);

  await logIn(page, alice.email, alice.password);
  await page.goto(`/work/${work.workId}`);
  const reviews = page.getByRole('region', { name: 'Community Reviews' });
  const insights = page.getByRole('region', { name: 'Review Insights' });
  await expect(reviews.getByText('No reviews yet. Be the first to share what you thought.')).toBeVisible();
  await expect(
    insights.getByText('No reviews yet. Insights appear once readers review this book.'),
  ).toBeVisible();

  // Write.
  await reviews.getByRole('button', { name: 'Write Review' }).click();
  let dialog = page.getByRole('dialog', { name: 'Write Review' });
  await expect(dialog).toBeVisible();
  // Nothing is chosen for the reader (issue 25): no tone, pace or story focus until picked.
  for (const group of ['Tone', 'Pace', 'Story focus']) {
    await expect(
      dialog.getByRole('radiogroup', { name: group }).getByRole('radio', { checked: true }),
    ).toHaveCount(0);
  }
  await expect(radioIn(dialog, 'Would you recommend it?', 'Skip')).toBeChecked();
  await dialog.getByRole('button', { name: 'Save Review' }).click();
  // The message sits at the top of a long form: focus moves there, so it is on screen on a phone too.
  await expect(dialog.getByText('Please select a rating')).toBeInViewport();
  await snap(page, 'review-dialog-write', { fullPage: false });
  await rate(dialog, '4.5 stars');
  await dialog.getByRole('textbox', { name: 'Headline' }).fill('A requiem in prose');
  await dialog.getByRole('textbox', { name: 'Review' }).fill(LONG_BODY);
  await radioIn(dialog, 'Tone', 'Serious').check();
  await radioIn(dialog, 'Pace', 'Slow').check();
  await radioIn(dialog, 'Would you recommend it?', 'Yes').check();
  await dialog.getByText('Reflective', { exact: true }).click();
  await dialog.getByText('Beautiful prose', { exact: true }).click();
  await dialog.getByRole('combobox', { name: 'Death/Grief' }).selectOption('Moderate');
  await expectNoSidewaysScroll(page);
  await dialog.getByRole('button', { name: 'Save Review' }).click();
  await expect(dialog).toBeHidden();

  const own = reviews.getByRole('article').first();
  await expect(own).toHaveAccessibleName(`Review by ${alice.username}`);
  await expect(own.getByRole('link', { name: alice.username })).toHaveAttribute(
    'href',
    `/user/${alice.username}`,
  );
  await expect(own.getByRole('img', { name: 'Rated 4.5 out of 5' })).toBeVisible();
  await expect(own.getByText('A requiem in prose')).toBeVisible();
  await expect(own.getByText('The final line stays.', { exact: false })).toHaveCount(0);
  await own.getByRole('button', { name: 'Read more' }).click();
  await expect(own.getByText(/The final line stays\.$/)).toBeVisible();
  await own.getByRole('button', { name: 'Show less' }).click();
  expect(await rating(request, work.workId)).toEqual({ count: before.count + 1, sum: before.sum + 4.5 });

  await expect(insights.getByText('Based on 1 review')).toBeVisible();
  await expect(insights.getByRole('group', { name: 'Tone' }).getByText('Serious')).toBeVisible();
  await expect(insights.getByRole('progressbar', { name: 'Slow 100%' })).toBeAttached();
  await expect(insights.getByRole('group', { name: 'Recommended' }).getByText('100%')).toBeVisible();
  await expect(insights.getByText('Reflective · 1')).toBeVisible();
  await expect(insights.getByText('Beautiful prose · 1')).toBeVisible();
  await expect(
    insights.getByRole('group', { name: 'Content warnings' }).getByText('Death/Grief'),
  ).toBeVisible();

  // Edit: the dialog opens filled in.
  await reviews.getByRole('button', { name: 'Edit Review' }).click();
  dialog = page.getByRole('dialog', { name: 'Edit Review' });
  await expect(dialog.getByRole('textbox', { name: 'Headline' })).toHaveValue('A requiem in prose');
  await expect(dialog.getByText('4.5 / 5')).toBeVisible();
  await expect(radioIn(dialog, 'Tone', 'Serious')).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: 'Reflective' })).toBeChecked();
  await expect(dialog.getByRole('combobox', { name: 'Death/Grief' })).toHaveValue('2');
  await rate(dialog, '3 stars');
  await dialog.getByRole('textbox', { name: 'Headline' }).fill('Beautiful, but heavy going');
  await radioIn(dialog, 'Tone', 'Dark').check();
  await dialog.getByRole('button', { name: 'Save Review' }).click();
  await expect(dialog).toBeHidden();
  await expect(own.getByText('Beautiful, but heavy going')).toBeVisible();
  await expect(own.getByRole('img', { name: 'Rated 3 out of 5' })).toBeVisible();
  await expect(insights.getByRole('group', { name: 'Tone' }).getByText('Dark')).toBeVisible();
  expect(await rating(request, work.workId)).toEqual({ count: before.count + 1, sum: before.sum + 3 });

  // A second reader's (newer) review comes after the reader's own, without a menu.
  const bobApi = await signInApi(request, bob);
  await bobApi.sf('submit-review', {
    work_id: work.workId,
    rating: 2,
    headline: 'Not for me',
    review_body: 'The narrator dies at the end.',
    spoiler: true,
  });
  await page.reload();
  await expect(reviews.getByRole('article')).toHaveCount(2);
  await expect(reviews.getByRole('article').first()).toHaveAccessibleName(`Review by ${alice.username}`);
  const bobs = reviews.getByRole('article').nth(1);
  await expect(bobs).toHaveAccessibleName(`Review by ${bob.username}`);
  await expect(bobs.getByText('This review contains spoilers.')).toBeVisible();
  await expect(bobs.getByText('The narrator dies at the end.')).toHaveCount(0);
  await expect(bobs.getByRole('button', { name: 'Review actions' })).toHaveCount(0);
  await expect(reviews.getByRole('button', { name: 'Review actions' })).toHaveCount(1);
  await expect(insights.getByText('Based on 2 reviews')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await snap(page, 'work-reviews-signed-in');

  // Delete the own review through the confirmation.
  await own.getByRole('button', { name: 'Review actions' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Review' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm).toBeHidden();
  await expect(reviews.getByRole('article')).toHaveCount(1);
  await expect(reviews.getByText('Beautiful, but heavy going')).toHaveCount(0);
  await expect(reviews.getByRole('button', { name: 'Write Review' })).toBeVisible();
  expect(await rating(request, work.workId)).toEqual({ count: before.count + 1, sum: before.sum + 2 });

  // A signed-out visitor reads the reviews, but cannot write one.
  await signOut(page);
  await page.goto(`/work/${work.workId}`);
  await expect(reviews.getByRole('article')).toHaveCount(1);
  await reviews.getByRole('article').first().getByRole('button', { name: 'Reveal spoilers' }).click();
  await expect(reviews.getByText('The narrator dies at the end.')).toBeVisible();
  await expect(reviews.getByRole('button', { name: /Write Review|Edit Review|Review actions/ })).toHaveCount(
    0,
  );
  await expect(insights.getByText('Based on 1 review')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await snap(page, 'work-reviews-signed-out');

  // Leave the work's rating as it was found.
  const { reviews: left } = await publicSf(request, 'work-reviews', { work_id: work.workId });
  await bobApi.sf('delete-review', { review_id: left.find((r) => r.username === bob.username)!.id });
  expect(await rating(request, work.workId)).toEqual(before);
});
