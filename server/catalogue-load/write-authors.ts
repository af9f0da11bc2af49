// One batch of the authors dump, in one multi-row statement. A row is rewritten only for a newer revision
// than the one it was last loaded from, so a re-run of the same dump changes nothing.
import type { Queryable } from '../db/db';
import type { DumpAuthor } from '../metadata/openlibrary-dump';

export async function writeAuthors(tx: Queryable, authors: DumpAuthor[]): Promise<void> {
  if (authors.length === 0) return;
  await tx.query(
    `insert into public.authors (name, alternate_names, ol_key, ol_revision)
     select i.name, array(select jsonb_array_elements_text(i.alternate_names)), i.key, i.rev
     from jsonb_to_recordset($1::jsonb) as i(key text, rev integer, name text, alternate_names jsonb)
     on conflict (ol_key) do update set name = excluded.name, alternate_names = excluded.alternate_names,
                                        ol_revision = excluded.ol_revision, updated_at = now()
     where authors.ol_revision is null or authors.ol_revision < excluded.ol_revision`,
    [
      JSON.stringify(
        newestPerKey(authors).map((a) => ({
          key: a.olKey,
          rev: a.revision,
          name: a.name,
          alternate_names: a.alternateNames,
        })),
      ),
    ],
  );
}

/** One record per key, the newest (one statement may not touch a row twice). */
export function newestPerKey<T extends { olKey: string; revision: number }>(records: T[]): T[] {
  const newest = new Map<string, T>();
  for (const r of records) {
    const held = newest.get(r.olKey);
    if (!held || held.revision < r.revision) newest.set(r.olKey, r);
  }
  return [...newest.values()];
}
