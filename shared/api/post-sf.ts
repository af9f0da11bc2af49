// POST /sf/{name} with a bearer, and what came back: the parsed answer, or the uniform error body of
// ARCHITECTURE.md "API" plus the HTTP status. The web Backend (renderer/src/platform/sf-fetch.ts) and
// Electron main's proxy (electron/main/sf-proxy.ts) both call the server through this, each turning a
// failure into its own error type, so both read answers and name failures alike.
import { IDEMPOTENCY_HEADER } from './idempotency';

/** Codes the client itself gives to failures that have no error body. */
export const SF_NETWORK_ERROR = 'network_error';
/** The server answered something that is not JSON; `error` holds the text it sent. */
export const SF_UNEXPECTED_RESPONSE = 'unexpected_response';

/** The uniform error body, with the HTTP status (0 when the server could not be reached). */
export interface SfFailure {
  status: number;
  code: string;
  error: string;
  details?: unknown;
}

export type SfOutcome = { ok: true; value: unknown } | { ok: false; failure: SfFailure };

export interface SfRequest {
  fetch: typeof fetch;
  baseUrl: string;
  name: string;
  /** The payload as JSON text, so a caller can measure it before it is sent. */
  body: string;
  bearer: string;
  /** Sent as the Idempotency-Key header (shared/api/idempotency.ts): the same key on every attempt. */
  idempotencyKey?: string;
}

export async function postSf({
  fetch: fetchFn,
  baseUrl,
  name,
  body,
  bearer,
  idempotencyKey,
}: SfRequest): Promise<SfOutcome> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    authorization: `Bearer ${bearer}`,
  };
  if (idempotencyKey !== undefined) headers[IDEMPOTENCY_HEADER] = idempotencyKey;
  let response: Response;
  try {
    response = await fetchFn(`${baseUrl}/sf/${name}`, {
      method: 'POST',
      headers,
      body,
    });
  } catch (cause) {
    const message =
      cause instanceof Error && cause.message ? cause.message : 'The server could not be reached.';
    return { ok: false, failure: { status: 0, code: SF_NETWORK_ERROR, error: message } };
  }

  const text = await response.text();
  let answer: unknown;
  try {
    answer = text === '' ? null : JSON.parse(text);
  } catch {
    return { ok: false, failure: { status: response.status, code: SF_UNEXPECTED_RESPONSE, error: text } };
  }
  if (response.ok) return { ok: true, value: answer };

  const uniform = answer as { error?: unknown; code?: unknown; details?: unknown } | null;
  const failure: SfFailure = {
    status: response.status,
    code: typeof uniform?.code === 'string' ? uniform.code : `http_${response.status}`,
    error: typeof uniform?.error === 'string' ? uniform.error : text,
  };
  if (uniform?.details !== undefined) failure.details = uniform.details;
  return { ok: false, failure };
}
