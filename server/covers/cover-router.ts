// /covers: covers served from our own origin (issue 17).
//   GET /covers/isbn/<isbn13>?size=thumb|card|header   the resolver an edition's cover_url names
//   GET /covers/olid/<id>?size=...                     (server/db/cover-url.ts builds those URLs)
//   GET /covers/<hash>-<size>.webp                     the stored image, immutable
// The resolver answers from the cache index in one query when it can: a redirect to the immutable file, or a
// 404 for a remembered miss (the client shows its placeholder). Otherwise, for a source of an edition in our
// catalogue only, it starts the one fetch from COVERS_URL and waits for it at most RESOLVE_WAIT_MS: a page
// never hangs on Open Library; a slow fetch finishes in the background and serves the next request.
import { Hono } from 'hono';
import type { Context } from 'hono';
import type { CoverSize } from '@shared/covers';
import { isCoverSize } from '@shared/covers';
import type { Config } from '../config';
import type { Queryable } from '../db/db';
import type { CoverState } from './cover-cache';
import { createCoverCache } from './cover-cache';
import { createCoverFetcher } from './cover-fetcher';
import { coverFileName, parseCoverFileName, readCoverFile } from './cover-files';
import { parseSource } from './cover-source';
import { fileStoreFor } from '../storage/file-store';
import type { HeldFiles } from '../storage/held-files';

/** The stored files never change under their name: browsers and proxies may keep them for a year. */
export const COVER_FILE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** A found cover stays found; a day lets a replaced cover (a newer import) show within one. */
export const COVER_REDIRECT_CACHE_CONTROL = 'public, max-age=86400';
/** Open Library has no cover: the browser need not ask again for an hour. */
export const COVER_MISSING_CACHE_CONTROL = 'public, max-age=3600';
/** Unreachable or still fetching: the next page view should ask again. */
export const COVER_PENDING_CACHE_CONTROL = 'no-store';
/** Served images may load nothing and run nothing, should a browser open one as a document. */
export const COVER_CONTENT_SECURITY_POLICY = "default-src 'none'; sandbox";
/**
 * How long a resolver request waits for a first fetch. Browsers open ~6 connections per origin, so image
 * requests held longer would hold up the app's own API calls behind them.
 */
export const RESOLVE_WAIT_MS = 2500;

/** Beyond this many covers being fetched at once, a new one does not wait: it would only queue. */
export const MAX_WAITING_FETCHES = 4;

/** The User-Agent Open Library asks for, as the metadata client sends it (server/bootstrap.ts). */
export const coversUserAgent = (config: Pick<Config, 'version' | 'openLibraryContact'>) =>
  `Shelfwise/${config.version} (https://github.com/shelfwise; ${config.openLibraryContact})`;

export function coverRouter(deps: { config: Config; db: Queryable; heldFiles?: HeldFiles }): Hono {
  const { config } = deps;
  const fetcher = createCoverFetcher({
    coversUrl: config.coversUrl,
    redirectHosts: config.coversRedirectHosts,
    userAgent: coversUserAgent(config),
  });
  const files = fileStoreFor(deps);
  const cache = createCoverCache({ db: deps.db, files, fetcher });
  const router = new Hono();

  const answer = (c: Context, state: CoverState | 'pending', size: CoverSize) => {
    if (state !== 'pending' && state.kind === 'cover') {
      c.header('Cache-Control', COVER_REDIRECT_CACHE_CONTROL);
      // Relative, so it stays on whatever origin and path prefix the resolver was reached by.
      return c.redirect(`../${coverFileName(state.hash, size)}`, 302);
    }
    const pending = state === 'pending' || state.transient;
    c.header('Cache-Control', pending ? COVER_PENDING_CACHE_CONTROL : COVER_MISSING_CACHE_CONTROL);
    return c.json({ error: 'No cover.', code: 'not_found' }, 404);
  };

  router.get('/:kind{isbn|olid}/:value', async (c) => {
    const source = parseSource(c.req.param('kind'), c.req.param('value'));
    const size = c.req.query('size') ?? 'card';
    if (!source || !isCoverSize(size)) {
      return c.json({ error: 'Not a cover. Sizes are thumb, card and header.', code: 'bad_request' }, 400);
    }
    const known = await cache.known(source);
    if (known) return answer(c, known, size);
    // Only what our catalogue holds is ever asked of COVERS_URL, so nobody can use us to probe it.
    if (!(await cache.inCatalogue(source))) {
      c.header('Cache-Control', COVER_MISSING_CACHE_CONTROL);
      return c.json({ error: 'No cover.', code: 'not_found' }, 404);
    }
    // Wait for the fetch only when it can answer soon: when it is already under way for someone else, or
    // when few are queued and upstream has not just failed. Otherwise answer at once (the placeholder) and
    // let the fetch go on for the next view: a page of twenty new covers, or a firewall that silently drops
    // packets, must not hold the browser's few connections to us, and with them the app's own API calls.
    const joining = cache.isFetching(source);
    const fetched = cache.fetchOnce(source);
    // A fetch that outlives this request still finishes; its failure then belongs to no request.
    fetched.catch(() => undefined);
    const worthWaiting = joining || (!cache.upstreamDown() && cache.fetching() <= MAX_WAITING_FETCHES);
    if (!worthWaiting) return answer(c, 'pending', size);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'pending'>((resolve) => {
      timer = setTimeout(() => resolve('pending'), RESOLVE_WAIT_MS);
    });
    try {
      return answer(c, await Promise.race([fetched, timeout]), size);
    } finally {
      clearTimeout(timer);
    }
  });

  router.get('/:file', async (c) => {
    const file = parseCoverFileName(c.req.param('file'));
    if (!file) return c.json({ error: 'Not found.', code: 'not_found' }, 404);
    const bytes = await readCoverFile(files, file.hash, file.size);
    if (!bytes) return c.json({ error: 'Not found.', code: 'not_found' }, 404);
    const etag = `"${file.hash}-${file.size}"`;
    c.header('Cache-Control', COVER_FILE_CACHE_CONTROL);
    c.header('Content-Security-Policy', COVER_CONTENT_SECURITY_POLICY);
    c.header('ETag', etag);
    if (c.req.header('if-none-match') === etag) return c.body(null, 304);
    c.header('Content-Type', 'image/webp');
    c.header('Content-Length', String(bytes.byteLength));
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200);
  });

  return router;
}
