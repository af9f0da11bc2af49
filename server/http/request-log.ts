// One log line per request (issue 30): method, route, status, duration, request id, and the user id when the
// bearer is a user's token this server signed. Never a body, a query string, a token or an e-mail address.
// The request id is sent back as X-Request-Id (a 500 keeps the one its error log line names).
import { randomBytes } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import type { Keys } from '../auth/keys';
import type { Logger } from '../logging/logger';
import { bearerToken } from './caller';
import { routeLabel } from './route-label';
import { REQUEST_ID_HEADER } from './unexpected-failure';

export function requestLog(keys: Keys, log: Logger): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    await next();
    const requestId = c.res.headers.get(REQUEST_ID_HEADER) ?? randomBytes(8).toString('hex');
    try {
      c.res.headers.set(REQUEST_ID_HEADER, requestId);
    } catch {
      // A response with immutable headers (a fetched one) goes out without it; the log line still has it.
    }
    const token = bearerToken(c.req.header('authorization'));
    const claims = token && token !== keys.anonKey ? await keys.verify(token).catch(() => null) : null;
    log.info(
      {
        method: c.req.method,
        // The handler's pattern (after next(), the one that answered), so ids in paths are not logged.
        route: routeLabel(routePath(c), c.req.path),
        status: c.res.status,
        duration_ms: Math.round((performance.now() - started) * 10) / 10,
        request_id: requestId,
        ...(claims?.role === 'authenticated' ? { user_id: claims.sub } : {}),
      },
      'request',
    );
  };
}
