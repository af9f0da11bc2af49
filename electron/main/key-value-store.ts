// The little of electron-store this app uses. electron-store 11 is ESM-only and imports `electron` when
// loaded, so main opens it in index.ts and everything else sees only this interface (DEPENDENCIES.md).
// Keys never contain dots: electron-store would read them as nested paths. The interface is the one the
// shared offline layer keeps its cache and outbox in (shared/offline/storage.ts).
export type { KeyValueStore } from '@shared/offline/storage';
