// The little of electron-store this app uses. electron-store 11 is ESM-only and imports `electron` when
// loaded, so main opens it in index.ts and everything else sees only this interface (DEPENDENCIES.md).
// Keys never contain dots: electron-store would read them as nested paths.

export interface KeyValueStore {
  get(key: string): unknown;
  set(key: string, value: unknown): void;
  delete(key: string): void;
}

/** A store kept in memory, for tests; main always opens electron-store files (index.ts). */
export function memoryStore(
  initial: Record<string, unknown> = {},
): KeyValueStore & { snapshot(): Record<string, unknown> } {
  const data = new Map(Object.entries(structuredClone(initial)));
  return {
    get: (key) => structuredClone(data.get(key)),
    set: (key, value) => void data.set(key, structuredClone(value)),
    delete: (key) => void data.delete(key),
    snapshot: () => structuredClone(Object.fromEntries(data)),
  };
}
