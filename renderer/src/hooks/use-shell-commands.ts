// Desktop: what the application menu asks of the page beyond opening a page (those come as deep links).
// Search (Ctrl/Cmd+K) puts the keyboard in the header's search box, opening the narrow window's menu first.
import { useEffect } from 'react';
import { useBackend } from '../platform/backend-context';

function searchBox(): HTMLInputElement | null {
  const boxes = [...document.querySelectorAll<HTMLInputElement>('input[aria-label="Search books"]')];
  return boxes.find((box) => box.offsetParent !== null || box.getClientRects().length > 0) ?? null;
}

export function focusSearchBox(): void {
  const visible = searchBox();
  if (visible) {
    visible.focus();
    visible.select();
    return;
  }
  document.querySelector<HTMLButtonElement>('button[aria-label="Open menu"]')?.click();
  // The drawer mounts its box over its opening transition, and its focus trap first takes the focus for
  // itself: keep putting it in the box until it stays there (for a second at most).
  let tries = 0;
  const timer = window.setInterval(() => {
    const box = searchBox();
    tries += 1;
    if (box && document.activeElement !== box) box.focus();
    else if (box || tries > 20) window.clearInterval(timer);
  }, 50);
}

export function useShellCommands(): void {
  const backend = useBackend();
  useEffect(
    () =>
      backend.onShellCommand?.((command) => {
        if (command === 'focus-search') focusSearchBox();
      }),
    [backend],
  );
}
