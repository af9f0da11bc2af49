// Where the auth server may send a browser after sign-in, and which origin e-mail links may point at. A
// redirect that is not on the list would hand a session or a code to whoever wrote the link.

export const DESKTOP_SCHEME = 'shelfwise:';
const MAX_URL_LENGTH = 2048;
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

export interface AllowList {
  publicUrl: string;
  siteUrls: readonly string[];
  production: boolean;
}

function parse(value: string): URL | null {
  if (value.length > MAX_URL_LENGTH) return null;
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

function originOf(value: string): string | null {
  const url = parse(value);
  return url && (url.protocol === 'http:' || url.protocol === 'https:') ? url.origin : null;
}

/**
 * Whether `target` is an allowed redirect: the desktop app's `shelfwise://` links, the server's own public
 * origin, a configured site origin, or, outside production, any port on the loopback interface. Only whole
 * absolute URLs pass; the comparison is on the parsed origin, never on the text.
 */
export function isAllowedRedirect(target: string, list: AllowList): boolean {
  const url = parse(target);
  if (!url || url.username || url.password) return false;
  if (url.protocol === DESKTOP_SCHEME) return target.toLowerCase().startsWith('shelfwise://');
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  const allowed = [list.publicUrl, ...list.siteUrls].map(originOf).filter((o): o is string => o !== null);
  if (allowed.includes(url.origin)) return true;
  return !list.production && url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
}

/** `target` when it is allowed, else `fallback`. */
export function allowedRedirectOr(
  target: string | null | undefined,
  fallback: string,
  list: AllowList,
): string {
  return target && isAllowedRedirect(target, list) ? target : fallback;
}

/** The origin of a browser request when it is one of ours, for links in mails; null otherwise. */
export function allowedWebOrigin(origin: string | null | undefined, list: AllowList): string | null {
  if (!origin) return null;
  const url = parse(origin);
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) return null;
  return isAllowedRedirect(url.origin, list) ? url.origin : null;
}

export const isDesktopRedirect = (target: string | null | undefined): boolean =>
  target?.toLowerCase().startsWith('shelfwise://') ?? false;
