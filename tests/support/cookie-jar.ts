// A browser's cookie jar in front of Node's fetch, which has none: cookies a server sets are kept and sent
// back to it as a browser would (same origin, path prefix, until Max-Age or Expires), so the real supabase-js
// client can be tested with the cookies the web app's fetch would carry. Enough for our own server's
// cookies; no domain cookies, no public-suffix rules.

interface Kept {
  origin: string;
  name: string;
  value: string;
  path: string;
  expiresAt: number;
  attributes: Record<string, string>;
}

export interface CookieJar {
  /** A fetch that sends what the jar holds for the request and keeps what the answer sets. */
  fetch: typeof fetch;
  /** What the jar holds now, with each cookie's attributes as the server set them (names in lower case). */
  cookies(): readonly Kept[];
  /** Puts a cookie in the jar as if `origin` had set it (a copied or forged one). */
  put(origin: string, name: string, value: string, path?: string): void;
}

function parseSetCookie(header: string, origin: string, now: number): Kept | null {
  const [pair = '', ...parts] = header.split(';');
  const eq = pair.indexOf('=');
  if (eq <= 0) return null;
  const attributes: Record<string, string> = {};
  for (const part of parts) {
    const [key = '', ...rest] = part.trim().split('=');
    attributes[key.toLowerCase()] = rest.join('=');
  }
  const maxAge = attributes['max-age'];
  const expires = attributes.expires;
  const expiresAt =
    maxAge !== undefined
      ? now + Number(maxAge) * 1000
      : expires !== undefined
        ? Date.parse(expires)
        : Number.POSITIVE_INFINITY;
  return {
    origin,
    name: pair.slice(0, eq).trim(),
    value: pair.slice(eq + 1).trim(),
    path: attributes.path?.startsWith('/') ? attributes.path : '/',
    expiresAt,
    attributes,
  };
}

const pathMatches = (cookiePath: string, path: string) =>
  path === cookiePath ||
  (path.startsWith(cookiePath) && (cookiePath.endsWith('/') || path[cookiePath.length] === '/'));

export function createCookieJar(now: () => number = Date.now): CookieJar {
  let kept: Kept[] = [];
  const live = () => (kept = kept.filter((c) => c.expiresAt > now()));
  const store = (cookie: Kept) => {
    kept = kept.filter(
      (c) => !(c.origin === cookie.origin && c.name === cookie.name && c.path === cookie.path),
    );
    if (cookie.expiresAt > now()) kept.push(cookie);
  };

  const jarFetch = (async (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const sent = live().filter((c) => c.origin === url.origin && pathMatches(c.path, url.pathname));
    if (sent.length > 0) request.headers.set('cookie', sent.map((c) => `${c.name}=${c.value}`).join('; '));
    const response = await fetch(request);
    for (const header of response.headers.getSetCookie()) {
      const cookie = parseSetCookie(header, url.origin, now());
      if (cookie) store(cookie);
    }
    return response;
  }) as typeof fetch;

  return {
    fetch: jarFetch,
    cookies: () => [...live()],
    put(origin, name, value, path = '/') {
      store({ origin, name, value, path, expiresAt: Number.POSITIVE_INFINITY, attributes: {} });
    },
  };
}
