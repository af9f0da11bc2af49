import { describe, expect, it } from 'vitest';
import { DatabaseUnavailableError } from '../db/database-unavailable';
import { createErrorLog } from './error-log';

/** A pg DatabaseError as node-postgres builds it: the message, detail and where quote the caller's values. */
class DatabaseError extends Error {
  severity = 'ERROR';
  code = '22021';
  detail = 'Key (name)=(secret shelf name) already exists.';
  where = "unnamed portal parameter $1 = 'secret shelf name'";
  constructor() {
    super('invalid byte sequence for encoding "UTF8": 0x00 in "secret shelf name"');
  }
}

function setup(options: { maxLines?: number } = {}) {
  const lines: string[] = [];
  let now = 1_000_000;
  let id = 0;
  const log = createErrorLog({
    write: (line) => lines.push(line),
    now: () => now,
    newRequestId: () => `req${(id += 1)}`,
    timer: false,
    ...options,
  });
  return { log, lines, advance: (ms: number) => (now += ms) };
}

describe('the log of failed requests', () => {
  it('writes one line: endpoint, error class, SQLSTATE, where, and the request id it answers', () => {
    const { log, lines } = setup();
    const requestId = log.failure({ method: 'POST', path: '/sf/create-shelf', error: new DatabaseError() });
    expect(requestId).toBe('req1');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^500 POST \/sf\/create-shelf DatabaseError 22021 at server\/http\/error-log\.test\.ts:\d+ request=req1$/,
    );
  });

  it("names PGlite's errors (a minified class) as database errors", () => {
    const { log, lines } = setup();
    class O extends Error {
      severity = 'ERROR';
      code = '22P02';
      query = 'select $1::int';
      params = ['secret'];
    }
    log.failure({
      method: 'POST',
      path: '/sf/x',
      error: new O('invalid input syntax for type integer: "secret"'),
    });
    expect(lines[0]).toMatch(/^500 POST \/sf\/x DatabaseError 22P02 /);
    expect(lines[0]).not.toMatch(/secret|select/);
  });

  it('never logs a message, detail, where, SQL or parameter', () => {
    const { log, lines } = setup();
    log.failure({ method: 'POST', path: '/sf/create-shelf', error: new DatabaseError() });
    log.failure({ method: 'POST', path: '/sf/x', error: new TypeError('name "secret shelf name" is bad') });
    log.failure({ method: 'POST', path: '/sf/y', error: 'secret shelf name' });
    expect(lines.join('\n')).not.toMatch(/secret|UTF8|Key \(|portal|insert|select/);
  });

  it('logs a repeated failure once, then how many more there were in the window', () => {
    const { log, lines, advance } = setup();
    for (let i = 0; i < 500; i += 1) {
      log.failure({ method: 'POST', path: '/sf/search-works', error: new DatabaseError() });
      advance(10);
    }
    expect(lines).toHaveLength(1);
    advance(60_000);
    log.flush();
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/: 499 more like this in the last minute \(last request=req500\)$/);
    // A new window starts afresh.
    log.failure({ method: 'POST', path: '/sf/search-works', error: new DatabaseError() });
    expect(lines).toHaveLength(3);
    expect(lines[2]).toMatch(/request=req501$/);
  });

  it('bounds the distinct lines too, so varying the path cannot flood it', () => {
    const { log, lines, advance } = setup({ maxLines: 5 });
    for (let i = 0; i < 100; i += 1)
      log.failure({ method: 'GET', path: `/storage/v1/x${i}`, error: new Error() });
    expect(lines).toHaveLength(5);
    advance(60_000);
    log.flush();
    expect(lines.at(-1)).toBe('95 more failed requests not logged in the last minute');
  });

  it('keeps caller text in the path from forging lines', () => {
    const { log, lines } = setup();
    log.failure({
      method: 'GET',
      path: '/storage/v1/a\n500 POST /forged request=evil' + 'x'.repeat(500),
      error: new Error(),
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain('\n');
    expect(lines[0]!.length).toBeLessThan(300);
  });

  it('logs an outage once per reason and window, whatever the endpoint', () => {
    const { log, lines } = setup();
    for (let i = 0; i < 200; i += 1)
      log.unavailable(
        new DatabaseUnavailableError(Object.assign(new Error(), { code: 'ECONNREFUSED' })).reason,
      );
    expect(lines).toEqual(['503 database unavailable (ECONNREFUSED)']);
  });
});
