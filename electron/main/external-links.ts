// The only way the app opens something outside itself: http(s) pages in the system browser. A link from a
// page, a mail or a review could otherwise hand `shell.openExternal` a file:, smb: or custom-scheme URL,
// which the OS would run or mount.
import { hasCredentials, isWebUrl, parseUrl } from '@shared/url';

/**
 * The normalised URL when `value` is an absolute http(s) URL without credentials, else null. Parsed with
 * `new URL`, never matched as text; credentials are refused because `https://bank.example@evil.example/`
 * reads as one host and goes to another.
 */
export function externalHttpUrl(value: unknown): string | null {
  // The URL parser drops tabs and newlines inside a URL; refuse them instead of guessing.
  if (typeof value === 'string' && /\p{Cc}/u.test(value)) return null;
  const url = parseUrl(value);
  if (!url || !isWebUrl(url) || hasCredentials(url) || !url.hostname) return null;
  return url.href;
}

export type OpenExternal = (url: string) => Promise<void>;

/** Wraps Electron's `shell.openExternal` so that only what externalHttpUrl accepts reaches it. */
export function createSafeOpenExternal(
  openExternal: OpenExternal,
  log: (message: string) => void,
): (url: unknown) => Promise<boolean> {
  return async (value) => {
    const url = externalHttpUrl(value);
    if (!url) {
      const scheme = typeof value === 'string' ? value.split(':')[0]?.slice(0, 20) : typeof value;
      log(`Refused to open a link outside the app: not an http(s) URL (${scheme}).`);
      return false;
    }
    await openExternal(url);
    return true;
  };
}
