// Where the session (access and refresh token) is kept between runs: Electron's safeStorage (the OS
// keyring, Keychain or DPAPI) encrypting into electron-store, as VS Code and Element do; else nowhere. The
// app never writes a token in plain text: without safeStorage (or with Linux's `basic_text`, a hard-coded
// key) it keeps the session in memory only (fail closed), and the user signs in again after a restart.
//
// keytar (archived upstream) is loaded only to move a session an older version kept in the keychain: once,
// on the first run with safeStorage, each entry is copied in and deleted from the keychain (Element's way).
// Which backend holds the session is recorded in the store and logged.
//
// It is supabase-js's storage adapter (getItem/setItem/removeItem). Every vault keeps a copy in memory, so a
// store that stops answering mid-run costs persistence, not the session.
import type { KeyValueStore } from '../key-value-store';

export type VaultKind = 'safe-storage' | 'memory';

export interface TokenVault {
  readonly kind: VaultKind;
  /** False when nothing survives a restart. */
  readonly persistent: boolean;
  getItem(key: string): Promise<string | null>;
  setItem(key: string, value: string): Promise<void>;
  removeItem(key: string): Promise<void>;
}

/** The part of keytar used here. */
export interface Keytar {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
}

/** The part of Electron's safeStorage used here. */
export interface SafeStorage {
  isEncryptionAvailable(): boolean;
  encryptString(plainText: string): Buffer;
  decryptString(encrypted: Buffer): string;
  /** Linux only: 'basic_text' means a hard-coded key, which is no protection. */
  getSelectedStorageBackend?(): string;
}

export interface VaultDeps {
  /** Keychain service name (the app id). */
  service: string;
  /** Prefix of every key, so sessions for different servers never mix (the server origin). */
  scope: string;
  /** keytar, or null when the native module cannot load; may throw. Only for the one-time migration. */
  loadKeytar: () => Keytar | null;
  /** The vault keys an older version may have left in the keychain. */
  migrateKeys?: readonly string[];
  safeStorage: SafeStorage | null;
  /** Opens the electron-store file that holds safeStorage ciphertext. */
  openEncryptedStore: () => KeyValueStore;
  platform: NodeJS.Platform;
  log: (message: string) => void;
  /** How long the keychain may take to answer the probe before it counts as unavailable. */
  probeTimeoutMs?: number;
}

interface Backend {
  kind: VaultKind;
  read(account: string): Promise<string | null>;
  write(account: string, value: string): Promise<void>;
  remove(account: string): Promise<void>;
}

const PROBE_ACCOUNT = 'availability-probe';

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    promise.then(
      (value) => (clearTimeout(timer), resolve(value)),
      (error: unknown) => (clearTimeout(timer), reject(error)),
    );
  });
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Recorded once the keychain was looked at, so keytar is never loaded again. */
export const MIGRATION_MARKER = 'keychain-migration';
/** Which backend holds the session, with the OS store under it (Linux: safeStorage's backend name). */
export const BACKEND_RECORD = 'session-backend';

async function loadedKeytar(deps: VaultDeps): Promise<Keytar | 'absent' | 'unavailable'> {
  let keytar: Keytar | null;
  try {
    keytar = deps.loadKeytar();
  } catch (error) {
    deps.log(`keytar did not load, so there is no keychain entry to move: ${messageOf(error)}`);
    return 'absent';
  }
  if (!keytar) return 'absent';
  try {
    // Loading is not enough: without a running secret service (Linux without D-Bus) every call throws.
    await withTimeout(keytar.getPassword(deps.service, PROBE_ACCOUNT), deps.probeTimeoutMs ?? 5000);
    return keytar;
  } catch (error) {
    deps.log(
      `The OS keychain is not answering; moving its entries waits for a later run: ${messageOf(error)}`,
    );
    return 'unavailable';
  }
}

/** Moves what an older version kept in the keychain into safeStorage, once, deleting it from the keychain. */
async function migrateFromKeychain(
  deps: VaultDeps,
  store: KeyValueStore,
  backend: Backend,
  account: (key: string) => string,
) {
  if (store.get(MIGRATION_MARKER) !== undefined || !deps.migrateKeys?.length) return;
  const keytar = await loadedKeytar(deps);
  if (keytar === 'unavailable') return;
  let moved = 0;
  if (keytar !== 'absent') {
    for (const key of deps.migrateKeys) {
      try {
        const value = await keytar.getPassword(deps.service, account(key));
        if (value === null) continue;
        if ((await backend.read(account(key))) === null) await backend.write(account(key), value);
        await keytar.deletePassword(deps.service, account(key));
        moved += 1;
      } catch (error) {
        deps.log(`Could not move a keychain entry; it is tried again next run: ${messageOf(error)}`);
        return;
      }
    }
  }
  store.set(MIGRATION_MARKER, { at: new Date().toISOString(), moved });
  if (moved > 0)
    deps.log(`Moved ${moved} entries from the OS keychain into safeStorage and deleted them there.`);
}

