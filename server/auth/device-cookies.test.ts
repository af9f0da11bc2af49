import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../tests/support/test-app';
import type { TestApp } from '../../tests/support/test-app';
import {
  deviceCookieName,
  issueDeviceToken,
  presentedDeviceTokens,
  setDeviceCookie,
  trustedDevice,
} from './device-cookies';
import { DEVICE_TOKEN_TTL_SECONDS, DEVICE_TOKENS_PER_ACCOUNT } from './limits';
import { sha256Hex } from './secrets';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let users = 0;
async function newUser(): Promise<string> {
  users += 1;
  const [row] = await t.deps.db.query<{ id: string }>(
    'insert into auth.users (email) values ($1) returning id',
    [`device${users}@example.test`],
  );
  if (!row) throw new Error('no user');
  return row.id;
}

const tokensOf = async (userId: string) =>
  (
    await t.deps.db.query<{ token_hash: string }>(
      'select token_hash from auth.device_tokens where user_id = $1',
      [userId],
    )
  ).map((r) => r.token_hash);

/** The Set-Cookie header a tiny app answers after setDeviceCookie, and what presentedDeviceTokens reads. */
async function roundTrip(publicUrl: string, userId: string, token: string, cookie = '') {
  const app = new Hono();
  let read: string[] = [];
  app.get('/auth/v1/token', (c) => {
    read = presentedDeviceTokens(c);
    setDeviceCookie(c, publicUrl, userId, token);
    return c.body(null, 204);
  });
  const res = await app.request('/auth/v1/token', { headers: cookie ? { cookie } : {} });
  return { setCookie: res.headers.get('set-cookie') ?? '', read };
}

describe('device tokens', () => {
  it('vouch only for the account they were issued to, until they expire', async () => {
    const [ada, bob] = [await newUser(), await newUser()];
    const token = await issueDeviceToken(t.deps.db, ada, null);
    expect(await trustedDevice(t.deps.db, ada, [token])).toBe(sha256Hex(token));
    expect(await trustedDevice(t.deps.db, bob, [token])).toBeNull();
    expect(await trustedDevice(t.deps.db, null, [token])).toBeNull();
    expect(await trustedDevice(t.deps.db, ada, [])).toBeNull();
    // Found among another account's tokens, as a browser shared by several accounts sends them all.
    const bobs = await issueDeviceToken(t.deps.db, bob, null);
    expect(await trustedDevice(t.deps.db, ada, [bobs, token])).toBe(sha256Hex(token));
    await t.deps.db.query(
      `update auth.device_tokens set expires_at = now() - interval '1 second' where token_hash = $1`,
      [sha256Hex(token)],
    );
    expect(await trustedDevice(t.deps.db, ada, [token])).toBeNull();
  });

  it('are kept hashed, replace the one the client came with, and stay few per account', async () => {
    const ada = await newUser();
    const first = await issueDeviceToken(t.deps.db, ada, null);
    expect(await tokensOf(ada)).toEqual([sha256Hex(first)]);
    const second = await issueDeviceToken(t.deps.db, ada, sha256Hex(first));
    expect(await tokensOf(ada)).toEqual([sha256Hex(second)]);
    for (let i = 0; i < DEVICE_TOKENS_PER_ACCOUNT + 5; i += 1) await issueDeviceToken(t.deps.db, ada, null);
    const kept = await tokensOf(ada);
    expect(kept).toHaveLength(DEVICE_TOKENS_PER_ACCOUNT);
    // Another account's replacement never removes this one's.
    const bob = await newUser();
    await issueDeviceToken(t.deps.db, bob, kept[0] ?? null);
    expect(await tokensOf(ada)).toHaveLength(DEVICE_TOKENS_PER_ACCOUNT);
  });
});

describe('the device cookie', () => {
  const token = 'a'.repeat(43);

  it('is HttpOnly, SameSite=Strict, for /auth/v1 only, a year long, and Secure when PUBLIC_URL is https', async () => {
    const plain = await roundTrip('http://localhost:8787', 'u1', token);
    expect(plain.setCookie).toBe(
      `${deviceCookieName('u1')}=${token}; Max-Age=${DEVICE_TOKEN_TTL_SECONDS}; Path=/auth/v1; HttpOnly; SameSite=Strict`,
    );
    const secure = await roundTrip('https://shelfwise.example', 'u1', token);
    expect(secure.setCookie).toContain('; Secure');
  });

  it('is named per account, without the account id in it', () => {
    expect(deviceCookieName('u1')).toMatch(/^sf_device_[0-9a-f]{16}$/);
    expect(deviceCookieName('u1')).not.toBe(deviceCookieName('u2'));
    expect(deviceCookieName('u1')).not.toContain('u1');
  });

  it('is read back only when it is ours in name and shape', async () => {
    const other = 'b'.repeat(43);
    const cookie = [
      `${deviceCookieName('u1')}=${token}`,
      `${deviceCookieName('u2')}=${other}`,
      'sf_device_x=short',
      `session=${'c'.repeat(43)}`,
    ].join('; ');
    expect((await roundTrip('http://localhost', 'u1', token, cookie)).read).toEqual([token, other]);
    const many = Array.from({ length: 30 }, (_, i) => `sf_device_${i}=${String(i).padStart(43, 'x')}`);
    expect((await roundTrip('http://localhost', 'u1', token, many.join('; '))).read).toHaveLength(20);
  });
});
