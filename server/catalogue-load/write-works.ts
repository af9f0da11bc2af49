// One batch of the works dump. Works already in the catalogue without a key (the demo catalogue, a reader's
// book) were matched beforehand (by ISBN, see load-openlibrary.ts) or are matched here by title and first
// author, and given the key, so the upsert below finds them instead of adding a second copy.
// Search data is built by the one definition every write uses: the works' own trigger (migration 0003)
// makes the search vector and trigram text from the title and author_names, and author_names is written in
// the insert by the same function the work_authors trigger uses (author_name_lists, migration 0131), so
// the credits inserted next find the names already right and the work is written once, not once per author.
import type { Queryable } from '../db/db';
import type { DumpWork } from '../metadata/openlibrary-dump';
import { newestPerKey } from './write-authors';
import type { UnmatchedWorks } from './unmatched-works';

export async function writeWorks(tx: Queryable, batch: DumpWork[], unmatched: UnmatchedWorks): Promise<void> {
  const works = newestPerKey(batch);
  if (works.length === 0) return;
  const matches = await unmatched.matchByTitleAndAuthor(tx, works);
  if (matches.length > 0) await giveKeys(tx, matches);

  // Only rows Open Library is the source of take its text (including a reader's work matched just now,
  // which the key verified); an operator's or admin's own work keeps its title, authors and date and only
  // gains the key. A row loaded from this revision or a newer one is left alone.
  const written = await tx.query<{ id: string; ol_key: string; takes_text: boolean }>(
    `with input as (
       select * from jsonb_to_recordset($1::jsonb)
         as i(key text, rev integer, title text, date text, date_string text, authors jsonb)
     ), credits as (
       select array_agg(i.key) as lists, array_agg(a.id) as authors, array_agg(x.ord::integer) as positions
       from input i cross join lateral jsonb_array_elements_text(i.authors) with ordinality as x(key, ord)
       join public.authors a on a.ol_key = x.key
     ), named as (
       select l.list_id, l.names
       from public.author_name_lists((select lists from credits), (select authors from credits),
                                     (select positions from credits)) l
     )
     insert into public.works (title, author_names, date, date_string, checked_full_metadata, ol_key, ol_revision)
     select i.title, coalesce(n.names, ''), i.date::date, i.date_string, true, i.key, i.rev
     from input i left join named n on n.list_id = i.key
     on conflict (ol_key) do update set
       title = case when works.provenance = 'openlibrary' then excluded.title else works.title end,
       author_names = case when works.provenance = 'openlibrary' then excluded.author_names
                           else works.author_names end,
       date = case when works.provenance = 'openlibrary' and not works.date_is_locked
                   then coalesce(excluded.date, works.date) else works.date end,
       date_string = case when works.provenance = 'openlibrary' and not works.date_is_locked
                          then coalesce(excluded.date_string, works.date_string) else works.date_string end,
       ol_revision = excluded.ol_revision, updated_at = now()
     where works.ol_revision is null or works.ol_revision < excluded.ol_revision
     returning id, ol_key, provenance = 'openlibrary' as takes_text`,
    [
      JSON.stringify(
        works.map((w) => ({
          key: w.olKey,
          rev: w.revision,
          title: w.title,
          date: w.date,
          date_string: w.dateString,
          authors: w.authorKeys,
        })),
      ),
    ],
  );
  const byKey = new Map(works.map((w) => [w.olKey, w]));
  const lists = written
    .filter((row) => row.takes_text)
    .map((row) => ({ id: row.id, authors: byKey.get(row.ol_key)?.authorKeys ?? [] }));
  if (lists.length > 0) {
    // A newer revision may list other authors: its list replaces the old one. Credits that stay are kept
    // (only a moved one is updated), so a re-listed work's names are refreshed only if they change.
    // Authors the authors dump lacks (Open Library has dangling references) are left out.
    const credits = `select distinct on (l.id, a.id) l.id as work_id, a.id as author_id,
                            (x.ord - 1)::smallint as position
                     from jsonb_to_recordset($1::jsonb) as l(id uuid, authors jsonb)
                     cross join lateral jsonb_array_elements_text(l.authors) with ordinality as x(key, ord)
                     join public.authors a on a.ol_key = x.key
                     order by l.id, a.id, x.ord`;
    const input = [JSON.stringify(lists)];
    await tx.query(
      `delete from public.work_authors wa
       where wa.work_id = any(array(select (l ->> 'id')::uuid from jsonb_array_elements($1::jsonb) l))
         and not exists (select 1 from (${credits}) c where c.work_id = wa.work_id and c.author_id = wa.author_id)`,
      input,
    );
    await tx.query(
      `insert into public.work_authors (work_id, author_id, position)
       select work_id, author_id, position from (${credits}) c
       on conflict (work_id, author_id) do update set position = excluded.position
       where work_authors.position <> excluded.position`,
      input,
    );
  }
  const genres = written.flatMap((row) => {
    const names = byKey.get(row.ol_key)?.genres ?? [];
    return names.length > 0 ? [{ id: row.id, genres: names }] : [];
  });
  if (genres.length > 0) {
    await tx.query(
      `insert into public.genres (name)
       select distinct g from jsonb_to_recordset($1::jsonb) as l(id uuid, genres jsonb),
                              jsonb_array_elements_text(l.genres) as g
       on conflict (name) do nothing`,
      [JSON.stringify(genres)],
    );
    await tx.query(
      `insert into public.work_genres (work_id, genre_id)
       select l.id, g.id from jsonb_to_recordset($1::jsonb) as l(id uuid, genres jsonb)
       cross join lateral jsonb_array_elements_text(l.genres) as n(name)
       join public.genres g on g.name = n.name
       on conflict do nothing`,
      [JSON.stringify(genres)],
    );
  }
}

/**
 * Gives works we hold the Open Library key they were matched to; a reader's unverified work is thereby
 * verified (migration 0115's trigger), as matchToOpenLibrary does for one work. A work that has a key by
 * now, or a key another work holds, is left for an admin to merge.
 */
export async function giveKeys(tx: Queryable, matches: { id: string; key: string }[]): Promise<void> {
  await tx.query(
    `update public.works w set ol_key = m.key, updated_at = now()
     from (select distinct on (key) id, key from jsonb_to_recordset($1::jsonb) as m(id uuid, key text)
           order by key, id) m
     where w.id = m.id and w.ol_key is null
       and not exists (select 1 from public.works o where o.ol_key = m.key)`,
    [JSON.stringify(matches)],
  );
}
