// Row counts of every table a request could write, so a refused request can be shown to have written
// nothing. Bookkeeping that refused requests legitimately touch (rate-limit buckets, the mailbox and its
// outbox) is left out.
import type { Db } from '../../server/db/db';

const BOOKKEEPING = /rate_limit|mail|outbox/;

let cached: { db: Db; sql: string } | null = null;

async function countsSql(db: Db): Promise<string> {
  if (cached?.db === db) return cached.sql;
  const tables = await db.query<{ name: string }>(
    `select table_schema || '.' || table_name as name from information_schema.tables
     where table_schema in ('public', 'auth') and table_type = 'BASE TABLE' order by 1`,
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