/** Whether safeStorage really encrypts: on Linux without a keyring it falls back to a hard-coded key. */
export function safeStorageEncrypts(safeStorage: SafeStorage | null, platform: NodeJS.Platform): boolean {
  if (!safeStorage?.isEncryptionAvailable()) return false;
  if (platform !== 'linux') return true;
  const backend = safeStorage.getSelectedStorageBackend?.() ?? 'unknown';
  return backend !== 'basic_text' && backend !== 'unknown';
}

function safeStorageBackend(deps: VaultDeps, store: KeyValueStore): Backend | null {
  const safe = deps.safeStorage;
  if (!safe || !safeStorageEncrypts(safe, deps.platform)) return null;
  // Keys of the store must not contain dots (nested paths in electron-store).
  const storeKey = (account: string) => `vault-${Buffer.from(account).toString('base64url')}`;
  return {
    kind: 'safe-storage',
    async read(account) {
      const stored = store.get(storeKey(account));
      if (typeof stored !== 'string') return null;
      try {
        return safe.decryptString(Buffer.from(stored, 'base64'));
      } catch (error) {
        // Written under another OS account or key: useless, so drop it rather than fail every read.
        deps.log(`A stored session could not be decrypted and was removed: ${messageOf(error)}`);
        store.delete(storeKey(account));
        return null;
      }
    },
    async write(account, value) {
      store.set(storeKey(account), safe.encryptString(value).toString('base64'));
    },
    async remove(account) {
      store.delete(storeKey(account));
    },
  };
}

const accountOf = (deps: VaultDeps) => (key: string) => `${deps.scope} ${key}`;

function vaultOver(backend: Backend | null, deps: VaultDeps): TokenVault {
  const memory = new Map<string, string>();
  const account = accountOf(deps);
  const warn = (action: string) => (error: unknown) =>
    deps.log(
      `Could not ${action} the session in the ${backend?.kind}: ${messageOf(error)}. It is kept in memory.`,
    );
  return {
    kind: backend?.kind ?? 'memory',
    persistent: backend !== null,
    async getItem(key) {
      if (memory.has(key)) return memory.get(key) ?? null;
      if (!backend) return null;
      try {
        const value = await backend.read(account(key));
        if (value !== null) memory.set(key, value);
        return value;
      } catch (error) {
        warn('read')(error);
        return null;
      }
    },
    async setItem(key, value) {
      memory.set(key, value);
      await backend?.write(account(key), value).catch(warn('save'));
    },
    async removeItem(key) {
      memory.delete(key);
      await backend?.remove(account(key)).catch(warn('remove'));
    },
  };
}

/** safeStorage when it really encrypts here (after moving any old keychain entry in), else memory only. */
export async function openTokenVault(deps: VaultDeps): Promise<TokenVault> {
  const safe =
    deps.safeStorage && safeStorageEncrypts(deps.safeStorage, deps.platform) ? deps.safeStorage : null;
  const store = safe ? deps.openEncryptedStore() : null;
  const backend = store ? safeStorageBackend(deps, store) : null;
  if (store && backend) {
    await migrateFromKeychain(deps, store, backend, accountOf(deps));
    const detail =
      deps.platform === 'linux' ? (safe?.getSelectedStorageBackend?.() ?? 'unknown') : deps.platform;
    const record = { kind: backend.kind, detail };
    const previous = store.get(BACKEND_RECORD) as { kind?: string; detail?: string } | undefined;
    if (previous?.kind !== record.kind || previous.detail !== record.detail)
      store.set(BACKEND_RECORD, record);
    deps.log(`The session is kept by safeStorage (${detail}).`);
  } else {
    const why =
      deps.platform === 'linux' && deps.safeStorage?.isEncryptionAvailable()
        ? `safeStorage would use '${deps.safeStorage.getSelectedStorageBackend?.() ?? 'unknown'}', which is no protection`
        : 'safeStorage cannot encrypt here';
    deps.log(
      `${why}: the session is kept in memory only and you will need to sign in again after a restart.`,
    );
  }
  return vaultOver(backend, deps);
}
