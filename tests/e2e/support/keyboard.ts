// Moving through a screen as a keyboard user does (issue 17): Tab until the wanted control has focus, and
// check that focus is visible there. Locators only say where focus should arrive; nothing is clicked.
import { expect } from '@playwright/test';
import type { Locator } from '@playwright/test';

/** Far more Tab stops than any screen has: running out means the control is not reachable. */
const MAX_TABS = 120;

const hasFocus = (target: Locator) => target.evaluate((element) => element === document.activeElement);

/** Presses Tab (Shift+Tab with `backwards`) until `target` has focus, then checks its focus ring. */
export async function tabTo(target: Locator, { backwards = false } = {}): Promise<void> {
  await expect(target).toBeVisible();
  const page = target.page();
  for (let presses = 0; presses <= MAX_TABS; presses += 1) {
    if (await hasFocus(target)) {
      await expectFocusRing(target);
      return;
    }
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${MAX_TABS} presses of Tab never reached ${target}`);
}

/**
 * The focused control shows where focus is: an outline at least 2 px wide, or a box shadow. Radio and
 * checkbox inputs that are drawn by their label may carry the ring on the visible box instead.
 */
export async function expectFocusRing(target: Locator): Promise<void> {
  const ring = await target.evaluate((element) => {
    const style = getComputedStyle(element);
    return {
      outline: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2,
      shadow: style.boxShadow !== 'none',
      focusVisible: element.matches(':focus-visible'),
    };
  });
  expect(ring.focusVisible, `${target} matches :focus-visible`).toBe(true);
  expect(ring.outline || ring.shadow, `${target} shows a focus ring`).toBe(true);
}

/** Types into whatever has focus, replacing what it held. */
export async function typeOver(target: Locator, text: string): Promise<void> {
  const page = target.page();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
  await expect(target).toHaveValue(text);
}
