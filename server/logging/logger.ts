// The server's structured log (issue 30): JSON lines with pino, at LOG_LEVEL. From a terminal the same
// records are written as short readable lines instead (a few lines here rather than pino-pretty and its
// dependencies); a process manager or container gets JSON for its log collector.
import cluster from 'node:cluster';
import { Writable } from 'node:stream';
import pino from 'pino';
import type { Logger } from 'pino';

export type { Logger } from 'pino';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

const LEVEL_NAMES: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};

/** One JSON record as a terminal line: time, level, message, then the other fields as key=value. */
export function readableLine(json: string): string {
  const {
    time,
    level,
    msg,
    pid: _pid,
    hostname: _host,
    ...rest
  } = JSON.parse(json) as Record<string, unknown>;
  const fields = Object.entries(rest)
    .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(' ');
  const at = new Date(Number(time)).toISOString().slice(11, 23);
  return `${at} ${LEVEL_NAMES[Number(level)] ?? level} ${msg ?? ''}${fields ? ` ${fields}` : ''}\n`;
}

export function createLogger(
  level: LogLevel,
  out: NodeJS.WritableStream & { isTTY?: boolean } = process.stdout,
): Logger {
  if (!out.isTTY) {
    // Node writes to a pipe synchronously, one system call per line on the request's path; pino's own
    // destination writes in the background instead, joining the lines that wait, and flushes them on exit.
    // Serving processes of one cluster share the pipe, where only a write of one line is sure to arrive
    // whole, so they keep writing line by line.
    const background = out === process.stdout && !cluster.isWorker;
    const destination = background ? pino.destination({ dest: 1, sync: false }) : out;
    return pino({ level, base: undefined }, destination);
  }
  const readable = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n')) if (line) out.write(readableLine(line));
      done();
    },
  });
  return pino({ level, base: undefined }, readable);
}
