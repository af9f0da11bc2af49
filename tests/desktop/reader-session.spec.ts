// A reader's session in the desktop app, through the desktop path end to end: the /login screen signs in
// through main (which keeps the tokens), browsing and progress go through main's /sf/ proxy, the session
// outlives a reload of the page, and signing out clears main's session and the reader's local cache.
import { createConfirmedReader, logIn, newReader, signOut } from '../e2e/support/accounts';
import { expect, test } from './fixtures';
import { cachedFromPage, expectSignedIn, searchFromNav, sfFromPage } from './support/page-bridge';

const TITLE = 'Pride and Prejudice';

test('a reader signs in, browses, logs progress and signs out, and the page never holds a token', async ({
  launchDesktop,
  request,
}, testInfo) => {
  const reader = newReader(testInfo);
  await createConfirmedReader(request, reader);
  const app = await launchDesktop();
  const { page } = app;

  await test.step('sign in on /login: main signs in and keeps the session', async () => {
    await logIn(page, reader.email, reader.password);
    expect(app.crossings).toContainEqual({
      way: 'call',
      channel: 'auth:signInWithPassword',
      data: [reader.email, reader.password],
    });
    expect((await app.storedSession())?.refresh_token).toBeTruthy();
  });
  const tokens = await app.storedSession();

  let workId = '';
  let editionId = '';
  await test.step('browse: the search box, then a work page after a full reload of the page', async () => {
    await searchFromNav(page, TITLE);
    await expect(page).toHaveURL(`/search/${encodeURIComponent(TITLE)}`);
    await expect(page.getByRole('heading', { name: `Search Results for: ${TITLE}` })).toBeVisible();

    // The catalogue as the desktop app reads it: through main's proxy, with the reader's bearer.
    const found = await sfFromPage(page, 'search-works', { query: TITLE });
    if (!found.ok) throw new Error(`search-works failed: ${JSON.stringify(found.error)}`);
    const hit = found.value.results.find((r: { work_title: string }) => r.work_title === TITLE);
    expect(hit, `the demo catalogue has ${TITLE}`).toBeTruthy();
    const work = await sfFromPage(page, 'work-details', { work_id: hit.work_id });
    if (!work.ok) throw new Error(`work-details failed: ${JSON.stringify(work.error)}`);
    workId = work.value.id;
    editionId = work.value.primary_edition_id;

    await page.goto(`/work/${workId}`);
    await expect(page).toHaveURL(`/work/${workId}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(TITLE);
    // The page started over; the session did not, since main holds it.
    await expectSignedIn(page);
  });

  await test.step('log progress through main’s proxy and read it back', async () => {
    const base = { work_id: workId, edition_id: editionId };
    // The work page's own button, its call proxied by main like every other.
    const status = page.getByRole('group', { name: 'Reading status' });
    await status.getByRole('button', { name: 'Start Reading' }).click();
    await expect(status.getByText('Currently Reading', { exact: true })).toBeVisible();
    const progressed = await sfFromPage(page, 'log-progress-event', {
      ...base,
      event_type: 'progress',
      start_percent: 0,
      end_percent: 25,
    });
    expect(progressed).toMatchObject({
      ok: true,
      value: { event: { event_type: 'progress', end_percent: 25 } },
    });

    const events = await sfFromPage(page, 'reading-events', { work_id: workId });
    expect(events.ok && events.value.events.map((e: { event_type: string }) => e.event_type)).toEqual([
      'progress',
      'start',
    ]);
    const reading = await sfFromPage(page, 'currently-reading', {});
    expect(reading.ok && reading.value.items).toContainEqual(
      expect.objectContaining({ work: { id: workId, title: TITLE }, percent: 25, event_type: 'progress' }),
    );
    // Main kept the reader's progress events in its local cache (SPEC.md §3), for that very call.
    expect(await cachedFromPage(page, 'reading-events', { work_id: workId })).toEqual(events);
    // And the dashboard shows the book at 25 %.
    await page.goto('/');
    await expect(page.getByRole('link', { name: TITLE }).first()).toBeVisible();
    await expect(page.getByText('25%').first()).toBeVisible();

    // Failures come back with the server's uniform error body, as they would on the web.
    const refused = await sfFromPage(page, 'log-progress-event', { ...base, event_type: 'resume' });
    expect(refused).toEqual({
      ok: false,
      error: {
        kind: 'sf',
        status: 409,
        code: 'invalid_transition',
        error:
          "Cannot log 'resume': this edition is in progress. Allowed next: progress, pause, finish, dnf.",
        details: { current_state: 'progress', allowed: ['progress', 'pause', 'finish', 'dnf'] },
      },
    });
    // ...and what main refuses itself never leaves the machine.
    const malformed = await sfFromPage(page, 'log-progress-event', { ...base, event_type: 'skim' });
    expect(malformed).toMatchObject({ ok: false, error: { kind: 'sf', status: 400, code: 'invalid_input' } });
  });

  await test.step('sign out: the landing, no session in main, the reader’s cache gone', async () => {
    await signOut(page);
    expect(await app.storedSession()).toBeNull();
    // Nothing of the reader's cache is left in main's stores.
    expect(await app.storeFiles()).not.toContain('cache-');
    expect(await cachedFromPage(page, 'reading-events', { work_id: workId })).toEqual({
      ok: true,
      value: null,
    });
  });

  await test.step('no token ever crossed the bridge or reached the page’s storage', async () => {
    const traffic = JSON.stringify(app.crossings);
    expect(traffic).toContain(reader.email);
    for (const token of [tokens?.access_token, tokens?.refresh_token]) {
      expect(token).toBeTruthy();
      expect(traffic).not.toContain(token);
      // The vault wrote ciphertext only.
      expect(await app.storeFiles()).not.toContain(token);
    }
    expect(traffic).not.toMatch(/access_token|refresh_token|provider_token/);
    const pageStorage = await page.evaluate(() => {
      const g = globalThis as unknown as {
        localStorage: object;
        sessionStorage: object;
        document: { cookie: string };
      };
      return JSON.stringify([g.localStorage, g.sessionStorage, g.document.cookie]);
    });
    expect(pageStorage).not.toMatch(/token|sb-/);
  });
});
