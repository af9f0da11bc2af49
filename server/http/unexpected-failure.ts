// What every router does with an error it did not expect: a database outage is a 503 the caller may
// retry (with Retry-After), anything else a 500 with a request id; both are logged by the error log.
// Each router then answers in its own wire format (/sf/, Supabase Auth, Supabase Storage).
import type { Context } from 'hono';
import { isDatabaseUnavailable, reasonOf } from '../db/database-unavailable';
import { errorLog } from './error-log';
import type { ErrorLog } from './error-log';

/** Seconds a client should wait before retrying while the database is away (restarts take a few). */
export const RETRY_AFTER_SECONDS = 2;
export const UNAVAILABLE_MESSAGE = 'The service is briefly unavailable. Please try again in a moment.';
export const REQUEST_ID_HEADER = 'x-request-id';

export type UnexpectedFailure = { status: 503; message: string } | { status: 500; requestId: string };

export function unexpectedFailure(c: Context, err: unknown, log: ErrorLog = errorLog): UnexpectedFailure {
  if (isDatabaseUnavailable(err)) {
    log.unavailable(reasonOf(err));
    c.header('Retry-After', String(RETRY_AFTER_SECONDS));
    return { status: 503, message: UNAVAILABLE_MESSAGE };
  }
  const requestId = log.failure({ method: c.req.method, path: c.req.path, error: err });
  c.header(REQUEST_ID_HEADER, requestId);
  return { status: 500, requestId };
}
