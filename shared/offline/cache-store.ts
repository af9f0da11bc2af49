// The local caches of SPEC.md §3 for the signed-in reader: the last answer of each cached /sf/ call
// (shared/desktop-bridge.ts CACHED_ENDPOINTS), per endpoint and payload. Main writes them from the answers
// it proxies for that reader, so a page can neither read nor fill another reader's cache. Each reader's
// cache is one sealed record (data-sealer.ts): nothing of it is on disk in plain text. It goes when the
// reader signs out.
import { z } from 'zod';
import { CACHED_ENDPOINTS } from '@shared/desktop-bridge';
import type { CachedAnswer, CachedEndpointName } from '@shared/desktop-bridge';
import type { KeyValueStore, Sealer } from './storage';
import { callKey } from '@shared/desktop-call-key';

const userId = z.uuid();
const entry = z.object({
  name: z.enum(CACHED_ENDPOINTS),
  payload: z.unknown(),
  savedAt: z.string(),
  value: z.unknown(),
});
const userCache = z.record(z.string(), entry);
type UserCache = z.infer<typeof userCache>;

/** Enough for every screen of a reader's own books; the oldest answers go first beyond it. */
export const MAX_CACHED_ANSWERS = 300;

const userKey = (id: string) => `cache-${id}`;

export interface CacheStore {
  read(userId: string, name: CachedEndpointName, payload: unknown): CachedAnswer | null;
  write(userId: string, name: CachedEndpointName, payload: unknown, value: unknown): void;
  /** Every answer kept for the reader, newest first. */
  snapshot(userId: string): CachedAnswer[];
  clearUser(userId: string): void;
}

export function isCachedEndpoint(name: string): name is CachedEndpointName {
  return (CACHED_ENDPOINTS as readonly string[]).includes(name);
}

export function createCacheStore(
  store: KeyValueStore,
  sealer: Sealer,
  options: { now?: () => Date; log?: (message: string) => void } = {},
): CacheStore {
  const now = options.now ?? (() => new Date());
  // Opened once per reader and kept: every write would otherwise decrypt the whole record again.
  const open = new Map<string, UserCache>();

  function load(id: string): UserCache {
    const known = open.get(id);
    if (known) return known;
    let cache: UserCache = {};
    const sealed = store.get(userKey(id));
    if (typeof sealed === 'string') {
      try {
        const parsed = userCache.safeParse(JSON.parse(sealer.open(sealed)));
        if (parsed.success) cache = parsed.data;
      } catch (error) {
        // Sealed under a key this run does not have (the vault was reset): useless, so start again.
        options.log?.(`The local cache could not be opened and starts empty: ${String(error)}`);
      }
    }
    open.set(id, cache);
    return cache;
  }
  // The id becomes part of a key: only a UUID (what the auth server hands out) may.
  const checked = (id: string) => userId.parse(id);
  const newestFirst = (cache: UserCache) =>
    Object.values(cache).sort((a, b) => (a.savedAt < b.savedAt ? 1 : a.savedAt > b.savedAt ? -1 : 0));

  return {
    read(id, name, payload) {
      return load(checked(id))[callKey(name, payload)] ?? null;
    },
    write(id, name, payload, value) {
      const cache = load(checked(id));
      const key = callKey(name, payload);
      delete cache[key];
      cache[key] = { name, payload: payload ?? {}, savedAt: now().toISOString(), value };
      const kept = newestFirst(cache).slice(0, MAX_CACHED_ANSWERS);
      if (kept.length < Object.keys(cache).length) {
        const keep = new Set(kept);
        for (const [k, v] of Object.entries(cache)) if (!keep.has(v)) delete cache[k];
      }
      store.set(userKey(id), sealer.seal(JSON.stringify(cache)));
    },
    snapshot(id) {
      return newestFirst(load(checked(id)));
    },
    clearUser(id) {
      open.delete(checked(id));
      store.delete(userKey(id));
    },
  };
}
