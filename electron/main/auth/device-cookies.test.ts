import { afterEach, describe, expect, it } from 'vitest';
import { DEVICE_COOKIES_KEY, readDeviceSetCookie, withDeviceCookies } from './device-cookies';
import { createDesktopSession } from './session';
import type { DesktopSession } from './session';
import { FAKE_SERVER, createFakeAuthServer } from './testing/fake-auth-server';
import { memoryVault } from './testing/memory-vault';
import type { TokenVault } from './token-vault';
import { s256Challenge } from './pkce';

const sessions: DesktopSession[] = [];
afterEach(async () => {
  await Promise.all(sessions.splice(0).map((s) => s.stop()));
});

const PASSWORD = 'Correct-horse-1!';

function open(server: ReturnType<typeof createFakeAuthServer>, vault: TokenVault) {
  const session = createDesktopSession({
    serverUrl: FAKE_SERVER,
    vault,
    fetch: server.fetch,
    log: () => undefined,
    autoRefresh: false,
  });
  sessions.push(session);
  return session;
}

/** The Cookie header of the last call to `path`. */
const lastCookie = (server: ReturnType<typeof createFakeAuthServer>, path: string) =>
  server.calls.filter((c) => c.path === path).at(-1)?.headers.cookie;

describe('device cookies in the desktop app', () => {
  it('keeps the cookie a sign-in leaves in the vault, past sign-out and restart, and sends it back', async () => {
    const server = createFakeAuthServer();
    const vault = await memoryVault();
    const ada = server.addUser('ada@example.org', PASSWORD);
    const first = open(server, vault);
    await first.signInWithPassword('ada@example.org', PASSWORD);
    expect(lastCookie(server, '/auth/v1/token')).toBeUndefined();
    const name = server.deviceCookieName(ada);
    const kept = JSON.parse((await vault.getItem(DEVICE_COOKIES_KEY)) ?? '{}');
    expect(Object.keys(kept)).toEqual([name]);
    expect(server.deviceTokens.get(kept[name].value)).toBe(ada.id);

    await first.signOut();
    await first.stop();
    const restarted = open(server, vault);
    await restarted.signInWithPassword('ada@example.org', PASSWORD);
    expect(lastCookie(server, '/auth/v1/token')).toBe(`${name}=${kept[name].value}`);
    // The sign-in swapped it for a new one, which the next call brings.
    const swapped = JSON.parse((await vault.getItem(DEVICE_COOKIES_KEY)) ?? '{}')[name].value;
    expect(swapped).not.toBe(kept[name].value);
    await restarted.exchangeWithVerifier(
      server.issueCode(ada.id, s256Challenge('v'.repeat(43))),
      'v'.repeat(43),
    );
    expect(lastCookie(server, '/auth/v1/token')).toBe(`${name}=${swapped}`);
  });

  it('keeps one per account and sends them only to its own server’s /auth/v1', async () => {
    const server = createFakeAuthServer();
    const vault = await memoryVault();
    const ada = server.addUser('ada@example.org', PASSWORD);
    const bob = server.addUser('bob@example.org', PASSWORD);
    const session = open(server, vault);
    await session.signInWithPassword('ada@example.org', PASSWORD);
    await session.signOut();
    await session.signInWithPassword('bob@example.org', PASSWORD);
    const kept = JSON.parse((await vault.getItem(DEVICE_COOKIES_KEY)) ?? '{}');
    expect(Object.keys(kept).sort()).toEqual(
      [server.deviceCookieName(ada), server.deviceCookieName(bob)].sort(),
    );

    await session.getUser();
    expect(lastCookie(server, '/auth/v1/user')).toContain(server.deviceCookieName(ada));
    await session.uploadAvatar(new Uint8Array([1, 2, 3]), 'image/png');
    for (const call of server.calls.filter((c) => !c.path.startsWith('/auth/v1/'))) {
      expect(call.headers.cookie, call.path).toBeUndefined();
    }
    // Another origin, or a path beside /auth/v1, gets none from the same fetch.
    const seen: (string | null)[] = [];
    const fetch = withDeviceCookies({
      serverUrl: FAKE_SERVER,
      vault,
      fetch: (async (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
        seen.push(new Request(input, init).headers.get('cookie'));
        return new Response(null, { status: 204 });
      }) as typeof globalThis.fetch,
      log: () => undefined,
    });
    await fetch('http://elsewhere.example/auth/v1/token');
    await fetch(`${FAKE_SERVER}/auth/v1x/token`);
    await fetch(`${FAKE_SERVER}/sf/get-profile`, { method: 'POST' });
    expect(seen).toEqual([null, null, null]);
    await fetch(`${FAKE_SERVER}/auth/v1/token`, { headers: { cookie: 'other=1' } });
    expect(seen.at(-1)).toMatch(/^other=1; sf_device_/);
  });

  it('forgets a cookie the server removes or that expired, and ignores ones that are not device cookies', async () => {
    let now = 1_000_000;
    const vault = await memoryVault();
    let setCookies: string[] = [];
    const seen: (string | null)[] = [];
    const fetch = withDeviceCookies({
      serverUrl: FAKE_SERVER,
      vault,
      now: () => now,
      log: () => undefined,
      fetch: (async (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
        seen.push(new Request(input, init).headers.get('cookie'));
        return new Response(null, { status: 204, headers: setCookies.map((c) => ['set-cookie', c]) });
      }) as typeof globalThis.fetch,
    });
    const call = () => fetch(`${FAKE_SERVER}/auth/v1/token?grant_type=password`, { method: 'POST' });
    setCookies = [
      'sf_device_aa=tokenA; Max-Age=100; Path=/auth/v1; HttpOnly; SameSite=Strict',
      'sf_device_bb=tokenB; Max-Age=1000; Path=/auth/v1',
      'sf_device_cc=tokenC; Max-Age=1000; Path=/',
      'session=x; Max-Age=1000; Path=/auth/v1',
      'sf_device_dd=bad value!; Max-Age=1000; Path=/auth/v1',
    ];
    await call();
    setCookies = [];
    await call();
    expect(seen.at(-1)).toBe('sf_device_bb=tokenB; sf_device_aa=tokenA');
    now += 200_000;
    await call();
    expect(seen.at(-1)).toBe('sf_device_bb=tokenB');
    setCookies = ['sf_device_bb=; Max-Age=0; Path=/auth/v1'];
    await call();
    setCookies = [];
    await call();
    expect(seen.at(-1)).toBeNull();
  });
});

describe('readDeviceSetCookie', () => {
  it('reads Max-Age before Expires, and a removal as already ended', () => {
    expect(readDeviceSetCookie('sf_device_ab=v; Path=/auth/v1; Max-Age=10', 0)).toEqual({
      name: 'sf_device_ab',
      kept: { value: 'v', expiresAt: 10_000 },
    });
    expect(
      readDeviceSetCookie('sf_device_ab=v; Path=/auth/v1; Expires=Thu, 01 Jan 1970 00:00:05 GMT', 0)?.kept,
    ).toEqual({ value: 'v', expiresAt: 5000 });
    expect(readDeviceSetCookie('sf_device_ab=; Path=/auth/v1; Max-Age=0', 0)?.kept.expiresAt).toBe(0);
    expect(readDeviceSetCookie('sf_device_AB=v; Path=/auth/v1', 0)).toBeNull();
    expect(readDeviceSetCookie('=v; Path=/auth/v1', 0)).toBeNull();
  });
});
