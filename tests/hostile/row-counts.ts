// Row counts of every table a request could write, the job queue included, so a refused request can be
// shown to have written nothing. Rate-limit buckets, which refused requests legitimately count in, are
// left out.
import type { Db } from '../../server/db/db';

const BOOKKEEPING = /rate_limit/;

let cached: { db: Db; sql: string } | null = null;

async function countsSql(db: Db): Promise<string> {
  if (cached?.db === db) return cached.sql;
  const tables = await db.query<{ name: string }>(
    `select table_schema || '.' || table_name as name from information_schema.tables
     where table_schema in ('public', 'auth', 'jobs') and table_type = 'BASE TABLE' order by 1`,
  );
  const counted = tables.map((t) => t.name).filter((name) => !BOOKKEEPING.test(name));
  const sql = `select ${counted.map((name) => `(select count(*) from ${name})::int as "${name}"`).join(', ')}`;
  cached = { db, sql };
  return sql;
}

export async function rowCounts(db: Db): Promise<Record<string, number>> {
  const [row] = await db.query<Record<string, number>>(await countsSql(db));
  return row ?? {};
}
