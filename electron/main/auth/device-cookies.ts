// The desktop's device cookies (shared/device-cookie.ts, OWASP's device cookies): a device that signed in to
// an account before gets past the account-wide sign-in ceiling strangers can fill. Main makes the /auth/v1
// calls itself, with a fetch that keeps no cookies, so the device cookies the server sets are kept here, in
// the token vault (encrypted, and scoped to the server's origin like the session), one per account (the
// server names each account's apart), and sent back on every /auth/v1 call, as a browser's cookie jar would.
// They outlive sign-out: they say this device signed in before, not who is signed in now.
import { DEVICE_COOKIE_PATH, DEVICE_COOKIE_PREFIX } from '@shared/device-cookie';
import type { TokenVault } from './token-vault';

/** Where the vault keeps this server's device cookies: { [cookie name]: { value, expiresAt } }. */
export const DEVICE_COOKIES_KEY = 'device-cookies';
/** More accounts than anyone signs in to on one computer; past it the ones expiring soonest go. */
const MAX_KEPT = 20;
/** A device cookie's name and value as the server makes them; anything else is not kept or sent. */
const NAME_SHAPE = new RegExp(`^${DEVICE_COOKIE_PREFIX}[0-9a-f]{1,64}$`);
const VALUE_SHAPE = /^[A-Za-z0-9_-]{1,200}$/;

interface Kept {
  value: string;
  expiresAt: number;
}
type Jar = Record<string, Kept>;

export interface DeviceCookieDeps {
  serverUrl: string;
  vault: Pick<TokenVault, 'getItem' | 'setItem'>;
  fetch: typeof fetch;
  log: (message: string) => void;
  now?: () => number;
}

/** One Set-Cookie header read as a device cookie: its name, and its value with when it ends (0: removed). */
export function readDeviceSetCookie(header: string, now: number): { name: string; kept: Kept } | null {
  const [pair = '', ...parts] = header.split(';');
  const eq = pair.indexOf('=');
  const name = pair.slice(0, eq).trim();
  const value = pair.slice(eq + 1).trim();
  if (eq <= 0 || !NAME_SHAPE.test(name)) return null;
  const attributes = new Map(
    parts.map((part) => {
      const [key = '', ...rest] = part.trim().split('=');
      return [key.toLowerCase(), rest.join('=')] as const;
    }),
  );
  if (attributes.get('path') !== DEVICE_COOKIE_PATH) return null;
  const maxAge = attributes.get('max-age');
  const expires = attributes.get('expires');
  // A session cookie would die with a browser; the desktop has no such moment, so it keeps it a day.
  const expiresAt =
    maxAge !== undefined && /^-?\d+$/.test(maxAge)
      ? now + Number(maxAge) * 1000
      : expires !== undefined && !Number.isNaN(Date.parse(expires))
        ? Date.parse(expires)
        : now + 24 * 60 * 60 * 1000;
  if (expiresAt > now && !VALUE_SHAPE.test(value)) return null;
  return { name, kept: { value, expiresAt } };
}

function parseJar(stored: string | null, now: number): Jar {
  if (!stored) return {};
  try {
    const parsed = JSON.parse(stored) as unknown;
    if (!parsed || typeof parsed !== 'object') return {};
    const jar: Jar = {};
    for (const [name, kept] of Object.entries(parsed as Record<string, Partial<Kept>>)) {
      const { value, expiresAt } = kept ?? {};
      if (!NAME_SHAPE.test(name) || typeof value !== 'string' || !VALUE_SHAPE.test(value)) continue;
      if (typeof expiresAt !== 'number' || expiresAt <= now) continue;
      jar[name] = { value, expiresAt };
    }
    return jar;
  } catch {
    return {};
  }
}

/** `fetch` with this server's device cookies sent to, and kept from, its /auth/v1. */
export function withDeviceCookies(deps: DeviceCookieDeps): typeof fetch {
  const now = deps.now ?? Date.now;
  const server = new URL(deps.serverUrl).origin;
  // Answers can land together (a sign-in and a refresh); their updates of the vault take turns.
  let turn: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(work: () => Promise<T>): Promise<T> => {
    const result = turn.then(work);
    turn = result.catch(() => undefined);
    return result;
  };

  const isAuthCall = (url: URL) =>
    url.origin === server &&
    (url.pathname === DEVICE_COOKIE_PATH || url.pathname.startsWith(`${DEVICE_COOKIE_PATH}/`));

  async function keep(response: Response) {
    const changes = response.headers
      .getSetCookie()
      .map((header) => readDeviceSetCookie(header, now()))
      .filter((change) => change !== null);
    if (changes.length === 0) return;
    await inTurn(async () => {
      const jar = parseJar(await deps.vault.getItem(DEVICE_COOKIES_KEY), now());
      for (const { name, kept } of changes) {
        if (kept.expiresAt > now()) jar[name] = kept;
        else delete jar[name];
      }
      const newest = Object.entries(jar)
        .sort(([, a], [, b]) => b.expiresAt - a.expiresAt)
        .slice(0, MAX_KEPT);
      await deps.vault.setItem(DEVICE_COOKIES_KEY, JSON.stringify(Object.fromEntries(newest)));
    });
  }

  return (async (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (!isAuthCall(url)) return deps.fetch(input, init);
    const jar = await inTurn(async () => parseJar(await deps.vault.getItem(DEVICE_COOKIES_KEY), now()));
    const cookies = Object.entries(jar).map(([name, { value }]) => `${name}=${value}`);
    let response: Response;
    if (cookies.length === 0) {
      response = await deps.fetch(input, init);
    } else {
      const request = new Request(input, init);
      const sent = request.headers.get('cookie');
      request.headers.set('cookie', [sent, ...cookies].filter(Boolean).join('; '));
      response = await deps.fetch(request);
    }
    // A vault that cannot save costs this device its standing, never the answer.
    await keep(response).catch((error: unknown) =>
      deps.log(`Could not keep the device cookie: ${error instanceof Error ? error.message : String(error)}`),
    );
    return response;
  }) as typeof fetch;
}
