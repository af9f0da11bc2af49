import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';

/**
 * The request body, or 'too_large' when it is over maxBytes. hono/body-limit stops reading as soon as the
 * body passes the limit, so an oversized body is never held in memory whole. A body declared too large is
 * refused here before its stream is opened: body-limit opens it first, and the Node adapter drops the
 * connection of a request whose opened body was left unread, so the client would never see the 413.
 */
export async function bodyWithin(
  c: Context,
  maxBytes: number,
): Promise<Uint8Array<ArrayBuffer> | 'too_large'> {
  const declared = c.req.header('content-length');
  if (Number(declared ?? 0) > maxBytes) return 'too_large';
  // A body with a declared length within the limit cannot grow past it over HTTP: Node's parser reads exactly
  // that many bytes. It is read straight away (checked again, for a Request built in-process); only a chunked
  // body (no length) needs body-limit's counting stream, which costs a second Request per call.
  if (declared !== undefined && /^\d+$/.test(declared)) {
    const body = new Uint8Array(await c.req.arrayBuffer());
    return body.byteLength > maxBytes ? 'too_large' : body;
  }
  const read: { body?: Uint8Array<ArrayBuffer> } = {};
  const limit = bodyLimit({ maxSize: maxBytes, onError: (limited) => limited.body(null, 413) });
  await limit(c, async () => {
    read.body = new Uint8Array(await c.req.arrayBuffer());
  });
  return read.body ?? 'too_large';
}
