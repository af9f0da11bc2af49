// Reordering a shelf with dnd-kit's keyboard sensor as a reader does: Space lifts the focused handle, each
// ArrowUp moves the book one row, Space drops it. A reader sees each step before taking the next, and so do
// these helpers. Pressing at machine speed is not the same: the sensor starts listening for arrows only in a
// task queued by the lift, and steps only between rows it has measured since, so an arrow sent at once can be
// lost on a busy machine (the mobile reorder test failed so, about one run in twelve).
import { expect } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';

/** Lifts the row whose handle this is (it must have focus) and waits until arrows can move it. */
export async function liftWithSpace(handle: Locator): Promise<void> {
  const page = handle.page();
  await expect(handle).toBeFocused();
  await page.keyboard.press('Space');
  await expect(handle).toHaveAttribute('aria-pressed', 'true');
  // The sensor's keydown listener is added by a timer queued during the lift, and the rows are measured in
  // the renders that follow it; a timer queued now runs after the first, and two frames after the second.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        setTimeout(() => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
      ),
  );
}

/** One ArrowUp: waits for the placeholder line above `target`, then for the window to stop scrolling. */
export async function stepUpAbove(page: Page, target: Locator): Promise<void> {
  await page.keyboard.press('ArrowUp');
  await expect(target).toHaveAttribute('data-drop', 'above');
  await scrollSettled(page);
}

/** The sensor may scroll the window smoothly to keep the row in view; the next step is measured after it. */
async function scrollSettled(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        let last = window.scrollY;
        let stillFrames = 0;
        const check = () => {
          stillFrames = window.scrollY === last ? stillFrames + 1 : 0;
          last = window.scrollY;
          if (stillFrames >= 3) resolve();
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      }),
  );
}
