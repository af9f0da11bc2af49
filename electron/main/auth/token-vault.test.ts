import { describe, expect, it, vi } from 'vitest';
import { memoryStore } from '../testing/memory-store';
import { openTokenVault, safeStorageEncrypts } from './token-vault';
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

describe('openTokenVault: choosing where tokens go', () => {
  it('uses the OS keychain when keytar loads and answers, scoped by server', async () => {
    const keytar = fakeKeytar();
    const { deps: d, store } = deps({ loadKeytar: () => keytar });
    const vault = await openTokenVault(d);
    expect(vault).toMatchObject({ kind: 'keychain', persistent: true });

    await vault.setItem('sb-auth-token', TOKEN);
    expect(keytar.items.get('app.shelfwise.desktop/http://localhost:8787 sb-auth-token')).toBe(TOKEN);
    expect(store.snapshot()).toEqual({});
  });

  it('falls back to safeStorage when keytar cannot load, storing only ciphertext', async () => {
    const {
      deps: d,
      store,
      log,
    } = deps({
      loadKeytar: () => {
        throw new Error('Cannot find module keytar.node');
      },
    });
    const vault = await openTokenVault(d);
    expect(vault).toMatchObject({ kind: 'safe-storage', persistent: true });
    await vault.setItem('sb-auth-token', TOKEN);
    expect(plainTextIn(store.snapshot())).toBe(false);
    expect(Object.keys(store.snapshot())).toHaveLength(1);
    expect(log.mock.calls.flat().join()).toContain('keytar did not load');

    // A new run reads it back through decryption.
    const again = await openTokenVault(d);
    expect(await again.getItem('sb-auth-token')).toBe(TOKEN);
  });

  it('falls back to safeStorage when keytar loads but the keychain does not answer', async () => {
    const noDbus = deps({
      loadKeytar: () => fakeKeytar({ failProbe: new Error('Cannot autolaunch D-Bus') }),
    });
    expect((await openTokenVault(noDbus.deps)).kind).toBe('safe-storage');
    const hanging = deps({ loadKeytar: () => fakeKeytar({ hang: true }) });
    expect((await openTokenVault(hanging.deps)).kind).toBe('safe-storage');
    expect(hanging.log.mock.calls.flat().join()).toContain('no answer within 50 ms');
  });

  it('fails closed when neither can encrypt: memory only, nothing written anywhere', async () => {
    for (const safeStorage of [null, fakeSafeStorage(false), fakeSafeStorage(true, 'basic_text')]) {
      const { deps: d, store, log } = deps({ loadKeytar: () => null, safeStorage });
      const vault = await openTokenVault(d);
      expect(vault).toMatchObject({ kind: 'memory', persistent: false });

      await vault.setItem('sb-auth-token', TOKEN);
      expect(await vault.getItem('sb-auth-token')).toBe(TOKEN);
      expect(store.snapshot()).toEqual({});
      expect(log.mock.calls.flat().join()).toContain('kept in memory only');

      // The next run starts signed out.
      const next = await openTokenVault(d);
      expect(await next.getItem('sb-auth-token')).toBeNull();
    }
  });
});

describe('a vault at run time', () => {
  it('keeps the session in memory when the keychain fails to save, never falling back to a file', async () => {
    const keytar = fakeKeytar();
    keytar.setPassword = vi.fn(async () => {
      throw new Error('keychain locked');
    });
    const { deps: d, store, log } = deps({ loadKeytar: () => keytar });
    const vault = await openTokenVault(d);
    await vault.setItem('sb-auth-token', TOKEN);
    expect(await vault.getItem('sb-auth-token')).toBe(TOKEN);
    expect(store.snapshot()).toEqual({});
    expect(log.mock.calls.flat().join()).toContain('keychain locked');
  });

  it('removes items from memory and from the store', async () => {
    const keytar = fakeKeytar();
    const { deps: d } = deps({ loadKeytar: () => keytar });
    const vault = await openTokenVault(d);
    await vault.setItem('k', 'v');
    await vault.removeItem('k');
    expect(await vault.getItem('k')).toBeNull();
    expect(keytar.items.size).toBe(0);
  });

  it('drops ciphertext it cannot decrypt instead of failing every read', async () => {
    const { deps: d, store } = deps({ loadKeytar: () => null });
    const vault = await openTokenVault(d);
    await vault.setItem('k', 'v');
    const [key] = Object.keys(store.snapshot());
    store.set(key!, Buffer.from('not ours').toString('base64'));
    const next = await openTokenVault(d);
    expect(await next.getItem('k')).toBeNull();
    expect(store.snapshot()).toEqual({});
  });

  it('keeps sessions of different servers apart', async () => {
    const keytar = fakeKeytar();
    const a = await openTokenVault(deps({ loadKeytar: () => keytar, scope: 'http://localhost:8787' }).deps);
    const b = await openTokenVault(
      deps({ loadKeytar: () => keytar, scope: 'https://books.example.org' }).deps,
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
