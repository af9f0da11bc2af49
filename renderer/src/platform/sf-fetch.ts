// POST /sf/{name} with a bearer, turning every failure into an SfError with the uniform error body.
import { SF_NETWORK_ERROR, SF_UNEXPECTED_RESPONSE, SfError } from './errors';

export async function postSf(
  fetchFn: typeof fetch,
  baseUrl: string,
  name: string,
  payload: unknown,
  bearer: string,
): Promise<unknown> {
  let response: Response;
  try {
    response = await fetchFn(`${baseUrl}/sf/${name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${bearer}` },
      body: JSON.stringify(payload ?? {}),
    });
  } catch (cause) {
    const message = cause instanceof Error ? cause.message : String(cause);
    throw new SfError({
      status: 0,
      code: SF_NETWORK_ERROR,
      error: message || 'The server could not be reached.',
    });
  }

  const text = await response.text();
  let body: unknown;
  try {
    body = text === '' ? null : JSON.parse(text);
  } catch {
    throw new SfError({ status: response.status, code: SF_UNEXPECTED_RESPONSE, error: text });
  }
  if (response.ok) return body;

  const uniform = body as { error?: unknown; code?: unknown; details?: unknown } | null;
  throw new SfError({
    status: response.status,
    code: typeof uniform?.code === 'string' ? uniform.code : `http_${response.status}`,
    error: typeof uniform?.error === 'string' ? uniform.error : text,
    details: uniform?.details,
  });
}
