// Device cookies (OWASP "Slow Down Online Guessing Attacks with Device Cookies", shared/device-cookie.ts):
// a random token per account and device, kept only as its SHA-256 (auth.device_tokens), handed to the
// client as an HttpOnly, SameSite=Strict cookie for /auth/v1 after each sign-in that proved the account. A
// token vouches only for the account it was issued to, and only until it expires; anything else a client
// sends is simply untrusted. Each sign-in swaps the token it came with for a new one.
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { DEVICE_COOKIE_PATH, DEVICE_COOKIE_PREFIX } from '@shared/device-cookie';
import type { Queryable } from '../db/db';
import { DEVICE_TOKEN_TTL_SECONDS, DEVICE_TOKENS_PER_ACCOUNT } from './limits';
import { randomToken, sha256Hex } from './secrets';

/** What randomToken makes: 32 bytes in base64url. Anything else cannot be ours and is not looked up. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
/** A browser shared by many accounts sends each one's cookie; more than this are not looked at. */
const MAX_PRESENTED = 20;

/** The cookie name for one account: a digest of its id, so the name says nothing readable about it. */
export const deviceCookieName = (userId: string): string =>
  `${DEVICE_COOKIE_PREFIX}${sha256Hex(`device:${userId}`).slice(0, 16)}`;

/** The device tokens a request brings (any account's), well-formed ones only. */
export function presentedDeviceTokens(c: Context): string[] {
  return Object.entries(getCookie(c))
    .filter(([name, value]) => name.startsWith(DEVICE_COOKIE_PREFIX) && TOKEN_SHAPE.test(value))
    .slice(0, MAX_PRESENTED)
    .map(([, value]) => value);
}

/**
 * The hash of a presented token that vouches for `userId` (issued to that account, not expired), or null:
 * the key the device's own failures are counted under. No account (an unknown address) matches nothing.
 */
export async function trustedDevice(
  q: Queryable,
  userId: string | null,
  tokens: readonly string[],
): Promise<string | null> {
  if (!userId || tokens.length === 0) return null;
  const [row] = await q.query<{ token_hash: string }>(
    `select token_hash from auth.device_tokens
      where token_hash = any($1::text[]) and user_id = $2 and expires_at > now()
      limit 1`,
    [tokens.map(sha256Hex), userId],
  );
  return row?.token_hash ?? null;
}

/**
 * A new device token for `userId` after a sign-in, replacing the one the client came with (`replaces`, a
 * hash) and keeping no more than DEVICE_TOKENS_PER_ACCOUNT. Run in the sign-in's transaction.
 */
export async function issueDeviceToken(
  q: Queryable,
  userId: string,
  replaces: string | null,
): Promise<string> {
  const token = randomToken();
  if (replaces) {
    await q.query('delete from auth.device_tokens where token_hash = $1 and user_id = $2', [
      replaces,
      userId,
    ]);
  }
  await q.query(
    `insert into auth.device_tokens (token_hash, user_id, expires_at)
     values ($1, $2, now() + make_interval(secs => $3))`,
    [sha256Hex(token), userId, DEVICE_TOKEN_TTL_SECONDS],
  );
  await q.query(
    `delete from auth.device_tokens where token_hash in (
       select token_hash from auth.device_tokens where user_id = $1
        order by created_at desc, token_hash offset $2)`,
    [userId, DEVICE_TOKENS_PER_ACCOUNT],
  );
  return token;
}

/** Hands the client its device token: HttpOnly, SameSite=Strict, for /auth/v1 only, Secure under https. */
export function setDeviceCookie(c: Context, publicUrl: string, userId: string, token: string): void {
  setCookie(c, deviceCookieName(userId), token, {
    path: DEVICE_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'Strict',
    secure: publicUrl.startsWith('https:'),
    maxAge: DEVICE_TOKEN_TTL_SECONDS,
  });
}
