// A crashed or hung page must not leave a blank window. When the renderer process goes away (not by a clean
// exit) or stops answering, the reader is asked whether to reload it; a crash offers Reload or Quit, a hang
// Reload or Wait (it may come back by itself). A template of decisions only: main-window.ts wires it to the
// window and index.ts to Electron's dialog.
import type { RenderProcessGoneDetails } from 'electron';

export interface RecoveryPrompt {
  message: string;
  detail: string;
  buttons: [string, string];
}

/** What to ask after the page's process went away for `reason`; null when it ended on purpose. */
export function crashPrompt(reason: RenderProcessGoneDetails['reason']): RecoveryPrompt | null {
  if (reason === 'clean-exit') return null;
  return {
    message: 'Shelfwise stopped working.',
    detail:
      reason === 'oom'
        ? 'The page ran out of memory. Reloading it keeps your library and any offline changes.'
        : 'The page closed unexpectedly. Reloading it keeps your library and any offline changes.',
    buttons: ['Reload', 'Quit'],
  };
}

export const HANG_PROMPT: RecoveryPrompt = {
  message: 'Shelfwise is not responding.',
  detail: 'You can wait for it, or reload the page. Reloading keeps your library and any offline changes.',
  buttons: ['Reload', 'Wait'],
};

/**
 * Asks once at a time (a hang reported twice, or a crash during a hang prompt, does not stack dialogs) and
 * reloads when the reader picks the first button; quits after a crash when they pick the second.
 */
export function createPageRecovery(deps: {
  ask: (prompt: RecoveryPrompt) => Promise<number>;
  reload: () => void;
  quit: () => void;
  log: (message: string) => void;
}) {
  let asking = false;
  async function offer(prompt: RecoveryPrompt, onSecond: () => void) {
    if (asking) return;
    asking = true;
    try {
      const choice = await deps.ask(prompt);
      if (choice === 0) deps.reload();
      else onSecond();
    } finally {
      asking = false;
    }
  }
  return {
    gone(reason: RenderProcessGoneDetails['reason']) {
      deps.log(`The page stopped: ${reason}.`);
      const prompt = crashPrompt(reason);
      return prompt ? offer(prompt, deps.quit) : Promise.resolve();
    },
    unresponsive() {
      deps.log('The page stopped responding.');
      return offer(HANG_PROMPT, () => {});
    },
  };
}
