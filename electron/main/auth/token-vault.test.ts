import { describe, expect, it, vi } from 'vitest';
import { memoryStore } from '../testing/memory-store';
import { BACKEND_RECORD, MIGRATION_MARKER, openTokenVault, safeStorageEncrypts } from './token-vault';
import type { Keytar, SafeStorage, VaultDeps } from './token-vault';

const TOKEN = '{"access_token":"at","refresh_token":"SECRET-REFRESH"}';

function fakeKeytar(options: { failProbe?: Error; hang?: boolean } = {}) {
  const items = new Map<string, string>();
  const keytar: Keytar & { items: Map<string, string> } = {
    items,
    getPassword: vi.fn(async (service: string, account: string) => {
      if (options.hang) return new Promise<string | null>(() => undefined);
      if (options.failProbe) throw options.failProbe;
      return items.get(`${service}/${account}`) ?? null;
    }),
    setPassword: vi.fn(async (service: string, account: string, password: string) => {
      items.set(`${service}/${account}`, password);
    }),
    deletePassword: vi.fn(async (service: string, account: string) => items.delete(`${service}/${account}`)),
  };
  return keytar;
}

// Reversible and visibly not plain text, like the real thing.
function fakeSafeStorage(available: boolean, backend = 'gnome_libsecret'): SafeStorage {
  return {
    isEncryptionAvailable: () => available,
    encryptString: (text) => Buffer.from(`enc:${Buffer.from(text).toString('hex')}`),
    decryptString: (buffer) => {
      const text = buffer.toString();
      if (!text.startsWith('enc:')) throw new Error('bad ciphertext');
      return Buffer.from(text.slice(4), 'hex').toString();
    },
    getSelectedStorageBackend: () => backend,
  };
}

function deps(overrides: Partial<VaultDeps> = {}) {
  const store = memoryStore();
  const log = vi.fn();
  const all: VaultDeps = {
    service: 'app.shelfwise.desktop',
    scope: 'http://localhost:8787',
    loadKeytar: () => fakeKeytar(),
    safeStorage: fakeSafeStorage(true),
    openEncryptedStore: () => store,
    platform: 'linux',
    log,
    probeTimeoutMs: 50,
    ...overrides,
  };
  return { deps: all, store, log };
}

const plainTextIn = (snapshot: unknown) => JSON.stringify(snapshot).includes('SECRET-REFRESH');

const ACCOUNT = 'http://localhost:8787 sb-auth-token';
const keychainKey = `app.shelfwise.desktop/${ACCOUNT}`;
const vaultRecords = (snapshot: Record<string, unknown>) =>
  Object.keys(snapshot).filter((k) => k.startsWith('vault-'));

describe('openTokenVault: safeStorage first, keytar only to move an old entry once', () => {
  it('keeps the session in safeStorage, as ciphertext, and records the backend', async () => {
    const keytar = fakeKeytar();
    const { deps: d, store, log } = deps({ loadKeytar: () => keytar, migrateKeys: ['sb-auth-token'] });
    const vault = await openTokenVault(d);
    expect(vault).toMatchObject({ kind: 'safe-storage', persistent: true });
    await vault.setItem('sb-auth-token', TOKEN);
    expect(plainTextIn(store.snapshot())).toBe(false);
    expect(vaultRecords(store.snapshot())).toHaveLength(1);
    expect(keytar.items.size).toBe(0);
    expect(store.get(BACKEND_RECORD)).toEqual({ kind: 'safe-storage', detail: 'gnome_libsecret' });
    expect(log.mock.calls.flat().join()).toContain('kept by safeStorage (gnome_libsecret)');

    // A new run reads it back through decryption.
    const again = await openTokenVault(d);
    expect(await again.getItem('sb-auth-token')).toBe(TOKEN);
  });

  it('moves an entry an older version left in the keychain, deletes it there, and never loads keytar again', async () => {
    const keytar = fakeKeytar();
    keytar.items.set(keychainKey, TOKEN);
    const loadKeytar = vi.fn(() => keytar);
    const { deps: d, store } = deps({ loadKeytar, migrateKeys: ['sb-auth-token', 'sb-auth-token-user'] });
    const vault = await openTokenVault(d);
    expect(await vault.getItem('sb-auth-token')).toBe(TOKEN);
    expect(keytar.items.has(keychainKey)).toBe(false);
    expect(plainTextIn(store.snapshot())).toBe(false);
    expect(store.get(MIGRATION_MARKER)).toMatchObject({ moved: 1 });

    keytar.items.set(keychainKey, 'an entry written later by an old copy');
    const next = await openTokenVault(d);
    expect(await next.getItem('sb-auth-token')).toBe(TOKEN);
    expect(loadKeytar).toHaveBeenCalledTimes(1);
  });

  it('without keytar there is nothing to move; a keychain that does not answer is tried again next run', async () => {
    const absent = deps({
      loadKeytar: () => {
        throw new Error('Cannot find module keytar.node');
      },
      migrateKeys: ['sb-auth-token'],
    });
    expect((await openTokenVault(absent.deps)).kind).toBe('safe-storage');
    expect(absent.store.get(MIGRATION_MARKER)).toMatchObject({ moved: 0 });

    const hanging = deps({ loadKeytar: () => fakeKeytar({ hang: true }), migrateKeys: ['sb-auth-token'] });
    expect((await openTokenVault(hanging.deps)).kind).toBe('safe-storage');
    expect(hanging.store.get(MIGRATION_MARKER)).toBeUndefined();
    expect(hanging.log.mock.calls.flat().join()).toContain('no answer within 50 ms');
  });

  it('fails closed when safeStorage cannot encrypt (basic_text refused): memory only, even with a keychain', async () => {
    for (const safeStorage of [null, fakeSafeStorage(false), fakeSafeStorage(true, 'basic_text')]) {
      const keytar = fakeKeytar();
      const {
        deps: d,
        store,
        log,
      } = deps({ loadKeytar: () => keytar, safeStorage, migrateKeys: ['sb-auth-token'] });
      const vault = await openTokenVault(d);
      expect(vault).toMatchObject({ kind: 'memory', persistent: false });

      await vault.setItem('sb-auth-token', TOKEN);
      expect(await vault.getItem('sb-auth-token')).toBe(TOKEN);
      expect(store.snapshot()).toEqual({});
      expect(keytar.items.size).toBe(0);
      expect(log.mock.calls.flat().join()).toContain('kept in memory only');

      // The next run starts signed out.
      const next = await openTokenVault(d);
      expect(await next.getItem('sb-auth-token')).toBeNull();
    }
  });
});

