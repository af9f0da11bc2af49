// Without a keyring (Linux with no Secret Service) the vault lives in memory only: a queued change that has
// not reached the server when the app quits is lost with it, since the next run cannot open what this one
// sealed. So before quitting with changes waiting, the reader is asked whether to stay open until they are
// sent; with a vault that persists the queue survives the quit and nothing is asked.

export interface QuitGuardDeps {
  /** Whether the vault keeps its key across runs (token-vault.ts kind 'safe-storage'). */
  persistent: boolean;
  /** Changes still waiting for the server, of the signed-in reader. */
  unsent: () => number;
  /** Asks whether to stay open until `count` changes are sent; true to stay. */
  askToStay: (count: number) => Promise<boolean>;
  /** Resolves once nothing waits (the offline sync keeps trying meanwhile). */
  whenSent: () => Promise<void>;
  quit: () => void;
  log: (message: string) => void;
}

export function createQuitGuard(deps: QuitGuardDeps) {
  let allowed = false;
  let asking = false;
  return {
    /** For app 'before-quit': stops the quit while the reader decides or the changes are on their way. */
    beforeQuit(event: { preventDefault(): void }): void {
      if (allowed || deps.persistent) return;
      const count = deps.unsent();
      if (count === 0) return;
      event.preventDefault();
      if (asking) return;
      asking = true;
      void deps
        .askToStay(count)
        .then(async (stay) => {
          if (stay) {
            deps.log(`Staying open until ${count} queued change(s) are sent.`);
            await deps.whenSent();
          } else deps.log(`Quitting with ${count} queued change(s) unsent: this computer cannot keep them.`);
          allowed = true;
          deps.quit();
        })
        .finally(() => (asking = false));
    },
  };
}

/** Polls `unsent` until it is 0: the offline sync sends on its own schedule and announces no completion. */
export function waitUntilSent(unsent: () => number, everyMs = 1000): Promise<void> {
  return new Promise((resolve) => {
    const check = () => (unsent() === 0 ? resolve() : void setTimeout(check, everyMs));
    check();
  });
}
