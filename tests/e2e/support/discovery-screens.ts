// What the discovery specs (discovery.spec.ts, recommended.spec.ts) check on every screen: axe in both
// colour schemes with a picture of each, and finding one book's card in a list.
import { expect } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { axeFindings, describeFindings } from './axe';
import { snap } from './screenshots';
import { settle } from './settle';

async function expectAxeClean(page: Page, screen: string) {
  await settle(page);
  const findings = await axeFindings(page, screen);
  expect(findings, describeFindings(findings)).toEqual([]);
}

/** Both colour schemes of the screen as it is: axe-clean in each, and pictures for a reviewer to look at. */
export async function checkBothSchemes(page: Page, name: string) {
  await expectAxeClean(page, `${name} (light)`);
  await snap(page, `${name}-light`);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectAxeClean(page, `${name} (dark)`);
  await snap(page, `${name}-dark`);
  await page.emulateMedia({ colorScheme: 'light' });
}

/** The card of a book in a list on the page (or in one part of it). */
export function card(root: Page | Locator, title: string) {
  const page = 'goto' in root ? root : root.page();
  return root.getByRole('listitem').filter({ has: page.getByRole('link', { name: title, exact: true }) });
}
