import type { Context } from 'hono';
import { bodyWithin } from './body-within';
import { ApiError, badRequest } from './errors';

export const MAX_BODY_BYTES = 1024 * 1024;

export interface BodyLimit {
  bytes: number;
  message: string;
}
const ONE_MEGABYTE: BodyLimit = { bytes: MAX_BODY_BYTES, message: 'The request body is over 1 MB.' };

/**
 * Reads a JSON request body with the 1 MB limit. An empty body reads as {} because several calls in
 * SPEC.md §7 send no payload at all.
 */
export async function readJsonBody(c: Context, limit: BodyLimit = ONE_MEGABYTE): Promise<unknown> {
  return parseJsonBody(await readBodyBytes(c, limit), c.req.header('content-type'));
}

/** The body's bytes, refused with 413 (and `limit.message`) once they pass `limit.bytes`. */
export async function readBodyBytes(c: Context, limit: BodyLimit = ONE_MEGABYTE): Promise<Uint8Array> {
  const body = await bodyWithin(c, limit.bytes);
  if (body === 'too_large') throw new ApiError(413, 'payload_too_large', limit.message);
  return body;
}

/** 415 unless a body with content says it is JSON (a body without a type is taken as JSON). */
export function assertJsonType(contentType: string | undefined): void {
  const type = contentType ?? '';
  if (type && !/^application\/(.+\+)?json\b/i.test(type)) {
    throw new ApiError(415, 'unsupported_media_type', 'Send the request body as application/json.');
  }
}

export const NOT_JSON_MESSAGE = 'The request body is not valid JSON.';

/** A body's bytes as JSON: blank is {}, anything that does not parse a 400. */
export function parseJsonBody(bytes: Uint8Array, contentType: string | undefined): unknown {
  const raw = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
  if (raw.trim() === '') return {};
  assertJsonType(contentType);
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    throw badRequest(NOT_JSON_MESSAGE);
  }
}
