// Moving through a screen as a keyboard user does (issue 17): Tab until the wanted control has focus, and
// check that focus is visible there. Locators only say where focus should arrive; nothing is clicked.
import { expect } from '@playwright/test';
import type { Locator } from '@playwright/test';

/** Far more Tab stops than any screen has: running out means the control is not reachable. */
const MAX_TABS = 120;

const hasFocus = (target: Locator) => target.evaluate((element) => element === document.activeElement);

/** Presses Tab (Shift+Tab with `backwards`) until `target` has focus, then checks its focus ring. */
export async function tabTo(target: Locator, { backwards = false } = {}): Promise<void> {
  // Attached, not visible: a radio drawn by its label is itself invisible (expectFocusRing checks the label).
  await expect(target).toBeAttached();
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
 * The focused control shows where focus is: an outline at least 2 px wide or a box shadow on it; for a
 * radio or checkbox drawn by its label (the input itself is invisible), on the label; for a control inside
 * a framed editor (the journal), an outline on the frame around it.
 */
export async function expectFocusRing(target: Locator): Promise<void> {
  const ring = await target.evaluate((element) => {
    const outlined = (el: Element) => {
      const style = getComputedStyle(el);
      return style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2;
    };
    const ringed = (el: Element | null) =>
      !!el && (outlined(el) || getComputedStyle(el).boxShadow !== 'none');
    const box = element.getBoundingClientRect();
    const invisible = box.width < 2 || box.height < 2 || getComputedStyle(element).opacity === '0';
    if (invisible) {
      const label = element.id ? document.querySelector(`label[for="${CSS.escape(element.id)}"]`) : null;
      return { focusVisible: element.matches(':focus-visible'), shown: ringed(label) };
    }
    let frame = element.parentElement;
    for (let depth = 0; depth < 8 && frame && !outlined(frame); depth += 1) frame = frame.parentElement;
    return { focusVisible: element.matches(':focus-visible'), shown: ringed(element) || frame !== null };
  });
  expect(ring.focusVisible, `${target} matches :focus-visible`).toBe(true);
  expect(ring.shown, `${target} shows a focus ring`).toBe(true);
}

/** Types into whatever has focus, replacing what it held. */
export async function typeOver(target: Locator, text: string): Promise<void> {
  const page = target.page();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
  await expect(target).toHaveValue(text);
}
