// The only way the app opens something outside itself: http(s) pages in the system browser, and mailto:
// links in the mail client. A link from a page, a mail or a review could otherwise hand `shell.openExternal` a
// file:, smb: or custom-scheme URL, which the OS would run or mount.
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

// What a mailto: link may ask of the mail client (RFC 6068's common fields). Some clients honour more
// (Thunderbird's `attach=` attaches a local file to the draft), so anything else is refused.
const MAILTO_FIELDS = new Set(['to', 'cc', 'bcc', 'subject', 'body']);
// One address: a local part and a domain, nothing a mail client could read as a second header or a path.
const MAIL_ADDRESS = /^[^\s@<>(),;:"\\[\]]+@[a-z0-9.-]+\.[a-z]{2,}$/i;

/**
 * The normalised URL when `value` is a mailto: link to addresses only, with at most the RFC 6068 fields above,
 * else null: a "Contact" or author link opens the reader's mail client with a draft, and nothing more.
 */
export function externalMailtoUrl(value: unknown): string | null {
  if (typeof value !== 'string' || /\p{Cc}/u.test(value)) return null;
  const url = parseUrl(value);
  if (!url || url.protocol !== 'mailto:') return null;
  const addresses = (text: string) =>
    decodeURIComponent(text)
      .split(',')
      .map((a) => a.trim())
      .filter(Boolean);
  try {
    const to = addresses(url.pathname);
    if (!to.every((a) => MAIL_ADDRESS.test(a))) return null;
    for (const [field, fieldValue] of url.searchParams) {
      const name = field.toLowerCase();
      if (!MAILTO_FIELDS.has(name)) return null;
      if (['to', 'cc', 'bcc'].includes(name) && !addresses(fieldValue).every((a) => MAIL_ADDRESS.test(a)))
        return null;
    }
    if (to.length === 0 && !url.searchParams.has('to')) return null;
  } catch {
    return null; // a malformed %-escape
  }
  return url.href;
}

/** What the app may hand the OS: an http(s) page or a plain mailto: draft. */
export function externalUrl(value: unknown): string | null {
  return externalHttpUrl(value) ?? externalMailtoUrl(value);
}

export type OpenExternal = (url: string) => Promise<void>;

/** Wraps Electron's `shell.openExternal` so that only what externalUrl accepts reaches it. */
export function createSafeOpenExternal(
  openExternal: OpenExternal,
  log: (message: string) => void,
): (url: unknown) => Promise<boolean> {
  return async (value) => {
    const url = externalUrl(value);
    if (!url) {
      const scheme = typeof value === 'string' ? value.split(':')[0]?.slice(0, 20) : typeof value;
      log(`Refused to open a link outside the app: not an http(s) URL or a plain mailto: link (${scheme}).`);
      return false;
    }
    await openExternal(url);
    return true;
  };
}
