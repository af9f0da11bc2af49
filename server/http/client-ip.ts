import type { Context, MiddlewareHandler } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';

declare module 'hono' {
  interface ContextVariableMap {
    /** The caller's address, set once per request by clientAddress. */
    clientIp: string;
  }
}

/**
 * Works out the caller's address for rate limits, once per request. X-Forwarded-For is trusted only when
 * the config says so (TRUST_PROXY=1), since any client can send the header.
 */
export function clientAddress(trustProxy: boolean): MiddlewareHandler {
  return async (c, next) => {
    c.set('clientIp', addressOf(c, trustProxy));
    await next();
  };
}

/** The caller's address as clientAddress found it; the socket's when it did not run. */
export function clientIp(c: Context): string {
  return (c.get('clientIp') as string | undefined) ?? addressOf(c, false);
}

function addressOf(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown'; // in-process requests (tests) have no socket
  }
}
