// Bulk loading: the secondary indexes of the loaded tables are dropped first and rebuilt at the end (one
// sorted build is many times faster than a million incremental GIN inserts), from their own definitions,
// so the schema the benchmark runs on is exactly the migrated one.
import type { Db, Queryable } from '../../server/db/db';

export interface DroppedIndex {
  name: string;
  definition: string;
}

/** Drops the indexes of `tables` that no constraint (primary key, unique, exclusion) depends on. */
export async function dropSecondaryIndexes(db: Queryable, tables: string[]): Promise<DroppedIndex[]> {
  const rows = await db.query<DroppedIndex>(
    `select format('%I.%I', n.nspname, c.relname) as name, pg_get_indexdef(i.indexrelid) as definition
     from pg_index i
     join pg_class c on c.oid = i.indexrelid
     join pg_namespace n on n.oid = c.relnamespace
     join pg_class t on t.oid = i.indrelid
     where t.relname = any($1) and n.nspname = 'public'
       and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)`,
    [tables],
  );
  for (const index of rows) await db.exec(`drop index ${index.name}`);
  return rows;
}

export async function restoreIndexes(db: Queryable, indexes: DroppedIndex[]): Promise<void> {
  for (const index of indexes) await db.exec(index.definition);
}

/** Runs `load` with the tables' secondary indexes dropped, rebuilds them and refreshes planner statistics. */
export async function withIndexesDeferred(db: Db, tables: string[], load: () => Promise<void>) {
  const dropped = await dropSecondaryIndexes(db, tables);
  await load();
  // A bigger sort memory for the index builds of this session only; the server keeps its own settings.
  await db.transaction(async (tx) => {
    await tx.query(`select set_config('maintenance_work_mem', '512MB', true)`);
    await restoreIndexes(tx, dropped);
  });
  await db.exec('analyze');
}

/** Rows of column arrays, inserted in slices of `batch` rows by one `insert ... select from unnest(...)`. */
export async function insertColumns(
  q: Queryable,
  sql: string,
  columns: unknown[][],
  batch = 10_000,
): Promise<void> {
  const length = columns[0]?.length ?? 0;
  for (let start = 0; start < length; start += batch) {
    await q.query(
      sql,
      columns.map((c) => c.slice(start, start + batch)),
    );
  }
}
