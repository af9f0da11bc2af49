// Where the session (access and refresh token) is kept between runs: the OS keychain through keytar when it
// loads and answers; else Electron's safeStorage encrypting into electron-store; else nowhere. The app never
// writes a token in plain text: with neither available it keeps the session in memory only (fail closed), and
// the user signs in again after a restart.
//
// It is supabase-js's storage adapter (getItem/setItem/removeItem). Every vault keeps a copy in memory, so a
// keychain that stops answering mid-run costs persistence, not the session.
import type { KeyValueStore } from '../key-value-store';

export type VaultKind = 'keychain' | 'safe-storage' | 'memory';

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
  /** keytar, or null when the native module cannot load; may throw. */
  loadKeytar: () => Keytar | null;
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

async function keychainBackend(deps: VaultDeps): Promise<Backend | null> {
  let keytar: Keytar | null;
  try {
    keytar = deps.loadKeytar();
  } catch (error) {
    deps.log(`keytar did not load: ${messageOf(error)}`);
    return null;
  }
  if (!keytar) return null;
  try {
    // Loading is not enough: without a running secret service (Linux without D-Bus) every call throws.
    await withTimeout(keytar.getPassword(deps.service, PROBE_ACCOUNT), deps.probeTimeoutMs ?? 5000);
  } catch (error) {
    deps.log(`The OS keychain is not available: ${messageOf(error)}`);
    return null;
  }
  const k = keytar;
  return {
    kind: 'keychain',
    read: (account) => k.getPassword(deps.service, account),
    write: (account, value) => k.setPassword(deps.service, account, value),
    remove: async (account) => void (await k.deletePassword(deps.service, account)),
  };
}

/** Whether safeStorage really encrypts: on Linux without a keyring it falls back to a hard-coded key. */
export function safeStorageEncrypts(safeStorage: SafeStorage | null, platform: NodeJS.Platform): boolean {
  if (!safeStorage?.isEncryptionAvailable()) return false;
  if (platform !== 'linux') return true;
  const backend = safeStorage.getSelectedStorageBackend?.() ?? 'unknown';
  return backend !== 'basic_text' && backend !== 'unknown';
}

function safeStorageBackend(deps: VaultDeps): Backend | null {
  const safe = deps.safeStorage;
  if (!safe || !safeStorageEncrypts(safe, deps.platform)) return null;
  const store = deps.openEncryptedStore();
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

function vaultOver(backend: Backend | null, deps: VaultDeps): TokenVault {
  const memory = new Map<string, string>();
  const account = (key: string) => `${deps.scope} ${key}`;
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

/** Picks the strongest store that works on this machine: keychain, then safeStorage, then memory only. */
export async function openTokenVault(deps: VaultDeps): Promise<TokenVault> {
  const backend = (await keychainBackend(deps)) ?? safeStorageBackend(deps);
  if (!backend)
    deps.log(
      'Neither the OS keychain nor safeStorage can encrypt here: the session is kept in memory only and ' +
        'you will need to sign in again after a restart.',
    );
  return vaultOver(backend, deps);
}
