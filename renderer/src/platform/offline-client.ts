// The page's side of the desktop app's offline support: a copy of the answers main keeps for the signed-in
// reader (taken once the session is known, kept current by each answer), so screens paint at once from it
// as react-query initial data; and main's word on whether it reaches the server, what waits to be sent and
// what the server refused.
import { callKey } from '@shared/desktop-call-key';
import type { CachedAnswer, OfflineState, ShelfwiseBridge } from '@shared/desktop-bridge';

export interface OfflineClient {
  /** Main's cached answer for this call, with when the server gave it (ms since the epoch), if any. */
  initialAnswer(name: string, payload: unknown): { value: unknown; savedAt: number } | undefined;
  /** Keeps the copy current with an answer the page just got. */
  remember(name: string, payload: unknown, value: unknown): void;
  state(): OfflineState;
  /** Listens to changes of state(); answers the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  retry(): Promise<void>;
  dismiss(id: string): Promise<void>;
}

const ONLINE: OfflineState = { online: true, pending: 0, refused: [] };

export function createOfflineClient(bridge: ShelfwiseBridge): OfflineClient & { reload(): void } {
  let answers = new Map<string, { value: unknown; savedAt: number }>();
  let current = ONLINE;
  const listeners = new Set<() => void>();
  const set = (state: OfflineState) => {
    current = state;
    listeners.forEach((l) => l());
  };

  function reload() {
    void bridge.offline.snapshot().then((result) => {
      if (!result.ok) return;
      answers = new Map(
        result.value.map((a: CachedAnswer) => [
          callKey(a.name, a.payload),
          { value: a.value, savedAt: Date.parse(a.savedAt) },
        ]),
      );
    });
  }
  bridge.offline.onState(set);
  void bridge.offline.state().then((result) => result.ok && set(result.value));
  // Another reader (or none) is signed in: their answers, not the last reader's.
  bridge.auth.onStateChange(({ event }) => {
    if (event === 'SIGNED_OUT') answers = new Map();
    else if (event === 'SIGNED_IN' || event === 'INITIAL_SESSION') reload();
  });
  reload();

  return {
    reload,
    initialAnswer: (name, payload) => answers.get(callKey(name, payload)),
    remember(name, payload, value) {
      const key = callKey(name, payload);
      if (answers.has(key)) answers.set(key, { value, savedAt: Date.now() });
    },
    state: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    async retry() {
      const result = await bridge.offline.retry();
      if (result.ok) set(result.value);
    },
    async dismiss(id) {
      const result = await bridge.offline.dismiss(id);
      if (result.ok) set(result.value);
    },
  };
}
