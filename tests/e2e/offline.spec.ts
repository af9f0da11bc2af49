// The web app without a signal (issue 29), in Chromium at both widths: a signed-in reader loses the
// connection mid-session, keeps browsing their cached shelf and logs under the offline banner, logs progress
// and edits a journal; when the connection returns each change reaches the server once, in order. A change
// the server refuses is shown with its message until dismissed, and signing out deletes the offline copy.
import { expect, test } from '@playwright/test';
import type { BrowserContext, Page } from '@playwright/test';
import { createConfirmedReader, logIn, newReader, signOut } from './support/accounts';
import { signInApi } from './support/api';
import type { ApiClient } from './support/api';
import { setUpReaderScene } from './support/reader-scene';
import type { ReaderScene } from './support/reader-scene';
import { snap } from './support/screenshots';

// These specs are about the service worker, which the suite blocks elsewhere (playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

/** Moves to an in-app path as a link does, without loading a document (there is no network for one). */
async function goInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** Signs the scene's reader in and visits each screen once online, so their answers are kept. */
async function readerOnline(page: Page, request: Parameters<typeof setUpReaderScene>[0]) {
  const reader = newReader(test.info());
  await createConfirmedReader(request, reader);
  const scene = await setUpReaderScene(request, reader);
  const api = await signInApi(request, reader);
  // The installed app: its worker has every route's code, so screens never opened online open offline.
  await page.goto('/');
  await page.evaluate(async () => void (await navigator.serviceWorker.ready));
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  await logIn(page, reader.email, reader.password);
  await goInApp(page, `/shelf/${scene.shelfId}`);
  await expect(page.getByRole('link', { name: 'Frankenstein' }).first()).toBeVisible();
  await goInApp(page, '/logs');
  await expect(page.getByRole('list', { name: 'Reading logs' })).toBeVisible();
  await goInApp(page, '/');
  await expect(page.getByRole('article', { name: 'Middlemarch' })).toBeVisible();
  return { scene, api };
}

async function logProgressOffline(page: Page, endPage: string): Promise<void> {
  await page
    .getByRole('article', { name: 'Middlemarch' })
    .getByRole('button', { name: 'Update Progress' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Update Reading Progress' });
  await dialog.getByLabel('End page').fill(endPage);
  await dialog.getByRole('button', { name: 'Save Progress' }).click();
  await expect(dialog).toBeHidden();
}

async function goOffline(page: Page, context: BrowserContext): Promise<void> {
  await context.setOffline(true);
  await expect(page.getByText('You are offline')).toBeVisible();
}

async function progressEvents(api: ApiClient, scene: ReaderScene) {
  const { events } = await api.sf('reading-events', { work_id: scene.workId, types: ['progress'] });
  return events;
}

test('browses, logs progress and edits a journal offline; it all arrives once, in order', async ({
  page,
  context,
  request,
}) => {
  const { scene, api } = await readerOnline(page, request);
  await goOffline(page, context);

  await logProgressOffline(page, '150');
  await expect(page.getByText('1 change will be sent when the connection is back.')).toBeVisible();
  await expect(page.getByRole('article', { name: 'Middlemarch' })).toBeVisible();

  await goInApp(page, `/shelf/${scene.shelfId}`);
  await expect(page.getByRole('heading', { name: 'Evening Reads' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Frankenstein' }).first()).toBeVisible();

  await goInApp(page, '/logs');
  const log = page
    .getByRole('list', { name: 'Reading logs' })
    .getByRole('listitem')
    .filter({ hasText: 'Pages 1-120' });
  await log.getByRole('button', { name: /^Middlemarch/ }).click();
  const journal = page.getByRole('group', { name: 'Journal' }).locator('[contenteditable="true"]').first();
  await expect(journal).toHaveText('Dorothea has just met Casaubon, and already I fear for her.');
  await journal.click();
  await journal.press('End');
  await journal.pressSequentially(' Read on the train.');
  await expect(page.getByRole('status', { name: 'Save status' })).toHaveText('Saved');
  await expect(page.getByText('2 changes will be sent when the connection is back.')).toBeVisible();
  await snap(page, 'offline-logs');
  expect(await progressEvents(api, scene)).toHaveLength(1);

  await context.setOffline(false);
  await expect(page.getByText('You are offline')).toBeHidden();
  await expect(page.getByText(/made offline/)).toBeHidden();

  const events = await progressEvents(api, scene);
  // The scene's own progress (page 120) and the one made offline, once.
  expect(events.map((e) => e.end_page)).toEqual([150, 120]);
  const { logs } = await api.sf('list-reading-logs', { limit: 50 });
  const edited = logs.find((l) => l.end_page === 120);
  expect(edited?.journal_md).toContain('Read on the train.');
});

test('a reload without a connection keeps the reader signed in, with their cached screens', async ({
  page,
  context,
  request,
}) => {
  const { scene } = await readerOnline(page, request);
  await goOffline(page, context);
  // A new document: the worker serves the app, which must open the stored session without the server.
  await page.reload();
  await expect(page.getByText('You are offline')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Reading Dashboard' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Middlemarch' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Log in' })).toHaveCount(0);
  await goInApp(page, `/shelf/${scene.shelfId}`);
  await expect(page.getByRole('heading', { name: 'Evening Reads' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Frankenstein' }).first()).toBeVisible();
  await snap(page, 'offline-reload-shelf');

  // Back online, the same session carries on: the server answers as this reader.
  await context.setOffline(false);
  await expect(page.getByText('You are offline')).toBeHidden();
  await page.reload();
  await expect(page.getByRole('link', { name: 'Frankenstein' }).first()).toBeVisible();
});

test('shows a change the server refused until it is dismissed; sign-out deletes the offline copy', async ({
  page,
  context,
  request,
}) => {
  const { scene, api } = await readerOnline(page, request);
  await goOffline(page, context);
  await logProgressOffline(page, '130');
  // Meanwhile, on another device, the reader finished the book: progress can no longer follow it.
  await api.sf('log-progress-event', {
    work_id: scene.workId,
    edition_id: scene.editionId,
    event_type: 'finish',
    start_page: 1,
    end_page: 200,
  });

  await context.setOffline(false);
  const refusal = page.getByRole('alert').filter({ hasText: 'A change made offline was not saved' });
  await expect(refusal).toBeVisible();
  await expect(refusal).toContainText('Reading progress from');
  await snap(page, 'offline-refusal-light', { fullPage: false });
  await page.emulateMedia({ colorScheme: 'dark' });
  await snap(page, 'offline-refusal-dark', { fullPage: false });
  await refusal.getByRole('button', { name: 'Dismiss' }).click();
  await expect(refusal).toBeHidden();
  expect((await progressEvents(api, scene)).map((e) => e.end_page)).toEqual([120]);

  const kept = () =>
    page.evaluate(
      () =>
        new Promise<number>((resolve, reject) => {
          const open = indexedDB.open('shelfwise-offline');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const count = open.result.transaction('entries').objectStore('entries').count();
            count.onsuccess = () => resolve(count.result);
          };
        }),
    );
  expect(await kept()).toBeGreaterThan(0);
  await signOut(page);
  await expect.poll(kept).toBe(0);
});
