import { describe, expect, it } from 'vitest';
import {
  DatabaseUnavailableError,
  isConnectionFailure,
  isDatabaseUnavailable,
  reasonOf,
} from './database-unavailable';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('telling an outage from a failed statement', () => {
  it.each([
    ['server shutting down', withCode('57P01', 'terminating connection due to administrator command')],
    ['crash shutdown', withCode('57P02')],
    ['server starting up', withCode('57P03', 'the database system is starting up')],
    ['connection exception class 08', withCode('08006')],
    ['too many connections', withCode('53300')],
    ['a write on a demoted primary after failover', withCode('25006')],
    ['refused', withCode('ECONNREFUSED')],
    ['reset', withCode('ECONNRESET')],
    ['timed out', withCode('ETIMEDOUT')],
    ['socket closed mid-statement', new Error('Connection terminated unexpectedly')],
    ['pool connect timeout', new Error('timeout exceeded when trying to connect')],
    ['client broken earlier', new Error('Client has encountered a connection error and is not queryable')],
    ['pool ended (shutting down)', new Error('Cannot use a pool after calling end on the pool')],
    ['both addresses refused', new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')])],
  ])('%s is a connection failure', (_, err) => {
    expect(isConnectionFailure(err)).toBe(true);
  });

  it.each([
    ['unique violation', withCode('23505')],
    ['NUL in text', withCode('22021')],
    ['tsquery stack too small', withCode('54001')],
    ['bad uuid', withCode('22P02')],
    ['statement cancelled', withCode('57014')],
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a file not found', withCode('ENOENT')],
    ['not an error at all', 'boom'],
  ])('%s is not', (_, err) => {
    expect(isConnectionFailure(err)).toBe(false);
    expect(isDatabaseUnavailable(err)).toBe(false);
  });

  it('the HTTP layer trusts what the adapter marked, and SQLSTATEs, but not bare socket codes', () => {
    expect(isDatabaseUnavailable(new DatabaseUnavailableError(withCode('ECONNREFUSED')))).toBe(true);
    expect(isDatabaseUnavailable(withCode('57P01'))).toBe(true);
    // An SMTP server or Open Library refusing a connection is not a database outage.
    expect(isDatabaseUnavailable(withCode('ECONNREFUSED'))).toBe(false);
  });

  it('names the reason without the message, which may quote data', () => {
    expect(reasonOf(withCode('57P01', 'terminating connection'))).toBe('57P01');
    expect(new DatabaseUnavailableError(withCode('ECONNREFUSED')).reason).toBe('ECONNREFUSED');
    expect(reasonOf(new AggregateError([withCode('ECONNREFUSED')]))).toBe('ECONNREFUSED');
    expect(reasonOf(new Error('Connection terminated unexpectedly'))).toBe('connection terminated');
    expect(reasonOf(new Error('timeout exceeded when trying to connect'))).toBe('connect timeout');
    expect(reasonOf(new Error('Client has encountered a connection error and is not queryable'))).toBe(
      'connection broken',
    );
    expect(reasonOf(new Error('value "secret" is wrong'))).toBe('Error');
  });
});
