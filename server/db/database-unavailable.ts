// Telling "the database is not there" (restart, stop, failover, a dropped socket) from "this statement
// failed": the first is the operator's to fix and the caller's to retry (503), the second is a bug (500).

/** The database could not be reached, or the connection was lost mid-statement. Safe to retry later. */
export class DatabaseUnavailableError extends Error {
  override readonly name = 'DatabaseUnavailableError';
  /** What went wrong, for the log: an SQLSTATE, a socket error code or the driver's error class. */
  readonly reason: string;

  constructor(cause: unknown) {
    super('database unavailable', { cause });
    this.reason = reasonOf(cause);
  }
}

// SQLSTATE class 08 is "connection exception"; 57P01-57P03 are shutdown, crash and start-up; 53300 is
// "too many connections"; 57P04/57P05 a dropped database and an idle session ended by the server; 25006
// a write reaching a read-only server, as a connection to a demoted primary does after a failover.
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '57P04', '57P05', '53300', '25006']);
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
  'EAI_AGAIN',
]);
// node-postgres reports a lost or closed connection, and an exhausted connect timeout, without a code.
const DRIVER_MESSAGES: [RegExp, string][] = [
  [/^Connection terminated/, 'connection terminated'],
  [/^timeout exceeded when trying to connect/, 'connect timeout'],
  [/^Client has encountered a connection error and is not queryable/, 'connection broken'],
  [/^Client was closed and is not queryable/, 'connection closed'],
  [/^Cannot use a pool after calling end on the pool/, 'pool closed'],
];

function codeOf(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

function isSqlState(code: string | undefined): code is string {
  return code !== undefined && /^[0-9A-Z]{5}$/.test(code);
}

/** Whether err says the server cannot be talked to (not that one statement was refused). */
export function isConnectionFailure(err: unknown): boolean {
  if (err instanceof DatabaseUnavailableError) return true;
  if (err instanceof AggregateError) return err.errors.some(isConnectionFailure);
  const code = codeOf(err);
  if (isSqlState(code)) return code.startsWith('08') || UNAVAILABLE_SQLSTATES.has(code);
  if (code !== undefined && SOCKET_CODES.has(code)) return true;
  return driverReason(err) !== null;
}

/**
 * Whether an error that reached the HTTP layer means "database unavailable". Socket codes alone do not
 * count here (an SMTP or Open Library failure has them too): only what the database adapter marked, or an
 * SQLSTATE, which only a database sends.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  if (err instanceof DatabaseUnavailableError) return true;
  const code = codeOf(err);
  return isSqlState(code) && isConnectionFailure(err);
}

/** A short, value-free name for what happened: never the message, which may quote data. */
export function reasonOf(err: unknown): string {
  if (err instanceof DatabaseUnavailableError) return err.reason;
  if (err instanceof AggregateError) {
    const first = err.errors.map(codeOf).find((code) => code !== undefined);
    if (first) return first;
  }
  const code = codeOf(err);
  if (code !== undefined && /^[0-9A-Z_]{2,32}$/.test(code)) return code;
  return driverReason(err) ?? (err instanceof Error ? err.name : typeof err);
}

function driverReason(err: unknown): string | null {
  const message = err instanceof Error ? err.message : '';
  return DRIVER_MESSAGES.find(([pattern]) => pattern.test(message))?.[1] ?? null;
}
