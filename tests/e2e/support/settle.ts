// Waits for a screen to settle: nothing loading (skeletons, spinners, "Loading ..." regions, the journal
// starting) and nothing moving. The axe checks and `npm run screenshots` judge a screen as a reader reads it.
import type { Page } from '@playwright/test';

/**
 * The little of the DOM the page-side checks use, typed here so this file also compiles where the DOM
 * library is absent (scripts/ use it). The checks are self-contained functions (they run in the page, where
 * nothing of this module exists), not strings: the app's CSP forbids eval.
 */
interface PageDocument {
  querySelector(selector: string): unknown;
  body: { innerText: string };
  getAnimations(): { playState: string }[];
}

const LOADING =
  '[aria-busy="true"], [role="status"][aria-label^="Loading"], .mantine-Skeleton-root[data-visible="true"]';

export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  // A screen that never stops loading is still checked (and shows what it shows), rather than hanging here.
  await page
    .waitForFunction(
      (loading) => {
        const doc = (globalThis as unknown as { document: PageDocument }).document;
        return !doc.querySelector(loading) && !doc.body.innerText.includes('Initializing editor...');
      },
      LOADING,
      { timeout: 15_000 },
    )
    .catch(() => undefined);
  await page.waitForFunction(() => {
    const doc = (globalThis as unknown as { document: PageDocument }).document;
    return doc.getAnimations().every((a) => a.playState !== 'running');
  });
}
