// Asks COVERS_URL for one cover, politely: with the User-Agent Open Library asks for, a few requests at a time
// (the rest queue), a timeout, and a cap on what is read. Only the URL built from a CoverSource is requested.
import type { CoverSource } from './cover-source';
import { upstreamUrl } from './cover-source';
import { concurrencyLimit } from './concurrency-limit';

export type FetchOutcome =
  /** The bytes of what came back; whether they are a cover is the re-encoder's decision. */
  | { kind: 'found'; bytes: Uint8Array }
  /** Open Library has no cover for this source (404). */
  | { kind: 'missing' }
  /** Unreachable, too slow, too large, or an error answer: worth trying again later. */
  | { kind: 'failed'; reason: string };

export interface CoverFetcherOptions {
  coversUrl: string;
  userAgent: string;
  fetch?: typeof fetch;
  /** Per request, from its start until the last byte. */
  timeoutMs?: number;
  maxBytes?: number;
  concurrency?: number;
}

export type CoverFetcher = (source: CoverSource) => Promise<FetchOutcome>;

/** Open Library's large covers are 50–500 KB; anything past this is not a cover we want. */
export const COVER_MAX_BYTES = 5 * 1024 * 1024;

export function createCoverFetcher(options: CoverFetcherOptions): CoverFetcher {
  const fetchFn = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 8000;
  const maxBytes = options.maxBytes ?? COVER_MAX_BYTES;
  const limit = concurrencyLimit(options.concurrency ?? 3);
  return (source) =>
    limit.run(async () => {
      const signal = AbortSignal.timeout(timeoutMs);
      try {
        const res = await fetchFn(upstreamUrl(options.coversUrl, source), {
          headers: { 'User-Agent': options.userAgent, Accept: 'image/*' },
          signal,
        });
        if (res.status === 404) {
          await res.body?.cancel();
          return { kind: 'missing' };
        }
        if (!res.ok) {
          await res.body?.cancel();
          return { kind: 'failed', reason: `status ${res.status}` };
        }
        const declared = Number(res.headers.get('content-length') ?? 0);
        if (declared > maxBytes) {
          await res.body?.cancel();
          return { kind: 'failed', reason: 'too large' };
        }
        const bytes = await readAtMost(res, maxBytes);
        return bytes ? { kind: 'found', bytes } : { kind: 'failed', reason: 'too large' };
      } catch (err) {
        return { kind: 'failed', reason: err instanceof Error ? err.message : String(err) };
      }
    });
}

/** The body, or null as soon as it passes maxBytes (a missing or lying Content-Length changes nothing). */
async function readAtMost(res: Response, maxBytes: number): Promise<Uint8Array | null> {
  if (!res.body) return new Uint8Array();
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
