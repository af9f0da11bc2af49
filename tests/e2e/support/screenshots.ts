// Screenshots of each screen at both widths, for a reviewer to look at (not committed):
// test-results/screenshots/{project}/{name}.png.
import { test } from '@playwright/test';
import type { Page } from '@playwright/test';

/** `fullPage: false` for open menus and dialogs, which sit over the part of the page in view. */
export async function snap(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  // Let drawers, menus and dialogs finish sliding in, so the picture shows where they end up.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  const project = test.info().project.name;
  await page.screenshot({ path: `test-results/screenshots/${project}/${name}.png`, fullPage });
}
