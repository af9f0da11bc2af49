// Where the auth server may send a browser after sign-in, and which origin e-mail links may point at. A
// redirect that is not on the list would hand a session or a code to whoever wrote the link, so the list is
// exact: the configured web origins (PUBLIC_URL, SITE_URL) and the desktop app's own deep-link routes. A
// development server on another port is added to SITE_URL by `npm run dev`; nothing is allowed for being on
// the loopback interface, since any local program (or a page that got one started) can listen there.
import { DEEP_LINK_SCHEME, deepLinkRoutes } from '@shared/deep-links';

export const DESKTOP_SCHEME = `${DEEP_LINK_SCHEME}:`;
const MAX_URL_LENGTH = 2048;
/** The routes the desktop app accepts (shared/deep-links.ts); the server URLs only matter to their params. */
const DEEP_LINK_ROUTES: ReadonlySet<string> = new Set(Object.keys(deepLinkRoutes([])));

export interface AllowList {
  publicUrl: string;
  siteUrls: readonly string[];
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
 * A `shelfwise://` link to a route of the desktop app, judged as the app's own parser judges links:
 * printable ASCII only (the URL parser would drop tabs and newlines), no credentials, port or fragment, and
 * host plus path exactly one route of the table. Query parameters (the app's state) may follow.
 */
function isDeepLinkRoute(target: string, url: URL): boolean {
  if (!/^[\x21-\x7e]+$/.test(target) || target.includes('#')) return false;
  if (!target.toLowerCase().startsWith(`${DEEP_LINK_SCHEME}://`)) return false;
  if (url.username || url.password || url.port) return false;
  return DEEP_LINK_ROUTES.has(`${url.hostname}${url.pathname}`.replace(/\/$/, ''));
}

/**
 * Whether `target` is an allowed redirect: a route of the desktop app, the server's own public origin, or a
 * configured site origin. Only whole absolute URLs pass; the comparison is on the parsed origin, never on
 * the text.
 */
export function isAllowedRedirect(target: string, list: AllowList): boolean {
  const url = parse(target);
  if (!url || url.username || url.password) return false;
  if (url.protocol === DESKTOP_SCHEME) return isDeepLinkRoute(target, url);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  const allowed = [list.publicUrl, ...list.siteUrls].map(originOf).filter((o): o is string => o !== null);
  return allowed.includes(url.origin);
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
