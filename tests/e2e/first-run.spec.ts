// A new reader's first steps on a fresh server (issue 25): 'Login with Google' where Google is not
// configured (the e2e server has none) keeps them on the login screen with a plain message; an address not
// confirmed yet gets 'Send the link again', whose mail arrives and whose link works; finishing a book offers
// its review, which can be skipped, and the work page then says when it was read and offers reading it again.
import { expect, test } from '@playwright/test';
import { GOOGLE_UNAVAILABLE_MESSAGE } from '../../shared/api/accounts';
import { createConfirmedReader, logIn, newReader } from './support/accounts';
import { findWork, signInApi } from './support/api';
import { mailLink, nextMail, readMailbox } from './support/mailbox';
import { snap } from './support/screenshots';

test('Login with Google on a server without Google stays on the login screen with a plain message', async ({
  page,
}) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Login with Google' }).click();
  await expect(page.getByRole('alert')).toHaveText(GOOGLE_UNAVAILABLE_MESSAGE);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  await snap(page, 'login-google-unavailable');
});

test('a browser sent to /authorize anyway comes back to the login screen with the message', async ({
  page,
}) => {
  const challenge = 'a'.repeat(43);
  await page.goto(
    `/auth/v1/authorize?provider=google&code_challenge=${challenge}&code_challenge_method=s256`,
  );
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(GOOGLE_UNAVAILABLE_MESSAGE)).toBeVisible();
});

test("'Email not confirmed' offers 'Send the link again'; the new mail arrives and its link confirms", async ({
  page,
  request,
}, testInfo) => {
  const reader = newReader(testInfo);
  await page.goto('/signup');
  await page.getByLabel('First name').fill(reader.firstName);
  await page.getByLabel('Username').fill(reader.username);
  await page.getByLabel('Email').fill(reader.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(reader.password);
  await page.getByLabel('Confirm password').fill(reader.password);
  await page.getByRole('checkbox', { name: /I agree to the/ }).check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await nextMail(request, reader.email, 0);

  await page.goto('/login');
  await page.getByLabel('Email').fill(reader.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(reader.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Email not confirmed');
  const seen = (await readMailbox(request, reader.email)).length;
  await page.getByRole('button', { name: 'Send the link again' }).click();
  await expect(
    page.getByText(
      'If this address is waiting for confirmation, a new link is on its way. Please check your email.',
    ),
  ).toBeVisible();
  await snap(page, 'login-link-sent-again');

  const mail = await nextMail(request, reader.email, seen);
  expect(mail.subject).toBe('Confirm your Shelfwise account');
  await page.goto(mailLink(mail, '/confirm-signup'));
  await page.getByRole('link', { name: 'Confirm Email' }).click();
  // The link was asked for in this browser (PKCE): it signs the reader in here.
  await expect(page.getByRole('heading', { name: 'Reading Dashboard' })).toBeVisible();
});

test('finishing a book offers its review, which can be skipped; the work page remembers the finish', async ({
  page,
  request,
}, testInfo) => {
  const reader = newReader(testInfo);
  await createConfirmedReader(request, reader);
  const api = await signInApi(request, reader);
  const work = await findWork(request, 'Hamlet');
  await api.sf('log-progress-event', {
    work_id: work.workId,
    edition_id: work.primaryEditionId!,
    event_type: 'start',
  });
  await logIn(page, reader.email, reader.password);

  const card = page.getByRole('article', { name: work.title });
  await card.getByRole('button', { name: 'Update Progress' }).click();
  const update = page.getByRole('dialog', { name: 'Update Reading Progress' });
  await update.getByText('Mark as finished', { exact: true }).click();
  await update.getByRole('button', { name: 'Save Progress' }).click();
  const offer = page.getByRole('dialog', { name: `You finished ${work.title}` });
  await expect(offer).toBeVisible();
  await expect(offer.getByRole('button', { name: 'Write Review' })).toBeEnabled();
  await snap(page, 'finish-review-offer', { fullPage: false });
  await offer.getByRole('button', { name: 'Skip' }).click();
  await expect(offer).toBeHidden();
  await expect(card).toHaveCount(0);

  await page.goto(`/work/${work.workId}`);
  const status = page.getByRole('group', { name: 'Reading status' });
  const today = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' }).format(
    new Date(),
  );
  await expect(status.getByText(`Read on ${today}`)).toBeVisible();
  await snap(page, 'work-read-on');
  await status.getByRole('button', { name: 'Read Again' }).click();
  await expect(status.getByText('Currently Reading')).toBeVisible();
});
