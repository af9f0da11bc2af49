// Steps the desktop specs share: calling `window.shelfwise` from the page as the renderer does, reading the
// bridge traffic, and the navigation actions that differ between the wide and the narrow window.
import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import type { BridgeResult } from '../../../shared/desktop-bridge';
import type { Crossing } from './simulated-window';

/** The bridge as the page holds it, typed loosely: the specs also send what the contract would refuse. */
interface PageGlobals {
  shelfwise: {
    sf: {
      call(name: string, payload: unknown): Promise<unknown>;
      cached(name: string, payload?: unknown): Promise<unknown>;
    };
  };
}

/** `window.shelfwise.sf.call(name, payload)` in the page: the path every /sf/ call of the desktop app takes. */
export function sfFromPage<T = any>(page: Page, name: string, payload: unknown): Promise<BridgeResult<T>> {
  return page.evaluate(([n, p]) => (globalThis as unknown as PageGlobals).shelfwise.sf.call(n, p), [
    name,
    payload as never,
  ] as const) as Promise<BridgeResult<T>>;
}

/** `window.shelfwise.sf.cached(name, payload)` in the page: what main kept for the signed-in reader. */
export function cachedFromPage<T = any>(
  page: Page,
  name: string,
  payload?: unknown,
): Promise<BridgeResult<T>> {
  return page.evaluate(([n, p]) => (globalThis as unknown as PageGlobals).shelfwise.sf.cached(n, p), [
    name,
    payload as never,
  ] as const) as Promise<BridgeResult<T>>;
}

/** The deep-link deliveries main sent the page. */
export const deliveries = (crossings: Crossing[]) =>
  crossings.filter((c) => c.way === 'event' && c.channel === 'deepLinks:delivery').map((c) => c.data);

/** Types into the navigation bar's 'Search books...' (inside the menu drawer on a narrow window). */
export async function searchFromNav(page: Page, text: string): Promise<void> {
  const burger = page.getByRole('button', { name: 'Open menu' });
  let scope = page.locator('header');
  if (await burger.isVisible()) {
    await burger.click();
    scope = page.getByRole('dialog', { name: 'Menu' });
  }
  const box = scope.getByRole('searchbox', { name: 'Search books' });
  await box.fill(text);
  await box.press('Enter');
}

/** The account actions are there (user menu, or the drawer below 640 px); closes them again. */
export async function expectSignedIn(page: Page): Promise<void> {
  const burger = page.getByRole('button', { name: 'Open menu' });
  await expect(burger.or(page.getByRole('button', { name: 'User menu' }))).toBeVisible();
  await ((await burger.isVisible()) ? burger : page.getByRole('button', { name: 'User menu' })).click();
  await expect(
    page.getByRole('menuitem', { name: 'Sign out' }).or(page.getByRole('button', { name: 'Sign out' })),
  ).toBeVisible();
  await page.keyboard.press('Escape');
}
