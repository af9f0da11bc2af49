// Asks COVERS_URL for one cover, politely: with the User-Agent Open Library asks for, a few requests at a time
// (the rest queue), a timeout, and a cap on what is read. Only the URL built from a CoverSource is requested,
// and a response may send us no further than COVERS_URL's own origin: any other redirect counts as no cover.
// Every connection reaches a public address only, unless COVERS_URL itself names a local one (guarded-get.ts).
import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import type { CoverSource } from './cover-source';
import { upstreamUrl } from './cover-source';
import { concurrencyLimit } from './concurrency-limit';
import { bareHost, guardedGet } from './guarded-get';

export type FetchOutcome =
  /** The bytes of what came back; whether they are a cover is the re-encoder's decision. */
  | { kind: 'found'; bytes: Uint8Array }
  /** Open Library has no cover for this source (404). */
  | { kind: 'missing' }
  /** Unreachable, too slow, too large, or an error answer: worth trying again later. */
  | { kind: 'failed'; reason: string };

export interface CoverFetcherOptions {
  coversUrl: string;
  /**
   * Further hosts (and their subdomains) a redirect may reach over https: Open Library hands most covers on
   * to archive.org's servers. Still held to the public-address rule.
   */
  redirectHosts?: readonly string[];
  userAgent: string;
  /** Per request, from its start until the last byte. */
  timeoutMs?: number;
  maxBytes?: number;
  concurrency?: number;
}

export type CoverFetcher = (source: CoverSource) => Promise<FetchOutcome>;

/** Open Library's large covers are 50–500 KB; anything past this is not a cover we want. */
export const COVER_MAX_BYTES = 5 * 1024 * 1024;
/** Open Library sends an ISBN to its cover id and on to the file: two hops; more is a loop. */
export const MAX_REDIRECTS = 3;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/**
 * Where a redirect may send us: COVERS_URL's own origin, or its https form, or https on the default port of
 * a host the operator listed (COVERS_REDIRECT_HOSTS) or a subdomain of one. The path is free (Open Library
 * moves between /b/isbn and /b/id), the host and port are not.
 */
export function isCoversRedirect(
  target: URL,
  coversUrl: URL,
  redirectHosts: readonly string[] = [],
): boolean {
  if (target.username || target.password) return false;
  if (target.origin === coversUrl.origin) return true;
  const host = target.hostname.toLowerCase();
  if (
    target.protocol === 'https:' &&
    target.port === '' &&
    redirectHosts.some((listed) => host === listed || host.endsWith(`.${listed}`))
  ) {
    return true;
  }
  return (
    coversUrl.protocol === 'http:' &&
    coversUrl.port === '' &&
    target.protocol === 'https:' &&
    target.port === '' &&
    target.hostname === coversUrl.hostname
  );
}

/**
 * The host an operator chose to be local, which the public-address rule leaves alone: an IP literal or
 * localhost in COVERS_URL (the test fixture, a mirror on the same machine). A name is held to the rule.
 */
function trustedHostOf(coversUrl: URL): string | undefined {
  const host = bareHost(coversUrl);
  return isIP(host) !== 0 || host === 'localhost' ? host : undefined;
}

export function createCoverFetcher(options: CoverFetcherOptions): CoverFetcher {
  const timeoutMs = options.timeoutMs ?? 8000;
  const maxBytes = options.maxBytes ?? COVER_MAX_BYTES;
  const limit = concurrencyLimit(options.concurrency ?? 3);
  const coversUrl = new URL(options.coversUrl);
  const redirectHosts = (options.redirectHosts ?? []).map((h) => h.toLowerCase());
  const trustedHost = trustedHostOf(coversUrl);
  const headers = { 'User-Agent': options.userAgent, Accept: 'image/*' };
  return (source) =>
    limit.run(async () => {
      const signal = AbortSignal.timeout(timeoutMs);
      try {
        let url = new URL(upstreamUrl(options.coversUrl, source));
        for (let hops = 0; ; hops++) {
          const res = await guardedGet(url, { headers, signal, trustedHost });
          if (!REDIRECT_STATUSES.has(res.statusCode ?? 0)) return await outcomeOf(res, maxBytes);
          res.destroy();
          const location = res.headers.location;
          const target = location === undefined ? null : resolveLocation(location, url);
          // A redirect elsewhere is not a cover we may have: the placeholder stands, as for a 404.
          if (!target || !isCoversRedirect(target, coversUrl, redirectHosts)) return { kind: 'missing' };
          if (hops >= MAX_REDIRECTS) return { kind: 'failed', reason: 'too many redirects' };
          url = target;
        }
      } catch (err) {
        return { kind: 'failed', reason: err instanceof Error ? err.message : String(err) };
      }
    });
}

/** A Location header against the URL that sent it; null when it is no URL at all. */
function resolveLocation(location: string, base: URL): URL | null {
  try {
    return new URL(location, base);
  } catch {
    return null;
  }
}

async function outcomeOf(res: IncomingMessage, maxBytes: number): Promise<FetchOutcome> {
  const status = res.statusCode ?? 0;
  if (status === 404) {
    res.destroy();
    return { kind: 'missing' };
  }
  if (status < 200 || status > 299) {
    res.destroy();
    return { kind: 'failed', reason: `status ${status}` };
  }
  const declared = Number(res.headers['content-length'] ?? 0);
  if (declared > maxBytes) {
    res.destroy();
    return { kind: 'failed', reason: 'too large' };
  }
  const bytes = await readAtMost(res, maxBytes);
  return bytes ? { kind: 'found', bytes } : { kind: 'failed', reason: 'too large' };
}

/** The body, or null as soon as it passes maxBytes (a missing or lying Content-Length changes nothing). */
async function readAtMost(res: IncomingMessage, maxBytes: number): Promise<Uint8Array | null> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of res as AsyncIterable<Buffer>) {
    total += chunk.byteLength;
    if (total > maxBytes) {
      res.destroy();
      return null;
    }
    chunks.push(chunk);
  }
  return new Uint8Array(Buffer.concat(chunks, total));
}
