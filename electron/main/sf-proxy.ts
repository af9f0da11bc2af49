// /sf/ calls from the renderer, made by main with the session's bearer (the renderer never holds a token).
// Payloads are checked against the same zod request schemas as the server before anything leaves the
// machine; failures come back in the server's uniform error shape (shared/api/post-sf.ts), so screens treat
// both alike.
//
// Offline (the server cannot be reached), a cached call is answered from the reader's encrypted cache and a
// queueable write waits in the outbox (offline/offline-sync.ts) with a provisional answer; anything else
// fails as before. While changes wait, later writes queue behind them, so they reach the server in order.
//
// A queueable write carries an Idempotency-Key from its first attempt, and keeps it in the outbox: when the
// server did the write but its reply was lost, the resend is answered from the server's memory of that key
// instead of being done twice.
import { randomUUID } from 'node:crypto';
import { describeZodError } from '@shared/api/common';
import { endpoints, isEndpointName } from '@shared/api/endpoints';
import { IMPORT_BODY_BYTES, IMPORT_TOO_LARGE_MESSAGE } from '@shared/api/imports';
import { SF_NETWORK_ERROR, postSf } from '@shared/api/post-sf';
import type { SfOutcome } from '@shared/api/post-sf';
import type { CachedEndpointName } from '@shared/desktop-bridge';
import { BridgeFailure } from './bridge-failure';
import { isCachedEndpoint } from './cache-store';
import type { CacheStore } from './cache-store';
import type { OfflineSync } from './offline/offline-sync';
import { isQueueable } from './offline/outbox';
import { patchesForProgress } from './offline/cache-patches';
import { queuedAnswer } from './offline/queued-answers';

/** The server's limit (ARCHITECTURE.md "API"); main refuses bigger payloads without sending them. */
export const MAX_SF_BODY_BYTES = 1024 * 1024;

export interface SfProxyDeps {
  serverUrl: string;
  fetch: typeof fetch;
  bearer(): Promise<{ token: string; userId: string | null }>;
  cache: Pick<CacheStore, 'write' | 'read' | 'snapshot'>;
  /** The reader last known to be signed in: whose cache and outbox serve a call the server cannot take. */
  knownUserId?: () => string | null;
  offline?: OfflineSync;
  /** Sees each fresh answer of a cached call beside the one it replaces (goal notifications). */
  onAnswer?: (name: CachedEndpointName, previous: unknown, value: unknown) => void;
  now?: () => Date;
  /** Adds what main must add to a payload that passed its schema (register-user's PKCE fields). */
  prepare?: (name: string, payload: unknown) => unknown;
}

const sfFailure = (status: number, code: string, error: string, details?: unknown) =>
  new BridgeFailure({ kind: 'sf', status, code, error, ...(details === undefined ? {} : { details }) });

export function createSfProxy(deps: SfProxyDeps) {
  /** The bearer; failing to get one (server down, session unreadable) is reported as an /sf/ failure. */
  async function bearer() {
    try {
      return await deps.bearer();
    } catch (error) {
      if (!(error instanceof BridgeFailure) || error.error.kind !== 'auth') throw error;
      const { status, code, message } = error.error;
      throw sfFailure(status, status === 0 ? SF_NETWORK_ERROR : (code ?? `http_${status}`), message);
    }
  }

  /** One POST with the bearer; a bearer that cannot be had because the server is down is status 0 too. */
  async function attempt(
    name: string,
    body: string,
    idempotencyKey?: string,
  ): Promise<{ outcome: SfOutcome; userId: string | null }> {
    let credentials: { token: string; userId: string | null };
    try {
      credentials = await bearer();
    } catch (error) {
      if (error instanceof BridgeFailure && error.error.kind === 'sf' && error.error.status === 0) {
        const { status, code, error: message } = error.error;
        return { outcome: { ok: false, failure: { status, code, error: message } }, userId: null };
      }
      throw error;
    }
    const outcome = await postSf({
      fetch: deps.fetch,
      baseUrl: deps.serverUrl,
      name,
      body,
      bearer: credentials.token,
      ...(idempotencyKey === undefined ? {} : { idempotencyKey }),
    });
    return { outcome, userId: credentials.userId };
  }

  function queue(
    userId: string,
    name: string,
    input: unknown,
    idempotencyKey?: string,
  ): { answered: true; value: unknown } | null {
    if (!deps.offline || !isQueueable(name)) return null;
    const cached = deps.cache.snapshot(userId);
    const value = queuedAnswer(name, input, { userId, now: (deps.now ?? (() => new Date()))(), cached });
    if (value === null) return null;
    deps.offline.queue(userId, name, input, idempotencyKey);
    // The screens browsed next show the change (the server's answers replace these when it is back).
    if (name === 'log-progress-event')
      for (const patch of patchesForProgress((value as { event: Record<string, unknown> }).event, cached))
        deps.cache.write(userId, patch.name, patch.payload, patch.value);
    return { answered: true, value };
  }

  return {
    /** For the outbox: the same POST, untouched by the cache. */
    send: async (name: string, body: string, idempotencyKey?: string) =>
      (await attempt(name, body, idempotencyKey)).outcome,

    async call(name: string, payload: unknown): Promise<unknown> {
      if (!isEndpointName(name)) throw sfFailure(404, 'not_found', `There is no endpoint /sf/${name}.`);
      const input = payload ?? {};
      const parsed = endpoints[name].request.safeParse(input);
      if (!parsed.success) {
        const { message, details } = describeZodError(parsed.error);
        throw sfFailure(400, 'invalid_input', message, details);
      }
      // The payload as the renderer sent it (the server parses it again, transforms and all).
      const body = JSON.stringify(deps.prepare ? deps.prepare(name, input) : input);
      // import-library alone carries a whole export file, under the server's raised limit for it.
      const limit = name === 'import-library' ? IMPORT_BODY_BYTES : MAX_SF_BODY_BYTES;
      if (Buffer.byteLength(body) > limit)
        throw sfFailure(
          413,
          'payload_too_large',
          name === 'import-library' ? IMPORT_TOO_LARGE_MESSAGE : 'The request body is over 1 MB.',
        );

      const known = deps.knownUserId?.() ?? null;
      // Changes still waiting go first: a later write must not overtake them.
      if (known && deps.offline?.hasPending(known) && isQueueable(name)) {
        await deps.offline.flush();
        if (deps.offline.hasPending(known)) {
          const queued = queue(known, name, input);
          if (queued) return queued.value;
        }
      }

      // The key goes with this attempt and, should it fail unreachable, with the change the outbox keeps:
      // "unreachable" may be a reply lost after the server did the write.
      const idempotencyKey = isQueueable(name) ? randomUUID() : undefined;
      const { outcome, userId } = await attempt(name, body, idempotencyKey);
      if (outcome.ok) {
        deps.offline?.reachable();
        const answer = outcome.value;
        if (userId && isCachedEndpoint(name)) {
          const previous = deps.cache.read(userId, name, input);
          deps.cache.write(userId, name, input, answer);
          if (previous) deps.onAnswer?.(name, previous.value, answer);
        }
        return answer;
      }
      const reader = userId ?? known;
      if (outcome.failure.status === 0 && reader) {
        deps.offline?.unreachable();
        if (isCachedEndpoint(name)) {
          const cached = deps.cache.read(reader, name, input);
          if (cached) return cached.value;
        }
        const queued = queue(reader, name, input, idempotencyKey);
        if (queued) return queued.value;
      }
      throw new BridgeFailure({ kind: 'sf', ...outcome.failure });
    },
  };
}
