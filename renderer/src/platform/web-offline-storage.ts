// The web's storage for the shared offline layer (shared/offline/storage.ts): the reader's cached answers
// and outbox in IndexedDB, so they outlive a closed tab and a reload without a signal. The layer reads and
// writes synchronously, as it does over electron-store on the desktop, so every entry is loaded into memory
// once at start and each change is written through to IndexedDB in the order it was made (IndexedDB runs
// transactions on one store in the order they were created).
import type { KeyValueStore, Sealer } from '@shared/offline/storage';

/** Where the entries are kept for good; IndexedDB in the browser, a Map in unit tests. */
export interface PersistedEntries {
  loadAll(): Promise<[string, unknown][]>;
  put(key: string, value: unknown): Promise<void>;
  delete(key: string): Promise<void>;
  clear(): Promise<void>;
}

export interface WebOfflineStore extends KeyValueStore {
  /** Deletes every entry, here and in IndexedDB (sign-out on a device others may use). */
  clear(): Promise<void>;
  /** Resolves once the entries in IndexedDB are loaded (reads before it see none). */
  ready: Promise<void>;
}

/**
 * The browser's own storage is the protection here: IndexedDB is private to this origin and this browser
 * profile, and sign-out deletes it. The page has no secret to seal with that a script on the page could not
 * read too (unlike the desktop's key in the OS keychain), so sealing would only look like protection.
 */
export const PLAIN_SEALER: Sealer = { seal: (plain) => plain, open: (sealed) => sealed };

export function createWebOfflineStore(
  persisted: PersistedEntries,
  log: (message: string) => void = console.warn,
): WebOfflineStore {
  const entries = new Map<string, unknown>();
  let cleared = false;
  const ready = persisted
    .loadAll()
    .then((loaded) => {
      // A clear (sign-out) before the load finished wins: nothing of the last reader comes back.
      if (cleared) return;
      for (const [key, value] of loaded) if (!entries.has(key)) entries.set(key, value);
    })
    .catch((error: unknown) => log(`The offline copy could not be read: ${String(error)}`));
  const keep = (write: Promise<void>) =>
    void write.catch((error: unknown) => log(`The offline copy could not be saved: ${String(error)}`));

  return {
    ready,
    get: (key) => entries.get(key),
    set(key, value) {
      entries.set(key, value);
      keep(persisted.put(key, value));
    },
    delete(key) {
      entries.delete(key);
      keep(persisted.delete(key));
    },
    async clear() {
      cleared = true;
      entries.clear();
      await persisted.clear();
    },
  };
}

const STORE = 'entries';

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

/** The entries in the IndexedDB database `name` (one object store of key to value). */
export function indexedDbEntries(
  name = 'shelfwise-offline',
  factory: IDBFactory = indexedDB,
): PersistedEntries {
  const database = new Promise<IDBDatabase>((resolve, reject) => {
    const open = factory.open(name, 1);
    open.onupgradeneeded = () => open.result.createObjectStore(STORE);
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error ?? new Error('IndexedDB could not be opened'));
  });
  async function run<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>) {
    const db = await database;
    return request(work(db.transaction(STORE, mode).objectStore(STORE)));
  }
  return {
    async loadAll() {
      // Keys and values from one transaction, so they pair up (both come in key order).
      const store = (await database).transaction(STORE, 'readonly').objectStore(STORE);
      const [keys, values] = await Promise.all([request(store.getAllKeys()), request(store.getAll())]);
      return keys.map((key, i) => [String(key), values[i]]);
    },
    put: async (key, value) => void (await run('readwrite', (store) => store.put(value, key))),
    delete: async (key) => void (await run('readwrite', (store) => store.delete(key))),
    clear: async () => void (await run('readwrite', (store) => store.clear())),
  };
}
