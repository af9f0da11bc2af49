// Offline in the desktop app: main loses the server mid-session; the reader still browses their books and
// logs (from main's encrypted cache, with the offline banner, never an error page) and logs progress and a
// journal; back online, every change arrives once, in order, and one the server refuses is shown with its
// message. Nothing of it, nor a token, is on disk in plain text. A write the server did whose reply was lost
// is sent again and logged once (its Idempotency-Key).
import { createConfirmedReader, logIn, newReader } from '../e2e/support/accounts';
import { expect, test } from './fixtures';
import { sfFromPage } from './support/page-bridge';

const TITLE = 'Pride and Prejudice';
const JOURNAL = 'Written on a train with no signal, about Mr Darcy’s letter.';

test('offline mid-session: browse and log from the cache, then everything arrives once', async ({
  launchDesktop,
  request,
}, testInfo) => {
  const reader = newReader(testInfo);
  await createConfirmedReader(request, reader);
  const app = await launchDesktop();
  const { page } = app;
  await logIn(page, reader.email, reader.password);

  let base = { work_id: '', edition_id: '' };
  let logId = '';
  await test.step('online: start a book and browse the dashboard and the logs', async () => {
    const found = await sfFromPage(page, 'search-works', { query: TITLE });
    if (!found.ok) throw new Error(JSON.stringify(found.error));
    const hit = found.value.results.find((r: { work_title: string }) => r.work_title === TITLE);
    const work = await sfFromPage(page, 'work-details', { work_id: hit.work_id });
    if (!work.ok) throw new Error(JSON.stringify(work.error));
    base = { work_id: work.value.id, edition_id: work.value.primary_edition_id };
    const started = await sfFromPage(page, 'log-progress-event', { ...base, event_type: 'start' });
    expect(started.ok).toBe(true);
    const logged = await sfFromPage(page, 'log-progress-event', {
      ...base,
      event_type: 'progress',
      start_percent: 0,
      end_percent: 30,
    });
    if (!logged.ok) throw new Error(JSON.stringify(logged.error));
    logId = logged.value.event.id;

    await page.goto('/');
    await expect(page.getByRole('link', { name: TITLE }).first()).toBeVisible();
    await expect(page.getByText('30%').first()).toBeVisible();
    await page.goto('/logs');
    await expect(page.getByText(TITLE).first()).toBeVisible();
  });

  await test.step('the server goes away: the logs and the dashboard still show, with the banner', async () => {
    await app.setOnline(false);
    await page.reload();
    await expect(page.getByText('You are offline')).toBeVisible();
    await expect(page.getByText(TITLE).first()).toBeVisible();
    await page.goto('/');
    await expect(page.getByText('You are offline')).toBeVisible();
    await expect(page.getByRole('link', { name: TITLE }).first()).toBeVisible();
    await expect(page.getByText('30%').first()).toBeVisible();
    await expect(page.getByRole('heading', { name: /something went wrong/i })).toHaveCount(0);
  });

  await test.step('log offline: progress, a journal, and a resume the server will refuse', async () => {
    const progressed = await sfFromPage(page, 'log-progress-event', {
      ...base,
      event_type: 'progress',
      start_percent: 30,
      end_percent: 60,
    });
    expect(progressed).toMatchObject({
      ok: true,
      value: { event: { event_type: 'progress', end_percent: 60, editions: { title: TITLE } } },
    });
    // Journal autosave: three saves of the same log while offline.
    for (const text of ['Written on a train', 'Written on a train with no signal', JOURNAL])
      expect(
        await sfFromPage(page, 'update-reading-log', { id: logId, journal_md: `<p>${text}</p>` }),
      ).toEqual({
        ok: true,
        value: { ok: true },
      });
    expect((await sfFromPage(page, 'log-progress-event', { ...base, event_type: 'resume' })).ok).toBe(true);
    await expect(page.getByText('3 changes will be sent when the connection is back.')).toBeVisible();
    // Browsing on offline, the dashboard shows the progress just logged.
    await page.reload();
    await expect(page.getByRole('link', { name: TITLE }).first()).toBeVisible();
    await expect(page.getByText('60%').first()).toBeVisible();
  });

  await test.step('nothing readable on disk: no journal sentence, no book, no token', async () => {
    const tokens = await app.storedSession();
    const disk = await app.storeFiles();
    for (const secret of [JOURNAL, TITLE, tokens?.access_token, tokens?.refresh_token]) {
      expect(secret).toBeTruthy();
      expect(disk).not.toContain(secret);
    }
  });

  await test.step('back online: sent once, in order; the refusal is shown with the server’s words', async () => {
    // Trying again while the server is still away changes nothing and loses nothing.
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByText('3 changes will be sent when the connection is back.')).toBeVisible();
    // Main keeps trying on its own: once the server answers, the changes go and the banner leaves.
    await app.setOnline(true);
    await expect(page.getByText('You are offline')).toHaveCount(0);
    const refusal = page.getByRole('alert').filter({ hasText: 'A change made offline was not saved' });
    await expect(refusal).toContainText("Cannot log 'resume': this edition is in progress.");

    const events = await sfFromPage(page, 'reading-events', { work_id: base.work_id });
    if (!events.ok) throw new Error(JSON.stringify(events.error));
    const summary = events.value.events.map((e: { event_type: string; end_percent: number | null }) => [
      e.event_type,
      e.end_percent,
    ]);
    expect(summary).toEqual([
      ['progress', 60],
      ['progress', 30],
      ['start', null],
    ]);
    const logs = await sfFromPage(page, 'list-reading-logs', { limit: 50 });
    if (!logs.ok) throw new Error(JSON.stringify(logs.error));
    const journaled = logs.value.logs.filter((l: { journal_md: string | null }) =>
      l.journal_md?.includes(JOURNAL),
    );
    expect(journaled.map((l: { id: string }) => l.id)).toEqual([logId]);

    await refusal.getByRole('button', { name: 'Dismiss' }).click();
    await expect(refusal).toHaveCount(0);
    expect(await app.offlineState()).toEqual({ online: true, pending: 0, refused: [] });
  });

  await test.step('a reply lost after the server logged it: sent again, logged once', async () => {
    // The server logs the progress, but the answer never reaches main: to main it looks offline.
    await app.loseReplyOf('log-progress-event');
    const logged = await sfFromPage(page, 'log-progress-event', {
      ...base,
      event_type: 'progress',
      start_percent: 60,
      end_percent: 75,
    });
    expect(logged).toMatchObject({ ok: true, value: { event: { end_percent: 75 } } });
    // Main resends it with the same Idempotency-Key once the server answers; the server answers its first
    // answer instead of logging it again.
    await expect.poll(() => app.offlineState()).toEqual({ online: true, pending: 0, refused: [] });
    const events = await sfFromPage(page, 'reading-events', { work_id: base.work_id });
    if (!events.ok) throw new Error(JSON.stringify(events.error));
    expect(
      events.value.events.map((e: { event_type: string; end_percent: number | null }) => e.end_percent),
    ).toEqual([75, 60, 30, null]);
  });
});