describe('a vault at run time', () => {
  it('keeps the session in memory when the store fails to save', async () => {
    const store = memoryStore();
    const { deps: d, log } = deps({
      openEncryptedStore: () => ({
        ...store,
        set: (key: string, value: unknown) => {
          if (key.startsWith('vault-')) throw new Error('disk full');
          store.set(key, value);
        },
      }),
    });
    const vault = await openTokenVault(d);
    await vault.setItem('sb-auth-token', TOKEN);
    expect(await vault.getItem('sb-auth-token')).toBe(TOKEN);
    expect(log.mock.calls.flat().join()).toContain('disk full');
  });

  it('removes items from memory and from the store', async () => {
    const { deps: d, store } = deps();
    const vault = await openTokenVault(d);
    await vault.setItem('k', 'v');
    await vault.removeItem('k');
    expect(await vault.getItem('k')).toBeNull();
    expect(vaultRecords(store.snapshot())).toEqual([]);
  });

  it('drops ciphertext it cannot decrypt instead of failing every read', async () => {
    const { deps: d, store } = deps({ loadKeytar: () => null });
    const vault = await openTokenVault(d);
    await vault.setItem('k', 'v');
    const [key] = vaultRecords(store.snapshot());
    store.set(key!, Buffer.from('not ours').toString('base64'));
    const next = await openTokenVault(d);
    expect(await next.getItem('k')).toBeNull();
    expect(vaultRecords(store.snapshot())).toEqual([]);
  });

  it('keeps sessions of different servers apart', async () => {
    const store = memoryStore();
    const a = await openTokenVault(
      deps({ scope: 'http://localhost:8787', openEncryptedStore: () => store }).deps,
    );
    const b = await openTokenVault(
      deps({ scope: 'https://books.example.org', openEncryptedStore: () => store }).deps,
    );
    await a.setItem('sb-auth-token', 'A');
    expect(await b.getItem('sb-auth-token')).toBeNull();
  });
});

describe('safeStorageEncrypts', () => {
  it('trusts safeStorage on macOS and Windows when available, and on Linux only with a real keyring', () => {
    expect(safeStorageEncrypts(fakeSafeStorage(true), 'darwin')).toBe(true);
    expect(safeStorageEncrypts(fakeSafeStorage(true), 'win32')).toBe(true);
    expect(safeStorageEncrypts(fakeSafeStorage(true, 'kwallet5'), 'linux')).toBe(true);
    expect(safeStorageEncrypts(fakeSafeStorage(true, 'basic_text'), 'linux')).toBe(false);
    expect(safeStorageEncrypts(fakeSafeStorage(true, 'unknown'), 'linux')).toBe(false);
    expect(safeStorageEncrypts(fakeSafeStorage(false), 'darwin')).toBe(false);
    expect(safeStorageEncrypts(null, 'darwin')).toBe(false);
  });
});
