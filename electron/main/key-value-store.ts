// The little of electron-store this app uses. electron-store 11 is ESM-only and imports `electron` when
// loaded, so main opens it in index.ts and everything else sees only this interface (DEPENDENCIES.md).
// Keys never contain dots: electron-store would read them as nested paths.

export interface KeyValueStore {
  get(key: string): unknown;
  set(key: string, value: unknown): void;
  delete(key: string): void;
}
