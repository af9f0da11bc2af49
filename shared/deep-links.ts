// The shelfwise:// links the desktop app accepts (ARCHITECTURE.md "Desktop shell"): one route table with a
// schema per route. Electron main parses every incoming link against it; a link whose route is not in the
// table, or that carries a parameter its route does not name, is refused. Links come from mails, web pages
// and other programs, so everything here treats its input as hostile. Every link to these routes is also
// built here, Signal-style: toAppUrl for the desktop app, toWebUrl for the web page of the same name.
import { z } from 'zod';
import { hasCredentials, parseUrl, webUrlOn } from './url';

export const DEEP_LINK_SCHEME = 'shelfwise';
const APP_URL_PREFIX = `${DEEP_LINK_SCHEME}://`;
/** A confirmation link carries a verify URL with a token and a redirect; nothing we send comes near this. */
export const MAX_DEEP_LINK_LENGTH = 4096;

/** The one-time code our auth server appends to the redirect (base64url today; RFC 6749 allows more). */
const authCode = z.string().regex(/^[A-Za-z0-9._~-]{1,512}$/, 'is not an auth code');
/** The state the desktop app put into its own redirect_to: 32 random bytes, base64url. */
export const oauthState = z.string().regex(/^[A-Za-z0-9_-]{32,128}$/, 'is not a state this app made');

const authCallbackParams = z.union([
  z.object({ code: authCode, state: oauthState }).strict(),
  // The auth server reports a failed or cancelled sign-in on the same redirect (ARCHITECTURE.md "Auth").
  // The state is required here too, so only a flow this app started can show an error message.
  z
    .object({
      state: oauthState,
      error: z.string().regex(/^[a-z_]{1,64}$/, 'is not an error name'),
      error_code: z
        .string()
        .regex(/^[a-z_]{1,64}$/, 'is not an error code')
        .optional(),
      error_description: z.string().max(500).optional(),
    })
    .strict(),
]);
export type AuthCallbackParams = z.infer<typeof authCallbackParams>;

/** A verify URL on our own server: http(s), no credentials, and the origin of one of `serverUrls`. */
export function isConfirmationUrlOn(value: string, serverUrls: readonly string[]): boolean {
  return webUrlOn(value, serverUrls) !== null;
}

/** The route table. Confirmation links must point at the server this app is configured for. */
export function deepLinkRoutes(serverUrls: readonly string[]) {
  const confirmation = z
    .object({
      confirmation_url: z
        .string()
        .refine((value) => isConfirmationUrlOn(value, serverUrls), 'is not a link to this app’s server'),
    })
    .strict();
  return {
    /** Google sign-in (and PKCE e-mail flows) coming back with a code for main to exchange. */
    'auth/callback': authCallbackParams,
    /** E-mail links (SPEC.md §2): each opens the renderer page of the same name. */
    'confirm-signup': confirmation,
    'confirm-reset': confirmation,
    'change-email': confirmation,
    /** A sign-in link by e-mail (issue 31). */
    'confirm-sign-in': confirmation,
  };
}

type Routes = ReturnType<typeof deepLinkRoutes>;
export type DeepLinkRoute = keyof Routes;
export type DeepLink = {
  [R in DeepLinkRoute]: { route: R; params: z.infer<Routes[R]> };
}[DeepLinkRoute];
/** The routes that are also pages of the renderer (on the web and in the app); auth callbacks are main's. */
export type PageRoute = Exclude<DeepLinkRoute, 'auth/callback'>;

/** The route names alone; the server URLs only matter to the routes' parameters. */
const ROUTE_NAMES: ReadonlySet<string> = new Set(Object.keys(deepLinkRoutes([])));

/** Whether `value` claims to be a shelfwise:// link (any case): what the OS and our redirects hand over. */
export const hasDeepLinkScheme = (value: unknown): value is string =>
  typeof value === 'string' && value.toLowerCase().startsWith(APP_URL_PREFIX);

export type DeepLinkParse = { ok: true; link: DeepLink } | { ok: false; reason: string };
type RouteRead = { ok: true; route: DeepLinkRoute; url: URL } | { ok: false; reason: string };

const refuse = (reason: string): { ok: false; reason: string } => ({ ok: false, reason });

/**
 * The route of a raw `shelfwise://` link, judged by its shape alone (parameters are not looked at): printable
 * ASCII only (the URL parser would silently drop tabs and newlines), no credentials, port or fragment, and
 * host plus path exactly one route of the table. The server's redirect allow list judges links the same way.
 */
