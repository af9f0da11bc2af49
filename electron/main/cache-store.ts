// Local caches of SPEC.md §3 (shelves; progress events and goals per user) and the window's bounds, in
// electron-store. Main writes a user's cache from the /sf/ answers it proxies for that user, so a page can
// neither read nor fill another user's cache; a user's cache goes when they sign out.
import { z } from 'zod';
import { CACHED_ENDPOINTS } from '@shared/desktop-bridge';
import type { CachedEndpointName } from '@shared/desktop-bridge';
import type { KeyValueStore } from './key-value-store';

const userId = z.uuid();
const cachedEntry = z.object({ savedAt: z.string(), value: z.unknown() });
const userCache = z.partialRecord(z.enum(CACHED_ENDPOINTS), cachedEntry);
type UserCache = z.infer<typeof userCache>;

const WINDOW_STATE_KEY = 'windowState';
const userKey = (id: string) => `cache-${id}`;

export interface CacheStore {
  read(userId: string, name: CachedEndpointName): unknown;
  write(userId: string, name: CachedEndpointName, value: unknown): void;
  clearUser(userId: string): void;
  readWindowState(): unknown;
  writeWindowState(state: unknown): void;
}

export function isCachedEndpoint(name: string): name is CachedEndpointName {
  return (CACHED_ENDPOINTS as readonly string[]).includes(name);
}

export function createCacheStore(store: KeyValueStore, now: () => Date = () => new Date()): CacheStore {
  function load(id: string): UserCache {
    const parsed = userCache.safeParse(store.get(userKey(id)));
    return parsed.success ? parsed.data : {};
  }
  // The id becomes part of a key: only a UUID (what the auth server hands out) may.
  const checked = (id: string) => userId.parse(id);

  return {
    read(id, name) {
      return load(checked(id))[name]?.value ?? null;
    },
    write(id, name, value) {
      const cache = load(checked(id));
      cache[name] = { savedAt: now().toISOString(), value };
      store.set(userKey(id), cache);
    },
    clearUser(id) {
      store.delete(userKey(checked(id)));
    },
    readWindowState() {
      return store.get(WINDOW_STATE_KEY) ?? null;
    },
    writeWindowState(state) {
      store.set(WINDOW_STATE_KEY, state);
    },
  };
}
