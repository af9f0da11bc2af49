// /sf/ calls from the renderer, made by main with the session's bearer (the renderer never holds a token).
// Payloads are checked against the same zod request schemas as the server before anything leaves the
// machine; failures come back in the server's uniform error shape (shared/api/post-sf.ts), so screens treat
// both alike.
import { describeZodError } from '@shared/api/common';
import { endpoints, isEndpointName } from '@shared/api/endpoints';
import { SF_NETWORK_ERROR, postSf } from '@shared/api/post-sf';
import { BridgeFailure } from './bridge-failure';
import { isCachedEndpoint } from './cache-store';
import type { CacheStore } from './cache-store';

/** The server's limit (ARCHITECTURE.md "API"); main refuses bigger payloads without sending them. */
export const MAX_SF_BODY_BYTES = 1024 * 1024;

export interface SfProxyDeps {
  serverUrl: string;
  fetch: typeof fetch;
  bearer(): Promise<{ token: string; userId: string | null }>;
  cache: Pick<CacheStore, 'write'>;
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

  return {
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
      if (Buffer.byteLength(body) > MAX_SF_BODY_BYTES)
        throw sfFailure(413, 'payload_too_large', 'The request body is over 1 MB.');

      const { token, userId } = await bearer();
      const outcome = await postSf({ fetch: deps.fetch, baseUrl: deps.serverUrl, name, body, bearer: token });
      if (!outcome.ok) throw new BridgeFailure({ kind: 'sf', ...outcome.failure });
      const answer = outcome.value;
      if (userId && isCachedEndpoint(name)) deps.cache.write(userId, name, answer);
      return answer;
    },
  };
}
