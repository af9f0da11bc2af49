// The server-side cover cache (issue 17): each cover source is fetched from COVERS_URL at most once, re-encoded,
// stored in the file store by content hash, and indexed in cover_cache. A miss is remembered (a day when
// Open Library has no cover, minutes when it could not be reached), and concurrent requests for one source
// share one fetch.
import { createHash } from 'node:crypto';
import type { Queryable } from '../db/db';
import type { CoverFetcher } from './cover-fetcher';
import type { CoverSource } from './cover-source';
import { OL_COVER_ID_SQL, sourceKey } from './cover-source';
import type { FileStore } from '../storage/file-store';
import { writeCoverFiles } from './cover-files';
import { reencodeCover } from './reencode-cover';

/** Open Library has no cover (404, a blank or broken image): not asked again for a day. */
export const MISS_TTL_MS = 24 * 60 * 60 * 1000;
/** Unreachable or failing: offline starts answer placeholders at once, and a few minutes later try again. */
export const FAILURE_TTL_MS = 5 * 60 * 1000;

/** The content hash a cover's files are stored under: the first 128 bits of the source bytes' SHA-256. */
export const coverHash = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex').slice(0, 32);

export type CoverState =
  | { kind: 'cover'; hash: string }
  /** transient: the miss came from a failure rather than from Open Library saying it has no cover. */
  | { kind: 'none'; transient: boolean };

export interface CoverCache {
  /** What the index knows now without fetching: a cover, a remembered miss, or null (never asked, or expired). */
  known(source: CoverSource): Promise<CoverState | null>;
  /** Whether the source belongs to an edition in our catalogue (only those are ever fetched). */
  inCatalogue(source: CoverSource): Promise<boolean>;
  /** Fetches, stores and indexes the source's cover once; concurrent calls for one source share the work. */
  fetchOnce(source: CoverSource): Promise<CoverState>;
  /** Whether a fetch for this source is under way now. */
  isFetching(source: CoverSource): boolean;
  /** How many distinct sources are being fetched (or wait their turn) now. */
  fetching(): number;
  /**
   * True when the last upstream answer was a failure less than FAILURE_TTL_MS ago: COVERS_URL is unreachable
   * (offline, or a firewall that drops packets), so no request should wait for it.
   */
  upstreamDown(): boolean;
}

interface Row {
  hash: string | null;
  /** ISO-8601, as both drivers answer timestamps (server/db/types.ts). */
  retry_after: string | null;
  transient: boolean;
}

export function createCoverCache(deps: {
  db: Queryable;
  files: FileStore;
  fetcher: CoverFetcher;
  now?: () => number;
}): CoverCache {
  const now = deps.now ?? Date.now;
  const inFlight = new Map<string, Promise<CoverState>>();
  let lastFailureAt: number | null = null;

  const remember = async (key: string, state: CoverState, width = 0, height = 0) => {
    const retryAfter =
      state.kind === 'none' ? new Date(now() + (state.transient ? FAILURE_TTL_MS : MISS_TTL_MS)) : null;
    await deps.db.query(
      `insert into public.cover_cache (source, hash, width, height, miss, retry_after, checked_at)
       values ($1, $2, $3, $4, $5, $6, now())
       on conflict (source) do update set hash = excluded.hash, width = excluded.width,
         height = excluded.height, miss = excluded.miss, retry_after = excluded.retry_after,
         checked_at = excluded.checked_at`,
      [
        key,
        state.kind === 'cover' ? state.hash : null,
        state.kind === 'cover' ? width : null,
        state.kind === 'cover' ? height : null,
        state.kind === 'none' ? (state.transient ? 'unreachable' : 'no_cover') : null,
        retryAfter,
      ],
    );
  };

  const fetchAndStore = async (source: CoverSource): Promise<CoverState> => {
    const key = sourceKey(source);
    const outcome = await deps.fetcher(source);
    lastFailureAt = outcome.kind === 'failed' ? now() : null;
    if (outcome.kind === 'failed') {
      const state = { kind: 'none', transient: true } as const;
      await remember(key, state);
      return state;
    }
    if (outcome.kind === 'missing') {
      const state = { kind: 'none', transient: false } as const;
      await remember(key, state);
      return state;
    }
    const image = await reencodeCover(outcome.bytes);
    if (!image.ok) {
      // A 1×1 GIF, an HTML page from a captive portal, a broken file: Open Library has nothing usable.
      const state = { kind: 'none', transient: false } as const;
      await remember(key, state);
      return state;
    }
    // Keyed by content: two editions with the same scan share its files.
    const hash = coverHash(outcome.bytes);
    try {
      await writeCoverFiles(deps.files, hash, image.images);
    } catch (err) {
      // A full or read-only storage area must not turn every page view into another upstream request.
      await remember(key, { kind: 'none', transient: true });
      throw err;
    }
    const state = { kind: 'cover', hash } as const;
    await remember(key, state, image.width, image.height);
    return state;
  };

  return {
    async known(source) {
      const rows = await deps.db.query<Row>(
        `select hash, retry_after, miss = 'unreachable' as transient from public.cover_cache where source = $1`,
        [sourceKey(source)],
      );
      const row = rows[0];
      if (!row) return null;
      if (row.hash) return { kind: 'cover', hash: row.hash };
      if (row.retry_after && Date.parse(row.retry_after) > now())
        return { kind: 'none', transient: row.transient };
      return null;
    },

    async inCatalogue(source) {
      const rows =
        source.kind === 'isbn'
          ? await deps.db.query('select 1 from public.editions where isbn = $1 limit 1', [source.isbn])
          : await deps.db.query(`select 1 from public.editions where ${OL_COVER_ID_SQL} = $1 limit 1`, [
              source.id,
            ]);
      return rows.length > 0;
    },

    isFetching: (source) => inFlight.has(sourceKey(source)),
    fetching: () => inFlight.size,
    upstreamDown: () => lastFailureAt !== null && now() - lastFailureAt < FAILURE_TTL_MS,

    fetchOnce(source) {
      const key = sourceKey(source);
      const running = inFlight.get(key);
      if (running) return running;
      const work = fetchAndStore(source).finally(() => inFlight.delete(key));
      inFlight.set(key, work);
      return work;
    },
  };
}
