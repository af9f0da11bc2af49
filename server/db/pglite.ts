import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { Db, Queryable } from './db';
import { pgliteStatements } from './pglite-prepared';
import { parsers } from './types';

/**
 * Lets the event loop run between two turns. PGlite answers in promise callbacks without waiting for any
 * I/O, so a queue of statements would otherwise run as one unbroken chain of microtasks: sockets are not
 * read and answers not written meanwhile, and under a burst a request whose body arrives in a later I/O
 * phase waits while the requests already in the chain keep adding turns. Measured at 200 connections:
 * without this, some requests waited the whole run (30 s timeouts).
 */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Embedded Postgres. PGlite has a single connection, so every statement and transaction takes a turn
 * through one queue; a transaction holds the queue until it ends.
 */
export async function openPglite(dataDir?: string): Promise<Db> {
  const pg = await PGlite.create(dataDir ?? 'memory://', { extensions: { pg_trgm, unaccent }, parsers });
  let queue: Promise<unknown> = Promise.resolve();
  const turn = <T>(work: () => Promise<T>): Promise<T> => {
    const result = queue.then(yieldToEventLoop, yieldToEventLoop).then(work);
    queue = result.catch(() => undefined);
    return result;
  };
  const statements = pgliteStatements(pg);
  // Statements with parameters go through named prepared statements once they recur (pglite-prepared.ts);
  // one session runs everything, so that holds inside a transaction too.
  const run = async <T>(target: Pick<PGlite, 'query'>, sql: string, params?: readonly unknown[]) =>
    params ? statements.query<T>(target, sql, params) : (await target.query<T>(sql)).rows;

  return {
    kind: 'pglite',
    query: (sql, params) => turn(() => run(pg, sql, params)),
    transaction: (fn) =>
      turn(() =>
        pg.transaction((tx) => {
          const scoped: Queryable = {
            query: (sql, params) => run(tx, sql, params),
            exec: async (sql) => void (await tx.exec(sql)),
          };
          return fn(scoped);
        }),
      ),
    exec: (sql) => turn(async () => void (await pg.exec(sql))),
    close: () => turn(() => pg.close()),
    // One in-process session runs every statement, so every write is our own: PGlite hands a commit's
    // notifications to the callback (queued as microtasks while the commit's reply is read) before the
    // promise of the statement that committed resolves. So sync has nothing to wait for, and there is no
    // connection to lose.
    listen: async (channel, onMessage) => {
      const unlisten = await pg.listen(channel, onMessage);
      return { sync: async () => undefined, close: () => unlisten() };
    },
  };
}
