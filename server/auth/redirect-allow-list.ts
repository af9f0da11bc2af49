// Where the auth server may send a browser after sign-in, and which origin e-mail links may point at. A
// redirect that is not on the list would hand a session or a code to whoever wrote the link, so the list is
// exact: the configured web origins (PUBLIC_URL, SITE_URL) and the desktop app's own deep-link routes. A
// development server on another port is added to SITE_URL by `npm run dev`; nothing is allowed for being on
// the loopback interface, since any local program (or a page that got one started) can listen there. The
// URL checks themselves live in shared/url.ts and shared/deep-links.ts; this file is the policy.
import { DEEP_LINK_SCHEME, deepLinkRouteOf, hasDeepLinkScheme } from '@shared/deep-links';
import { hasCredentials, parseUrl, webOriginOf, webUrlOn } from '@shared/url';

export interface AllowList {
  publicUrl: string;
  siteUrls: readonly string[];
}

const webOrigins = (list: AllowList): string[] => [list.publicUrl, ...list.siteUrls];

/**
 * Whether `target` is an allowed redirect: a route of the desktop app (judged as the app's own parser judges
 * links; query parameters, the app's state, may follow), the server's own public origin, or a configured
 * site origin. Only whole absolute URLs pass; the comparison is on the parsed origin, never on the text.
 */
export function isAllowedRedirect(target: string, list: AllowList): boolean {
  const url = parseUrl(target);
  if (!url || hasCredentials(url)) return false;
  if (url.protocol === `${DEEP_LINK_SCHEME}:`) return deepLinkRouteOf(target).ok;
  return webUrlOn(target, webOrigins(list)) !== null;
}

/** `target` when it is allowed, else `fallback`. */
export function allowedRedirectOr(
  target: string | null | undefined,
  fallback: string,
  list: AllowList,
): string {
  return target && isAllowedRedirect(target, list) ? target : fallback;
}

/**
 * The origin of a browser request when it is exactly one of ours (PUBLIC_URL, SITE_URL), for links in mails;
 * null otherwise. Nothing else counts: not Host or X-Forwarded-Host, not another port on the loopback
 * interface.
 */
export function allowedWebOrigin(origin: string | null | undefined, list: AllowList): string | null {
  const asked = webOriginOf(origin);
  return asked && webUrlOn(asked, webOrigins(list)) ? asked : null;
}

/** Whether the flow that asked for `target` finishes in the desktop app. */
export const isDesktopRedirect = (target: string | null | undefined): boolean => hasDeepLinkScheme(target);
