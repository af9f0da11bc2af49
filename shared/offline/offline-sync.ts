// Main's side of working offline: whether the server answers, the outbox of changes made while it did not,
// and sending them, one at a time and in order, once it answers again. The server stays the judge: a change
// it refuses (SPEC.md §4's state machine, say) moves to the refusals with its message, for the reader to
// see. Sending stops at the first change that cannot get through (still offline, a server error, a session
// that needs signing in again) and is tried later, so nothing overtakes an earlier change.
import type { OfflineState, QueueableEndpointName } from '@shared/desktop-bridge';
import { IDEMPOTENCY_IN_PROGRESS } from '@shared/api/idempotency';
import type { SfOutcome } from '@shared/api/post-sf';
import type { Outbox, PendingChange } from './outbox';

export interface OfflineSyncDeps {
  outbox: Outbox;
  /**
   * POST /sf/{name} with the signed-in reader's bearer and the change's Idempotency-Key; a server that
   * cannot be reached is status 0.
   */
  send(name: string, body: string, idempotencyKey: string): Promise<SfOutcome>;
  /** Whether the server answers at all (its /health). */
  probe(): Promise<boolean>;
  /** The reader whose changes may be sent now (the signed-in one), or null. */
  userId(): string | null;
  emit(state: OfflineState): void;
  /** How long to wait between tries while offline or while changes wait. */
  retryMs: number;
  setTimer?: (run: () => void, ms: number) => { cancel(): void };
  log: (message: string) => void;
}

export interface OfflineSync {
  state(): OfflineState;
  reachable(): void;
  unreachable(): void;
  queue(
    userId: string,
    name: QueueableEndpointName,
    payload: unknown,
    idempotencyKey?: string,
  ): PendingChange;
  hasPending(userId: string): boolean;
  /** Sends what waits; resolves when it is all sent or sending had to stop. */
  flush(): Promise<void>;
  /** Probes the server now and sends what waits. */
  retry(): Promise<OfflineState>;
  dismiss(id: string): OfflineState;
  stop(): void;
}

const defaultTimer = (run: () => void, ms: number) => {
  const timer = setTimeout(run, ms);
  // On Node (the desktop's main process) a pending retry must not keep the process alive; browsers have no unref.
  (timer as { unref?: () => void }).unref?.();
  return { cancel: () => clearTimeout(timer) };
};

export function createOfflineSync(deps: OfflineSyncDeps): OfflineSync {
  const setTimer = deps.setTimer ?? defaultTimer;
  let online = true;
  let flushing: Promise<void> | null = null;
  let timer: { cancel(): void } | null = null;
  let stopped = false;
  let lastSent = '';

  function state(): OfflineState {
    const user = deps.userId();
    return {
      online,
      pending: user ? deps.outbox.pending(user).length : 0,
      refused: user ? deps.outbox.refused(user) : [],
    };
  }
  /** Tells the page only what changed. */
  function announce() {
    const current = state();
    const text = JSON.stringify(current);
    if (text === lastSent) return;
    lastSent = text;
    deps.emit(current);
  }
  function scheduleRetry() {
    if (stopped || timer) return;
    const user = deps.userId();
    if (online && !(user && deps.outbox.pending(user).length > 0)) return;
    timer = setTimer(() => {
      timer = null;
      void retry();
    }, deps.retryMs);
  }

  async function sendAll(): Promise<void> {
    const user = deps.userId();
    if (!user) return;
    for (const change of deps.outbox.pending(user)) {
      if (deps.userId() !== user) return;
      // The same key on every attempt: a resend of a change the server did answers its first answer.
      const outcome = await deps.send(change.name, JSON.stringify(change.payload), change.key);
      if (outcome.ok) {
        deps.outbox.sent(user, change.id);
        online = true;
      } else if (outcome.failure.status === 0) {
        online = false;
        return;
      } else if (
        outcome.failure.status === 401 ||
        outcome.failure.status === 408 ||
        outcome.failure.status === 429 ||
        outcome.failure.code === IDEMPOTENCY_IN_PROGRESS ||
        outcome.failure.status >= 500
      ) {
        // Not a judgement of the change: the session, or the server, is not ready (or still answering an
        // earlier attempt with this key). Keep it and its place.
        deps.log(`A change made offline waits: the server answered ${outcome.failure.status}.`);
        return;
      } else {
        deps.outbox.refuse(user, change.id, { message: outcome.failure.error, code: outcome.failure.code });
      }
      announce();
    }
  }

  function flush(): Promise<void> {
    // One sender at a time: two would send the same change twice.
    flushing ??= sendAll()
      .catch((error: unknown) => deps.log(`Sending the changes made offline stopped: ${String(error)}`))
      .finally(() => {
        flushing = null;
        announce();
        scheduleRetry();
      });
    return flushing;
  }

  async function retry(): Promise<OfflineState> {
    if (await deps.probe().catch(() => false)) {
      online = true;
      await flush();
    } else {
      online = false;
      announce();
      scheduleRetry();
    }
    return state();
  }

  return {
    state,
    reachable() {
      if (online) return;
      online = true;
      announce();
      void flush();
    },
    unreachable() {
      online = false;
      announce();
      scheduleRetry();
    },
    queue(userId, name, payload, idempotencyKey) {
      const change = deps.outbox.add(userId, name, payload, idempotencyKey);
      announce();
      scheduleRetry();
      return change;
    },
    hasPending: (userId) => deps.outbox.pending(userId).length > 0,
    flush,
    retry,
    dismiss(id) {
      const user = deps.userId();
      if (user) deps.outbox.dismiss(user, id);
      announce();
      return state();
    },
    stop() {
      stopped = true;
      timer?.cancel();
    },
  };
}
