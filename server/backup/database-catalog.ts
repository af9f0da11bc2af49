// What a backup holds of a database: every ordinary table of our schemas (public, auth, jobs, and any a
// later migration adds) and every sequence, read from the system catalogue so a new migration's tables are
// backed up without anyone listing them here.
import type { Queryable } from '../db/db';
import type { TableSection } from './backup-format';

/**
 * Left out of the table rows: schema_migrations is rebuilt by running the migrations themselves, and
 * stored_files travels as files (like disk storage's), so a backup restores into either kind of store.
 */
const CARRIED_OTHERWISE = new Set(['public.schema_migrations', 'public.stored_files']);

const OUR_RELATIONS = `n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'
  and not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = c.oid
                  and d.deptype = 'e')`;

export async function tablesToBackUp(q: Queryable): Promise<TableSection[]> {
  const rows = await q.query<{ schema: string; name: string; columns: string[] }>(
    `select n.nspname as schema, c.relname as name,
            array(select a.attname::text from pg_attribute a
                  where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
                  order by a.attnum) as columns
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'r' and ${OUR_RELATIONS}
      order by n.nspname, c.relname`,
  );
  return rows.filter((t) => !CARRIED_OTHERWISE.has(`${t.schema}.${t.name}`));
}

/** Every sequence with a value handed out (last_value is null before the first nextval). */
export async function sequencesToBackUp(q: Queryable): Promise<{ name: string; lastValue: number }[]> {
  const rows = await q.query<{ name: string; last_value: number | null }>(
    `select format('%I.%I', schemaname, sequencename) as name, last_value
       from pg_sequences where schemaname not in ('pg_catalog', 'information_schema') order by 1`,
  );
  return rows.flatMap((r) => (r.last_value === null ? [] : [{ name: r.name, lastValue: r.last_value }]));
}

/** How many tables, views and sequences of our own a database holds: 0 for a database nobody used yet. */
export async function relationsInDatabase(q: Queryable): Promise<number> {
  const rows = await q.query<{ n: number }>(
    `select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p', 'v', 'm', 'S', 'f') and ${OUR_RELATIONS}`,
  );
  return rows[0]?.n ?? 0;
}
