// What each shell supplies to the one offline layer (ARCHITECTURE.md "Offline"): somewhere to keep strings
// by key, read and written synchronously, and a sealer for what is kept. The desktop app gives electron-store
// and AES-GCM with a key in safeStorage (electron/main); the web gives IndexedDB behind an in-memory copy
// (renderer/src/platform/web-offline-storage.ts). The rules of what is cached, queued and sent live once, in
// the modules beside this one.

export interface KeyValueStore {
  get(key: string): unknown;
  set(key: string, value: unknown): void;
  delete(key: string): void;
}

export interface Sealer {
  seal(plain: string): string;
  /** Throws when the text was not sealed with this key (another machine, a lost key, tampering). */
  open(sealed: string): string;
}
