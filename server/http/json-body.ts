import type { Context } from 'hono';
import { bodyWithin } from './body-within';
import { ApiError, badRequest } from './errors';

export const MAX_BODY_BYTES = 1024 * 1024;

/**
 * Reads a JSON request body with the 1 MB limit. An empty body reads as {} because several calls in
 * SPEC.md §7 send no payload at all.
 */
export async function readJsonBody(
  c: Context,
  limit: { bytes: number; message: string } = {
    bytes: MAX_BODY_BYTES,
    message: 'The request body is over 1 MB.',
  },
): Promise<unknown> {
  const body = await bodyWithin(c, limit.bytes);
  if (body === 'too_large') throw new ApiError(413, 'payload_too_large', limit.message);
  const raw = Buffer.from(body).toString('utf8');
  if (raw.trim() === '') return {};
  const type = c.req.header('content-type') ?? '';
  if (type && !/^application\/(.+\+)?json\b/i.test(type)) {
    throw new ApiError(415, 'unsupported_media_type', 'Send the request body as application/json.');
  }
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    throw badRequest('The request body is not valid JSON.');
  }
}
