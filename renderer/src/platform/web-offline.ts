// The web app's offline support (issue 29): the same layer the desktop's main process runs
// (shared/offline), here in the page over IndexedDB. It answers the reader's cached calls when the server
// cannot be reached, queues their progress, journal and shelf changes in the outbox with an Idempotency-Key,
// and sends them in order once the server answers again. Screens see it through the same OfflineClient as on
// the desktop, so they show the same banner. Sign-out deletes everything it kept: a browser may be shared.
import type { OfflineState } from '@shared/desktop-bridge';
import type { SfOutcome } from '@shared/api/post-sf';
import { createCacheStore, isCachedEndpoint } from '@shared/offline/cache-store';
import { createOfflineCalls } from '@shared/offline/offline-calls';
import { createOfflineSync } from '@shared/offline/offline-sync';
import { createOutbox } from '@shared/offline/outbox';
import type { OfflineClient } from './offline-client';
import type { WebOfflineStore } from './web-offline-storage';
import { PLAIN_SEALER } from './web-offline-storage';

export interface WebOfflineDeps {
  store: WebOfflineStore;
  /** One POST to /sf/ with the reader's bearer; status 0 when the server cannot be reached. */
  attempt(
    name: string,
    body: string,
    idempotencyKey?: string,
  ): Promise<{ outcome: SfOutcome; userId: string | null }>;
  /** Whether the server answers at all (its /health). */
  probe(): Promise<boolean>;
  /** How long to wait between tries while offline or while changes wait. */
  retryMs?: number;
  log?: (message: string) => void;
}

export interface WebOffline {
  /** The /sf/ call through the offline layer (the payload already passed its schema). */
  call(name: string, payload: unknown): Promise<SfOutcome>;
  client: OfflineClient;
  /** The signed-in reader changed: null on sign-out, which deletes everything kept. */
  setReader(userId: string | null): Promise<void>;
  /** The browser says the network came back or went away. */
  networkChanged(online: boolean): void;
}

export function createWebOffline(deps: WebOfflineDeps): WebOffline {
  const log = deps.log ?? ((message: string) => console.warn(message));
  let reader: string | null = null;
  const cache = createCacheStore(deps.store, PLAIN_SEALER, { log });
  const listeners = new Set<() => void>();
  let current: OfflineState = { online: true, pending: 0, refused: [] };
  const sync = createOfflineSync({
    outbox: createOutbox(deps.store, PLAIN_SEALER, { log }),
    send: async (name, body, key) => (await deps.attempt(name, body, key)).outcome,
    probe: deps.probe,
    userId: () => reader,
    emit(state) {
      current = state;
      listeners.forEach((listener) => listener());
    },
    retryMs: deps.retryMs ?? 15_000,
    log,
  });
  const calls = createOfflineCalls({
    cache,
    offline: sync,
    knownUserId: () => reader,
    async attempt(name, body, key) {
      const result = await deps.attempt(name, body, key);
      // The first answer for a reader tells whose cache and outbox these are.
      if (result.userId && result.userId !== reader) reader = result.userId;
      return result;
    },
  });
  const announce = () => {
    current = sync.state();
    listeners.forEach((listener) => listener());
  };

  return {
    async call(name, payload) {
      await deps.store.ready;
      return calls.call(name, payload, JSON.stringify(payload ?? {}));
    },
    client: {
      initialAnswer(name, payload) {
        if (!reader || !isCachedEndpoint(name)) return undefined;
        const answer = cache.read(reader, name, payload);
        return answer ? { value: answer.value, savedAt: Date.parse(answer.savedAt) } : undefined;
      },
      // Every answer went through call(), which kept it already.
      remember: () => undefined,
      state: () => current,
      subscribe(listener) {
        listeners.add(listener);
        return () => void listeners.delete(listener);
      },
      async retry() {
        current = await sync.retry();
        listeners.forEach((listener) => listener());
      },
      async dismiss(id) {
        current = sync.dismiss(id);
        listeners.forEach((listener) => listener());
      },
    },
    async setReader(userId) {
      await deps.store.ready;
      if (userId === null) {
        reader = null;
        await deps.store.clear();
      } else {
        reader = userId;
        // Changes the reader made before a reload go out now if the server answers.
        if (sync.hasPending(userId)) void sync.flush();
      }
      announce();
    },
    networkChanged(online) {
      if (online) void sync.retry().then(announce);
      else sync.unreachable();
    },
  };
}
