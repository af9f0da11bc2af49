// Answers a public read (server/cache/public-read-cache.ts) with its ETag, as 304 without a body when the
// client already holds that answer (If-None-Match). `no-cache` lets a client keep the answer but makes it
// ask again each time; `private` where the answer depends on who asks, so no shared cache keeps it.
import type { Context } from 'hono';
import type { PublicReadAnswer } from '../cache/public-read-cache';

export function conditionalJson(c: Context, answer: PublicReadAnswer): Response {
  c.header('ETag', answer.etag);
  c.header('Cache-Control', answer.perViewer ? 'private, no-cache' : 'no-cache');
  if (holdsAlready(c.req.header('if-none-match'), answer.etag)) return c.body(null, 304);
  c.header('Content-Type', 'application/json');
  return c.body(answer.body as Uint8Array<ArrayBuffer>, 200);
}

/** If-None-Match names the ETag (compared weakly, as RFC 9110 says for this header) or is `*`. */
function holdsAlready(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag === etag || tag === `W/${etag}`;
  });
}
