// The one place that decides what a /sf/ call does when the server cannot be reached (ARCHITECTURE.md
// "Offline"), for both shells: the desktop's main process and the web page run this same code, each over its
// own storage. A cached call (CACHED_ENDPOINTS) keeps its last answer for the signed-in reader and is answered
// from it offline; a queueable write (QUEUEABLE_ENDPOINTS) waits in the outbox with a provisional answer in
// the endpoint's own shape; anything else fails as before. While changes wait, later writes queue behind them,
// so they reach the server in order.
//
// A queueable write carries an Idempotency-Key from its first attempt, and keeps it in the outbox: when the
// server did the write but its reply was lost, the resend is answered from the server's memory of that key
// instead of being done twice.
import type { CachedEndpointName } from '../desktop-bridge';
import type { SfOutcome } from '../api/post-sf';
import type { CacheStore } from './cache-store';
import { isCachedEndpoint } from './cache-store';
import { patchesForProgress } from './cache-patches';
import type { OfflineSync } from './offline-sync';
import { isQueueable } from './outbox';
import { queuedAnswer } from './queued-answers';

export interface OfflineCallsDeps {
  cache: Pick<CacheStore, 'write' | 'read' | 'snapshot'>;
  offline?: OfflineSync;
  /** The reader last known to be signed in: whose cache and outbox serve a call the server cannot take. */
  knownUserId?: () => string | null;
  /**
   * One POST of `body` with the signed-in reader's bearer (and the key, when given); a server that cannot be
   * reached, or a bearer that cannot be had because of it, is status 0. Answers whose call it was.
   */
  attempt(
    name: string,
    body: string,
    idempotencyKey?: string,
  ): Promise<{ outcome: SfOutcome; userId: string | null }>;
  /** Sees each fresh answer of a cached call beside the one it replaces (goal notifications). */
  onAnswer?: (name: CachedEndpointName, previous: unknown, value: unknown) => void;
  now?: () => Date;
}

export function createOfflineCalls(deps: OfflineCallsDeps) {
  function queue(userId: string, name: string, input: unknown, idempotencyKey?: string): SfOutcome | null {
    if (!deps.offline || !isQueueable(name)) return null;
    const cached = deps.cache.snapshot(userId);
    const value = queuedAnswer(name, input, { userId, now: (deps.now ?? (() => new Date()))(), cached });
    if (value === null) return null;
    deps.offline.queue(userId, name, input, idempotencyKey);
    // The screens browsed next show the change (the server's answers replace these when it is back).
    if (name === 'log-progress-event')
      for (const patch of patchesForProgress((value as { event: Record<string, unknown> }).event, cached))
        deps.cache.write(userId, patch.name, patch.payload, patch.value);
    return { ok: true, value };
  }

  return {
    /**
     * `input` is the payload that passed its schema, `body` the JSON text to send. Answers the server's
     * answer, the cached or provisional one offline, or the failure.
     */
    async call(name: string, input: unknown, body: string): Promise<SfOutcome> {
      const known = deps.knownUserId?.() ?? null;
      // Changes still waiting go first: a later write must not overtake them.
      if (known && deps.offline?.hasPending(known) && isQueueable(name)) {
        await deps.offline.flush();
        if (deps.offline.hasPending(known)) {
          const queued = queue(known, name, input);
          if (queued) return queued;
        }
      }

      // The key goes with this attempt and, should it fail unreachable, with the change the outbox keeps:
      // "unreachable" may be a reply lost after the server did the write.
      const idempotencyKey = isQueueable(name) ? crypto.randomUUID() : undefined;
      const { outcome, userId } = await deps.attempt(name, body, idempotencyKey);
      if (outcome.ok) {
        deps.offline?.reachable();
        if (userId && isCachedEndpoint(name)) {
          const previous = deps.cache.read(userId, name, input);
          deps.cache.write(userId, name, input, outcome.value);
          if (previous) deps.onAnswer?.(name, previous.value, outcome.value);
        }
        return outcome;
      }
      const reader = userId ?? known;
      if (outcome.failure.status === 0 && reader) {
        deps.offline?.unreachable();
        if (isCachedEndpoint(name)) {
          const cached = deps.cache.read(reader, name, input);
          if (cached) return { ok: true, value: cached.value };
        }
        const queued = queue(reader, name, input, idempotencyKey);
        if (queued) return queued;
      }
      return outcome;
    },
  };
}
