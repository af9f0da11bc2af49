import { Hono } from 'hono';
import type { AppDeps } from './deps';
import { migrationVersion } from './db/migrate';
import { authRouter } from './auth/auth-router';
import { devMailRouter } from './mail/dev-mail-route';
import { catalogueHandlers } from './features/catalogue/handlers';
import { accountsHandlers } from './features/accounts/handlers';
import { shelvesHandlers } from './features/shelves/handlers';
import { readingHandlers } from './features/reading/handlers';
import { reviewsHandlers } from './features/reviews/handlers';
import { goalsHandlers } from './features/goals/handlers';
import { insightsHandlers } from './features/insights/handlers';
import { profilesHandlers } from './features/profiles/handlers';
import { adminHandlers } from './features/admin/handlers';
import { importsHandlers } from './features/imports/handlers';
import { findBooksHandlers } from './features/catalogue/find-books-handlers';
import { socialHandlers } from './features/social/handlers';
import { discoveryHandlers } from './features/discovery/handlers';
import { recommendationsHandlers } from './features/recommendations/handlers';
import { notificationsHandlers } from './features/notifications/handlers';
import { blockListsHandlers } from './features/social/block-lists-handlers';
import { communityHandlers } from './features/community/handlers';
import { cataloguePublicReads } from './features/catalogue/public-reads';
import { reviewsPublicReads } from './features/reviews/public-reads';
import { profilesPublicReads } from './features/profiles/public-reads';
import { shelvesPublicReads } from './features/shelves/public-reads';
import { recommendationsPublicReads } from './features/recommendations/public-reads';
import { twoStepHandlers } from './features/accounts/two-step-handlers';
import { clientAddress, clientIp } from './http/client-ip';
import { ApiError } from './http/errors';
import { sfRouter } from './http/sf-router';
import type { SfPublicReads } from './http/handler-context';
import { unexpectedFailure } from './http/unexpected-failure';
import { securityHeaders } from './http/security-headers';
import { mountWebApp } from './http/static-web';
import { storageRouter } from './storage/storage-router';
import { coverRouter } from './covers/cover-router';
import type { Drain } from './http/drain';
import { healthRoutes } from './http/health-routes';
import { createMetrics } from './metrics/metrics';
import { requestLog } from './http/request-log';
import { serveJwks } from './auth/signing-keys/jwks-route';
import type { Logger } from './logging/logger';

export interface AppOptions {
  /** Serve the built web app from config.webDistDir (the real server does; API tests need not). */
  web?: boolean;
  /** The serving process's drain (server/main.ts): /health/ready answers 503 while it drains. */
  drain?: Drain;
  /** The structured log: one line per request (the real server; tests that read it). */
  log?: Logger;
}

const allHandlers = {
  ...catalogueHandlers,
  ...accountsHandlers,
  ...shelvesHandlers,
  ...readingHandlers,
  ...reviewsHandlers,
  ...goalsHandlers,
  ...insightsHandlers,
  ...profilesHandlers,
  ...adminHandlers,
  ...importsHandlers,
  ...findBooksHandlers,
  ...socialHandlers,
  ...discoveryHandlers,
  ...recommendationsHandlers,
  ...notificationsHandlers,
  ...blockListsHandlers,
  ...communityHandlers,
  ...twoStepHandlers,
};

/** The public reads the areas declare cacheable, each beside its handlers (issue 33). */
const allPublicReads = {
  ...cataloguePublicReads,
  ...reviewsPublicReads,
  ...profilesPublicReads,
  ...shelvesPublicReads,
  ...recommendationsPublicReads,
} satisfies SfPublicReads;

export function createApp(deps: AppDeps, options: AppOptions = {}): Hono {
  const app = new Hono();
  const metrics = deps.config.metricsToken ? createMetrics(deps, deps.config.metricsToken) : null;
  if (metrics) app.use('*', metrics.middleware);
  if (options.log) app.use('*', requestLog(deps.keys, options.log));

  app.onError((err, c) => {
    if (err instanceof ApiError) return c.json(err.toBody(), err.status);
    const failure = unexpectedFailure(c, err);
    if (failure.status === 503) return c.json({ error: failure.message, code: 'unavailable' }, 503);
    return c.json(
      {
        error: 'Something went wrong on our side. Please try again.',
        code: 'internal_error',
        request_id: failure.requestId,
      },
      500,
    );
  });

  app.use('*', securityHeaders(deps.config));
  app.use('*', clientAddress(deps.config.trustProxy));

  app.get('/health', async (c) => {
    try {
      return c.json({ ok: true, database: deps.db.kind, migration: await migrationVersion(deps.db) });
    } catch (err) {
      // Whatever the failure, the service is not healthy: say so, and which database it is waiting for.
      const failure = unexpectedFailure(c, err);
      const error = failure.status === 503 ? 'database unavailable' : 'database check failed';
      return c.json({ ok: false, database: deps.db.kind, error }, 503);
    }
  });
  app.route('/health', healthRoutes(deps, options.drain));
  if (metrics) app.route('/metrics', metrics.router);
  // How web, desktop and tools learn the address and the public anon key at run time.
  app.get('/client-config', (c) => c.json({ url: deps.config.publicUrl, anonKey: deps.keys.anonKey }));

  // The token signing keys, for services beside Shelfwise that verify its access tokens.
  app.get('/.well-known/jwks.json', (c) => serveJwks(c, deps.keys));

  app.route(
    '/sf',
    sfRouter(deps, allHandlers, allPublicReads, (c) => clientIp(c)),
  );
  app.route('/storage/v1', storageRouter(deps));
  app.route('/covers', coverRouter(deps));
  app.route('/auth/v1', authRouter(deps));
  if (deps.config.mailbox) app.route('/dev', devMailRouter(deps.db));

  for (const prefix of ['/sf', '/auth/v1', '/storage/v1', '/covers', '/dev']) {
    app.all(`${prefix}/*`, (c) => c.json({ error: 'Not found.', code: 'not_found' }, 404));
  }
  if (options.web) mountWebApp(app, deps.config.webDistDir);
  return app;
}
