// /auth/v1: the subset of the Supabase Auth (GoTrue) API that @supabase/supabase-js calls for Shelfwise's
// flows, with its JSON shapes, status codes and error codes (see auth-error.ts).
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import type { AppDeps } from '../deps';
import { mountAdminRoutes } from './admin-routes';
import { API_VERSION_HEADER, AuthError, authErrorResponse } from './auth-error';
import { requireApiKey } from './auth-request';
import { mountEmailRoutes } from './email-routes';
import { createHousekeeping } from './housekeeping';
import { mountFactorRoutes } from './mfa/factor-routes';
import { mountOAuthRoutes } from './oauth-routes';
import { serveJwks } from './signing-keys/jwks-route';
import { allowedWebOrigin } from './redirect-allow-list';
import { mountTokenRoute } from './token-route';
import { mountUserRoutes } from './user-routes';
import { unexpectedFailure } from '../http/unexpected-failure';

/**
 * Pages a browser navigates to (links in mails, OAuth redirects) and the published public keys, which any
 * service may fetch: they carry no API key.
 */
const NAVIGATIONS = /\/(verify|authorize|callback|\.well-known\/jwks\.json)$/;
const CORS_MAX_AGE_SECONDS = 600;

export function authRouter(deps: AppDeps): Hono {
  const router = new Hono();
  const housekeeping = createHousekeeping(deps.db);

  // The web app is served from the server's own origin; a dev server on another allowed origin needs CORS.
  router.use(
    '*',
    cors({
      origin: (origin) => allowedWebOrigin(origin, deps.config),
      allowMethods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
      allowHeaders: ['authorization', 'apikey', 'content-type', 'x-client-info', API_VERSION_HEADER],
      exposeHeaders: ['x-sb-error-code', API_VERSION_HEADER],
      maxAge: CORS_MAX_AGE_SECONDS,
    }),
  );
  router.use('*', async (c, next) => {
    c.header('cache-control', 'no-store');
    if (!(c.req.method === 'GET' && NAVIGATIONS.test(c.req.path))) await requireApiKey(c, deps.keys);
    await housekeeping.maybeSweep();
    await next();
  });

  router.get('/.well-known/jwks.json', (c) => serveJwks(c, deps.keys));
  mountTokenRoute(router, deps);
  mountUserRoutes(router, deps);
  mountEmailRoutes(router, deps);
  mountOAuthRoutes(router, deps);
  mountAdminRoutes(router, deps);
  mountFactorRoutes(router, deps);
  // Accounts are created by /sf/register-user, which also makes the profile (username, names) in the same
  // transaction; a bare auth sign-up would leave a user without one.
  router.post('/signup', async (c) => {
    // supabase-js signInAnonymously posts no address: GoTrue answers that with anonymous_provider_disabled.
    const body = (await c.req.json().catch(() => ({}))) as { email?: unknown; phone?: unknown } | null;
    if (!body?.email && !body?.phone) {
      throw new AuthError(422, 'anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
    }
    throw new AuthError(
      422,
      'signup_disabled',
      'Signups not allowed for this instance: use /sf/register-user',
    );
  });
  // signInWithSSO: no SAML here, answered as GoTrue answers when SAML is off.
  router.post('/sso', () => {
    throw new AuthError(404, 'saml_provider_disabled', 'SAML 2.0 is disabled');
  });
  // Anything else under /auth/v1 gets an error supabase-js reads (AuthApiError), not a bare 404.
  router.all('*', () => {
    throw new AuthError(404, 'not_found', 'Not Found: this Supabase Auth endpoint is not offered');
  });

  router.onError((err, c) => {
    if (err instanceof AuthError) return authErrorResponse(c, err);
    // A database outage is 503, which supabase-js treats as retryable; anything else a logged 500.
    const unexpected = unexpectedFailure(c, err);
    const failure =
      unexpected.status === 503
        ? new AuthError(503, 'unavailable', unexpected.message)
        : new AuthError(
            500,
            'unexpected_failure',
            'Unexpected failure, please check server logs for more information',
          );
    return authErrorResponse(c, failure);
  });
  return router;
}
