// /sf/ calls from the renderer, made by main with the session's bearer (the renderer never holds a token).
// Payloads are checked against the same zod request schemas as the server before anything leaves the
// machine; failures come back in the server's uniform error shape (shared/api/post-sf.ts), so screens treat
// both alike.
//
// Offline, the shared layer decides (shared/offline/offline-calls.ts): main gives it the reader's sealed
// cache and outbox.
import { describeZodError } from '@shared/api/common';
import { endpoints, isEndpointName } from '@shared/api/endpoints';
import { IMPORT_BODY_BYTES, IMPORT_TOO_LARGE_MESSAGE } from '@shared/api/imports';
import { SF_NETWORK_ERROR, postSf } from '@shared/api/post-sf';
import type { SfOutcome } from '@shared/api/post-sf';
import type { CachedEndpointName } from '@shared/desktop-bridge';
import { BridgeFailure } from './bridge-failure';
import type { CacheStore } from '@shared/offline/cache-store';
import { createOfflineCalls } from '@shared/offline/offline-calls';
import type { OfflineSync } from '@shared/offline/offline-sync';

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

  const offlineCalls = createOfflineCalls({
    cache: deps.cache,
    // Read at each call: main makes its sync after this proxy (they need each other).
    get offline() {
      return deps.offline;
    },
    knownUserId: () => deps.knownUserId?.() ?? null,
    onAnswer: (name, previous, value) => deps.onAnswer?.(name, previous, value),
    now: () => (deps.now ?? (() => new Date()))(),
    attempt,
  });

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

      const outcome = await offlineCalls.call(name, input, body);
      if (outcome.ok) return outcome.value;
      throw new BridgeFailure({ kind: 'sf', ...outcome.failure });
    },
  };
}
