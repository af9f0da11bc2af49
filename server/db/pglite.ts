import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { Db, Queryable } from './db';
import { parsers } from './types';

/**
 * Embedded Postgres. PGlite has a single connection, so every statement and transaction takes a turn
 * through one queue; a transaction holds the queue until it ends.
 */
export async function openPglite(dataDir?: string): Promise<Db> {
  const pg = await PGlite.create(dataDir ?? 'memory://', { extensions: { pg_trgm, unaccent }, parsers });
  let queue: Promise<unknown> = Promise.resolve();
  const turn = <T>(work: () => Promise<T>): Promise<T> => {
    const result = queue.then(work, work);
    queue = result.catch(() => undefined);
    return result;
  };
  const run = async <T>(target: Pick<PGlite, 'query'>, sql: string, params?: readonly unknown[]) =>
    (await target.query<T>(sql, params ? [...params] : undefined)).rows;

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
  };
}
