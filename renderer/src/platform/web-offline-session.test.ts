// A reload without a connection (issue 29): the web backend opens the stored session with the last
// /client-config it was given, instead of taking the reader for signed out because the server is out of reach.
import { describe, expect, it, vi } from 'vitest';
import { AUTH_STORAGE_KEY } from '@shared/auth-session';
import { createWebBackend } from './web';

const USER_ID = '0b6f1c2e-3d4a-4b5c-8d6e-7f8091a2b3c4';
const CONFIG = { url: 'http://server.test', anonKey: 'anon-key' };

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

function storedSession(storage: Storage) {
  storage.setItem(
    AUTH_STORAGE_KEY,
    JSON.stringify({
      access_token: 'access-1',
      refresh_token: 'refresh-1',
      token_type: 'bearer',
      expires_in: 3600,
      expires_at: Math.floor(Date.now() / 1000) + 3600,
      user: {
        id: USER_ID,
        email: 'ada@example.org',
        aud: 'authenticated',
        app_metadata: {},
        user_metadata: {},
      },
    }),
  );
}

const offlineFetch = vi.fn(async () => {
  throw new TypeError('Failed to fetch');
});

describe('the web session without a connection', () => {
  it('opens the stored session with the configuration kept from the last visit', async () => {
    const storage = memoryStorage();
    storedSession(storage);
    const online = createWebBackend({
      origin: 'http://server.test',
      storage,
      offline: false,
      fetch: vi.fn(async () => new Response(JSON.stringify(CONFIG), { status: 200 })),
    });
    expect((await online.getSession())?.user.id).toBe(USER_ID);

    const reloadedOffline = createWebBackend({
      origin: 'http://server.test',
      storage,
      offline: false,
      fetch: offlineFetch,
    });
    expect((await reloadedOffline.getSession())?.user.id).toBe(USER_ID);
  });

  it('still fails when it never had a configuration', async () => {
    const storage = memoryStorage();
    storedSession(storage);
    const backend = createWebBackend({
      origin: 'http://server.test',
      storage,
      offline: false,
      fetch: offlineFetch,
    });
    await expect(backend.getSession()).rejects.toThrow('Failed to fetch');
  });

  it('does not use a kept configuration when the server answers with an error', async () => {
    const storage = memoryStorage();
    storage.setItem('shelfwise-client-config', JSON.stringify(CONFIG));
    const backend = createWebBackend({
      origin: 'http://server.test',
      storage,
      offline: false,
      fetch: vi.fn(async () => new Response('down', { status: 503 })),
    });
    await expect(backend.getSession()).rejects.toThrow('HTTP 503');
  });
});