export function deepLinkRouteOf(raw: unknown): RouteRead {
  if (typeof raw !== 'string') return refuse('not a string');
  if (raw.length > MAX_DEEP_LINK_LENGTH) return refuse('too long');
  if (!/^[\x21-\x7e]+$/.test(raw)) return refuse('contains spaces or characters outside printable ASCII');
  if (!hasDeepLinkScheme(raw)) return refuse('not a shelfwise:// link');
  const url = parseUrl(raw, MAX_DEEP_LINK_LENGTH);
  if (!url || url.protocol !== `${DEEP_LINK_SCHEME}:`) return refuse('not a URL');
  if (hasCredentials(url) || url.port) return refuse('carries credentials or a port');
  if (raw.includes('#')) return refuse('carries a fragment');

  // Windows may add a slash after the host when it hands a link to the app.
  const route = `${url.hostname}${url.pathname}`.replace(/\/$/, '');
  if (!ROUTE_NAMES.has(route)) return refuse(`unknown route "${route.slice(0, 64)}"`);
  return { ok: true, route: route as DeepLinkRoute, url };
}

/**
 * Parses a raw `shelfwise://` link against the route table: its shape as deepLinkRouteOf judges it, then its
 * parameters, refusing repeated parameters and parameters the route does not name.
 */
export function parseDeepLink(raw: unknown, serverUrls: readonly string[]): DeepLinkParse {
  const read = deepLinkRouteOf(raw);
  if (!read.ok) return read;
  const { route, url } = read;

  // A Map, then fromEntries: assigning `params[name]` would let `__proto__=` set the object's prototype.
  const params = new Map<string, string>();
  for (const [name, value] of url.searchParams) {
    if (params.has(name)) return refuse(`parameter "${name.slice(0, 64)}" repeated`);
    params.set(name, value);
  }
  const schema = deepLinkRoutes(serverUrls)[route];
  const parsed = schema.safeParse(Object.fromEntries(params));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return refuse(`bad parameters: ${issue?.path.join('.') || 'query'} ${issue?.message ?? ''}`.trim());
  }
  return { ok: true, link: { route, params: parsed.data } as DeepLink };
}

/**
 * The parameters each route's links are built with. An auth callback is built with its state alone (the
 * redirect_to the app hands the auth server, which appends the code or the error); parsed, it has them.
 */
export type DeepLinkQuery<R extends DeepLinkRoute> = R extends 'auth/callback'
  ? { state: string } | AuthCallbackParams
  : Extract<DeepLink, { route: R }>['params'];

// encodeURIComponent, not URLSearchParams: the mails have always carried links written this way.
const queryOf = (params: Readonly<Record<string, string | undefined>>): string =>
  Object.entries(params)
    .flatMap(([name, value]) => (value === undefined ? [] : [`${name}=${encodeURIComponent(value)}`]))
    .join('&');

/** The `shelfwise://` link to a route, which parseDeepLink reads back. */
export function toAppUrl<R extends DeepLinkRoute>(route: R, params: DeepLinkQuery<R>): string {
  return `${APP_URL_PREFIX}${route}?${queryOf(params)}`;
}

/** The renderer path of a page route: the page the link opens, in the app or on the web. */
export function toPagePath<R extends PageRoute>(route: R, params: DeepLinkQuery<R>): string {
  return `/${route}?${queryOf(params)}`;
}

/** The web link to a page route on `origin` (scheme, host and port, no trailing slash). */
export function toWebUrl<R extends PageRoute>(route: R, params: DeepLinkQuery<R>, origin: string): string {
  return `${origin}${toPagePath(route, params)}`;
}

/** The renderer path a link opens, or null for links main handles itself (auth callbacks). */
export function rendererPathOf(link: DeepLink): string | null {
  if (link.route === 'auth/callback') return null;
  return toPagePath(link.route, link.params);
}

/**
 * What may be logged of a link that was refused: scheme, route and parameter names. Values stay out of the
 * log, since a refused link can still carry a code or a token.
 */
export function describeLinkForLog(raw: unknown): string {
  if (typeof raw !== 'string') return `<${typeof raw}>`;
  const url = parseUrl(raw, MAX_DEEP_LINK_LENGTH);
  if (!url) return `<unparseable, ${raw.length} characters>`;
  const names = [...new Set(url.searchParams.keys())].map((n) => n.slice(0, 32)).join(',');
  const where = `${url.protocol}//${url.hostname}${url.pathname}`.slice(0, 120);
  return names ? `${where} (parameters: ${names})` : where;
}
