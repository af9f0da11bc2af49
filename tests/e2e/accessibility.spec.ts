// axe-core (WCAG 2.2 AA) on every route of SPEC.md §2, signed out and signed in, at the project's width
// (desktop 1280 px, mobile 390 px) and in both colour schemes, plus the dialogs and menus a reader opens
// (issue 17). One browser context per scheme and sign-in state; the signed-in ones reuse one stored session
// of a reader (an admin, so the admin screen and panels are checked too) who has books, logs, a journal, a
// review, a goal and a custom shelf, so no screen is checked only in its empty state.
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { logIn } from './support/accounts';
import { adminReader } from './support/admins';
import { axeFindings, describeFindings } from './support/axe';
import type { Finding } from './support/axe';
import { setUpReaderScene, signedInRoutes, signedOutRoutes } from './support/reader-scene';
import type { ReaderScene, SceneRoute } from './support/reader-scene';
import { settle } from './support/settle';

let scene: ReaderScene;
let storedSession = '';

test.beforeAll(async ({ browser, request }, testInfo) => {
  // A fresh worker (after a failed test) signs in again; the shared machine can be slow.
  test.setTimeout(120_000);
  const reader = await adminReader(request, testInfo, 'a11y');
  scene = await setUpReaderScene(request, reader);
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const page = await context.newPage();
  await logIn(page, reader.email, reader.password);
  storedSession = join(testInfo.project.outputDir, `a11y-session-${testInfo.project.name}.json`);
  await context.storageState({ path: storedSession });
  await context.close();
});

async function checkRoutes(page: Page, routes: SceneRoute[], findings: Finding[]) {
  for (const { path } of routes) {
    await page.goto(path);
    await settle(page);
    findings.push(...(await axeFindings(page, path)));
  }
}

/** Opens something over the page, checks it, and closes it with Escape. */
async function checkOverlay(page: Page, name: string, open: () => Promise<void>, findings: Finding[]) {
  await open();
  await settle(page);
  findings.push(...(await axeFindings(page, name)));
  await page.keyboard.press('Escape');
  await settle(page);
}

const mobile = () => test.info().project.name === 'mobile';

async function checkSignedInOverlays(page: Page, findings: Finding[]) {
  await page.goto('/');
  await settle(page);
  if (mobile()) {
    await checkOverlay(
      page,
      'mobile menu',
      () => page.getByRole('button', { name: 'Open menu' }).click(),
      findings,
    );
  } else {
    await checkOverlay(
      page,
      'user menu',
      () => page.getByRole('button', { name: 'User menu' }).click(),
      findings,
    );
    await checkOverlay(
      page,
      'browse menu',
      () => page.getByRole('button', { name: 'Browse' }).click(),
      findings,
    );
  }
  await checkOverlay(
    page,
    'progress dialog',
    () => page.getByRole('button', { name: 'Update Progress' }).first().click(),
    findings,
  );
  await checkOverlay(
    page,
    'goal dialog',
    () => page.getByRole('button', { name: 'Edit books goal' }).click(),
    findings,
  );

  await page.goto(`/work/${scene.workId}`);
  await settle(page);
  await checkOverlay(
    page,
    'review dialog',
    () => page.getByRole('button', { name: 'Edit Review' }).click(),
    findings,
  );

  await page.goto('/logs');
  await settle(page);
  if (mobile()) {
    await page.getByRole('list', { name: 'Reading logs' }).getByRole('button').first().click();
    await settle(page);
    findings.push(...(await axeFindings(page, '/logs (a log open)')));
    await page.goto('/logs');
    await settle(page);
  }
  await checkOverlay(
    page,
    'log menu',
    () =>
      page
        .getByRole('button', { name: /^Log actions/ })
        .first()
        .click(),
    findings,
  );

  await page.goto(`/shelf/${scene.shelfId}`);
  await settle(page);
  if (!mobile()) {
    await checkOverlay(
      page,
      'create shelf dialog',
      () => page.getByRole('button', { name: 'Create shelf' }).click(),
      findings,
    );
    await checkOverlay(
      page,
      'shelf row menu',
      () =>
        page
          .getByRole('button', { name: /^Actions for/ })
          .first()
          .click(),
      findings,
    );
  }
}

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme} scheme`, () => {
    // With reduced motion (which the theme honours) menus and dialogs open at once, so axe never measures
    // a colour halfway through a fade.
    test.use({ colorScheme, reducedMotion: 'reduce' });

    test('signed out: every route has no WCAG 2.2 AA violations', async ({ page }) => {
      test.setTimeout(180_000);
      const findings: Finding[] = [];
      await checkRoutes(page, signedOutRoutes(scene), findings);
      if (mobile()) {
        await checkOverlay(
          page,
          'mobile menu',
          () => page.getByRole('button', { name: 'Open menu' }).click(),
          findings,
        );
      }
      test.info().annotations.push({ type: 'axe', description: JSON.stringify(findings) });
      expect(findings, describeFindings(findings)).toEqual([]);
    });

    test('signed in: every route, dialog and menu has no WCAG 2.2 AA violations', async ({ browser }) => {
      // About thirty screens and dialogs, each loaded, settled and analysed.
      test.setTimeout(300_000);
      const context = await browser.newContext({
        baseURL: test.info().project.use.baseURL,
        viewport: test.info().project.use.viewport,
        isMobile: test.info().project.use.isMobile,
        hasTouch: test.info().project.use.hasTouch,
        colorScheme,
        reducedMotion: 'reduce',
        storageState: storedSession,
      });
      const page = await context.newPage();
      const findings: Finding[] = [];
      await checkRoutes(page, signedInRoutes(scene), findings);
      await checkSignedInOverlays(page, findings);
      await context.close();
      test.info().annotations.push({ type: 'axe', description: JSON.stringify(findings) });
      expect(findings, describeFindings(findings)).toEqual([]);
    });
  });
}
