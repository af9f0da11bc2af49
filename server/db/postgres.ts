import pg from 'pg';
import type { Db, Queryable } from './db';
import { parsers } from './types';

const types = {
  getTypeParser: (oid: number, format?: string) =>
    parsers[oid] ?? pg.types.getTypeParser(oid, format as 'text'),
};

export async function openPostgres(connectionString: string, max = 10): Promise<Db> {
  const pool = new pg.Pool({ connectionString, max, types });
  // An idle client that errors (server restart, network) must not take the process down with it.
  pool.on('error', (err) => console.error('postgres pool error:', err.message));
  await pool.query('select 1');
  const run = async <T>(client: pg.Pool | pg.PoolClient, sql: string, params?: readonly unknown[]) =>
    (await client.query(sql, params ? [...params] : undefined)).rows as T[];

  return {
    kind: 'postgres',
    query: (sql, params) => run(pool, sql, params),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const scoped: Queryable = {
          query: (sql, params) => run(client, sql, params),
          exec: async (sql) => void (await client.query(sql)),
        };
        const result = await fn(scoped);
        await client.query('commit');
        return result;
      } catch (err) {
        await client.query('rollback').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    exec: async (sql) => void (await pool.query(sql)),
    close: () => pool.end(),
  };
}
