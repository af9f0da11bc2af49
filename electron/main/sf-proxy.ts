// /sf/ calls from the renderer, made by main with the session's bearer (the renderer never holds a token).
// Payloads are checked against the same zod request schemas as the server before anything leaves the
// machine; failures come back in the server's uniform error shape, so screens treat both alike.
import { describeZodError } from '@shared/api/common';
import { endpoints, isEndpointName } from '@shared/api/endpoints';
import { BridgeFailure } from './bridge-failure';
import { isCachedEndpoint } from './cache-store';
import type { CacheStore } from './cache-store';

/** The server's limit (ARCHITECTURE.md "API"); main refuses bigger payloads without sending them. */
export const MAX_SF_BODY_BYTES = 1024 * 1024;
/** The codes the renderer's web Backend gives failures without an error body (renderer/src/platform/errors.ts). */
export const SF_NETWORK_ERROR = 'network_error';
export const SF_UNEXPECTED_RESPONSE = 'unexpected_response';

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
  async function post(name: string, body: string, bearer: string): Promise<unknown> {
    let response: Response;
    try {
      response = await deps.fetch(`${deps.serverUrl}/sf/${name}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${bearer}` },
        body,
      });
    } catch (cause) {
      const message =
        cause instanceof Error && cause.message ? cause.message : 'The server could not be reached.';
      throw sfFailure(0, SF_NETWORK_ERROR, message);
    }
    const text = await response.text();
    let answer: unknown;
    try {
      answer = text === '' ? null : JSON.parse(text);
    } catch {
      throw sfFailure(response.status, SF_UNEXPECTED_RESPONSE, text);
    }
    if (response.ok) return answer;
    const uniform = answer as { error?: unknown; code?: unknown; details?: unknown } | null;
    throw sfFailure(
      response.status,
      typeof uniform?.code === 'string' ? uniform.code : `http_${response.status}`,
      typeof uniform?.error === 'string' ? uniform.error : text,
      uniform?.details,
    );
  }

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
      const answer = await post(name, body, token);
      if (userId && isCachedEndpoint(name)) deps.cache.write(userId, name, answer);
      return answer;
    },
  };
}
