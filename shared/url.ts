// URL trust checks (ARCHITECTURE.md Style 5, as Actual's trusted-url.ts): small pure functions that parse with
// `new URL` and compare parsed parts, never text. The server's redirect allow list, the desktop app's
// deep-link, navigation and external-link rules and the confirm pages all decide "is this URL ours, or safe
// to open?" here, so a fix lands once. Inputs are hostile: a URL that does not parse, is too long or carries
// credentials (`https://ours.example@evil.example/` reads as one host and goes to another) is refused.

/** Longer than any link we make or accept from a browser or a mail. */
export const MAX_URL_LENGTH = 2048;

/**
 * `value` as an absolute URL, or null when it is not a string, is longer than `maxLength` or does not
 * parse. The URL parser silently drops tabs and newlines; callers that must not guess refuse them first.
 */
export function parseUrl(value: unknown, maxLength = MAX_URL_LENGTH): URL | null {
  if (typeof value !== 'string' || value.length > maxLength) return null;
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

export const isWebUrl = (url: URL): boolean => url.protocol === 'http:' || url.protocol === 'https:';

export const hasCredentials = (url: URL): boolean => url.username !== '' || url.password !== '';

/** The origin of an absolute http(s) URL (scheme, host and port, normalised by the parser), else null. */
export function webOriginOf(value: unknown): string | null {
  const url = parseUrl(value);
  return url && isWebUrl(url) ? url.origin : null;
}

/**
 * `value` parsed, when it is an absolute http(s) URL without credentials whose origin is the origin of one
 * of `origins` (each parsed too, so `https://x.example/` and `https://X.example` name the same); else null.
 */
export function webUrlOn(value: unknown, origins: readonly string[]): URL | null {
  const url = parseUrl(value);
  if (!url || !isWebUrl(url) || hasCredentials(url)) return null;
  return origins.some((origin) => webOriginOf(origin) === url.origin) ? url : null;
}
