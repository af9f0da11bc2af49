// A /sf/ call's input: the body's bytes read as JSON and checked by the endpoint's zod schema, with the
// fingerprint an Idempotency-Key is remembered with. Small bodies are read here, on the event loop; a large
// one (an import file) in a worker thread, so that decoding, parsing and checking 40 MB never stalls
// other readers (request-input-off-thread.ts runs this same function there).
import { describeZodError } from '@shared/api/common';
import { endpoints } from '@shared/api/endpoints';
import type { EndpointName } from '@shared/api/endpoints';
import { badRequest } from './errors';
import { fingerprintOf } from './idempotency';
import { parseJsonBody } from './json-body';

export interface RequestInput {
  /** The input as the endpoint's schema parsed it. */
  data: unknown;
  fingerprint: () => string;
}

export function readRequestInput(
  name: EndpointName,
  bytes: Uint8Array,
  contentType: string | undefined,
): RequestInput {
  const body = parseJsonBody(bytes, contentType);
  const parsed = endpoints[name].request.safeParse(body);
  if (!parsed.success) {
    const { message, details } = describeZodError(parsed.error);
    throw badRequest(message, details);
  }
  return { data: parsed.data, fingerprint: () => fingerprintOf(name, body) };
}
