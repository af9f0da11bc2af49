// The server's log of failed requests: one line per failure, naming the endpoint, the error's class (and
// SQLSTATE or errno code) and a request id the client also gets. Never a message, SQL or parameter: a
// database error's message, detail and where fields quote the values a caller sent, and anyone may call.
// A failure repeated within the window is counted instead of logged, and the count is logged once.
import { randomBytes } from 'node:crypto';
import { relative } from 'node:path';
import { reasonOf } from '../db/database-unavailable';

export interface FailedRequest {
  method: string;
  path: string;
  error: unknown;
}

export interface ErrorLog {
  /** Logs (or counts) a 500 and answers the request id to hand to the client. */
  failure(request: FailedRequest): string;
  /** Logs (or counts) a request refused because the database is unavailable. */
  unavailable(reason: string): void;
  /** Writes the counts of windows that have ended; the log also does this by itself. */
  flush(): void;
}

export interface ErrorLogOptions {
  write?: (line: string) => void;
  now?: () => number;
  windowMs?: number;
  /** Distinct lines per window; past it, failures are only counted (an attacker varying the path). */
  maxLines?: number;
  newRequestId?: () => string;
  /** Flush on a timer, so a count is logged even when the failures stop (off in unit tests). */
  timer?: boolean;
}

interface Seen {
  since: number;
  more: number;
  lastRequestId: string | null;
}

export function createErrorLog(options: ErrorLogOptions = {}): ErrorLog {
  const write = options.write ?? ((line: string) => console.error(line));
  const now = options.now ?? Date.now;
  const windowMs = options.windowMs ?? 60_000;
  const maxLines = options.maxLines ?? 50;
  const newRequestId = options.newRequestId ?? (() => randomBytes(8).toString('hex'));
  const window = windowMs % 60_000 === 0 ? plural(windowMs / 60_000, 'minute') : `${windowMs / 1000} s`;

  const seen = new Map<string, Seen>();
  let windowStart = now();
  let linesInWindow = 0;
  let uncounted = 0;
  let timer: ReturnType<typeof setInterval> | null = null;

  function flush() {
    const at = now();
    for (const [line, entry] of seen) {
      if (at - entry.since < windowMs) continue;
      if (entry.more > 0) {
        const last = entry.lastRequestId ? ` (last request=${entry.lastRequestId})` : '';
        write(`${line}: ${entry.more} more like this in the last ${window}${last}`);
      }
      seen.delete(line);
    }
    if (at - windowStart >= windowMs) {
      if (uncounted > 0) write(`${uncounted} more failed requests not logged in the last ${window}`);
      windowStart = at;
      linesInWindow = 0;
      uncounted = 0;
    }
    if (timer && seen.size === 0 && uncounted === 0) {
      clearInterval(timer);
      timer = null;
    }
  }

  function record(line: string, requestId: string | null) {
    flush();
    const entry = seen.get(line);
    if (entry) {
      entry.more += 1;
      entry.lastRequestId = requestId ?? entry.lastRequestId;
    } else if (linesInWindow >= maxLines) {
      uncounted += 1;
    } else {
      seen.set(line, { since: now(), more: 0, lastRequestId: requestId });
      linesInWindow += 1;
      write(requestId ? `${line} request=${requestId}` : line);
    }
    if (options.timer !== false && !timer && (seen.size > 0 || uncounted > 0)) {
      timer = setInterval(flush, Math.min(windowMs, 10_000));
      timer.unref();
    }
  }

  return {
    failure({ method, path, error }) {
      const requestId = newRequestId();
      record(`500 ${safe(method, 10)} ${safe(path, 120)} ${describeError(error)}`, requestId);
      return requestId;
    },
    unavailable(reason) {
      record(`503 database unavailable (${safe(reason, 40)})`, null);
    },
    flush,
  };
}

/** The error's class, its SQLSTATE or errno code, and where in our code it was thrown. */
export function describeError(error: unknown): string {
  const parts = [className(error)];
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && /^[0-9A-Z_]{2,32}$/.test(code)) parts.push(code);
  else if (error instanceof Error && error.cause !== undefined)
    parts.push(`(${safe(reasonOf(error.cause), 40)})`);
  const frame = ourFrame(error);
  if (frame) parts.push(`at ${frame}`);
  return parts.join(' ');
}

function className(error: unknown): string {
  if (!(error instanceof Error)) return error === null ? 'null' : `thrown ${typeof error}`;
  // pg's and PGlite's errors (PGlite's class name is minified) both carry the server's severity.
  if ('severity' in error && typeof (error as { code?: unknown }).code === 'string') return 'DatabaseError';
  const name = error.constructor.name;
  return safe(name && name !== 'Error' ? name : error.name || 'Error', 60);
}

/** The first stack frame in our own code, as file:line (no message: the stack's first line is the message). */
function ourFrame(error: unknown): string | null {
  if (!(error instanceof Error) || typeof error.stack !== 'string') return null;
  for (const line of error.stack.split('\n')) {
    const match = /^\s+at (?:.*\()?(?:file:\/\/)?(\/[^():]+):(\d+):\d+\)?$/.exec(line);
    if (!match || match[1]!.includes('/node_modules/')) continue;
    return safe(`${relative(process.cwd(), match[1]!)}:${match[2]}`, 120);
  }
  return null;
}

/** Printable ASCII only, bounded: a path is the caller's text and must not forge or bloat log lines. */
function safe(text: string, max: number): string {
  const printable = text.replace(/[^\x20-\x7e]/g, '?');
  return printable.length > max ? `${printable.slice(0, max)}…` : printable;
}

function plural(n: number, unit: string): string {
  return n === 1 ? unit : `${n} ${unit}s`;
}

/** The process's one error log. */
export const errorLog = createErrorLog();
