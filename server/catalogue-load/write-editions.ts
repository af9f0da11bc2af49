// One batch of the editions dump. An edition joins the work its record names (an edition of a work the
// catalogue lacks is left out). Open Library lists some ISBNs on several editions, and an ISBN may be ours
// already: the edition we hold with that ISBN and no key becomes this record (it gains the key), and any
// other edition with an ISBN held elsewhere is stored without it, since editions.isbn is unique.
import type { Queryable } from '../db/db';
import type { DumpEdition } from '../metadata/openlibrary-dump';
import { newestPerKey } from './write-authors';

export async function writeEditions(tx: Queryable, batch: DumpEdition[]): Promise<number> {
  const seenIsbns = new Set<string>();
  const editions = newestPerKey(batch).map((e) => {
    if (e.isbn13 === null || !seenIsbns.has(e.isbn13)) {
      if (e.isbn13) seenIsbns.add(e.isbn13);
      return e;
    }
    return { ...e, isbn13: null };
  });
  if (editions.length === 0) return 0;
  const input = JSON.stringify(
    editions.map((e) => ({
      key: e.olKey,
      rev: e.revision,
      work_key: e.workKey,
      title: e.title,
      isbn: e.isbn13,
      publisher: e.publisher,
      date: e.date,
      date_string: e.dateString,
      description: e.description,
      page_count: e.pageCount,
      format: e.format,
      cover_url: e.coverUrl,
      authors: e.authorKeys,
    })),
  );
  const columns = `key text, rev integer, work_key text, title text, isbn text, publisher text, date text,
                   date_string text, description text, page_count integer, format text, cover_url text,
                   authors jsonb`;
  await tx.query(
    `update public.editions e set ol_key = i.key, updated_at = now()
     from jsonb_to_recordset($1::jsonb) as i(${columns}), public.works w
     where i.isbn is not null and e.isbn = i.isbn and e.ol_key is null
       and w.ol_key = i.work_key and e.work_id = w.id
       and not exists (select 1 from public.editions o where o.ol_key = i.key)`,
    [input],
  );
  // An edition that was ours before its key keeps its own text (like works, see write-works.ts).
  const written = await tx.query<{ id: string; ol_key: string; takes_text: boolean }>(
    `insert into public.editions (work_id, title, isbn, publisher, date, date_string, description, page_count,
                                  format, cover_url, checked_full_metadata, ol_key, ol_revision)
     select w.id, i.title,
            case when not exists (select 1 from public.editions x where x.isbn = i.isbn) then i.isbn end,
            i.publisher, i.date::date, i.date_string, i.description, i.page_count, i.format, i.cover_url,
            true, i.key, i.rev
     from jsonb_to_recordset($1::jsonb) as i(${columns})
     join public.works w on w.ol_key = i.work_key
     on conflict (ol_key) do update set
       title = case when editions.provenance = 'openlibrary' then excluded.title else editions.title end,
       publisher = case when editions.provenance = 'openlibrary' then excluded.publisher else editions.publisher end,
       date = case when editions.provenance = 'openlibrary' then excluded.date else editions.date end,
       date_string = case when editions.provenance = 'openlibrary' then excluded.date_string
                          else editions.date_string end,
       description = coalesce(editions.description, excluded.description),
       page_count = coalesce(editions.page_count, excluded.page_count),
       format = coalesce(editions.format, excluded.format),
       cover_url = case when editions.provenance = 'openlibrary' then excluded.cover_url
                        else coalesce(editions.cover_url, excluded.cover_url) end,
       ol_revision = excluded.ol_revision, updated_at = now()
     where editions.ol_revision is null or editions.ol_revision < excluded.ol_revision
     returning id, ol_key, provenance = 'openlibrary' as takes_text`,
    [input],
  );
  const lists = written.filter((row) => row.takes_text).map((row) => row.id);
  if (lists.length > 0) {
    await tx.query('delete from public.edition_authors where edition_id = any($1::uuid[])', [lists]);
    // The edition's own authors; an edition that names none has its work's.
    await tx.query(
      `insert into public.edition_authors (edition_id, author_id, position)
       select distinct on (e.id, a.id) e.id, a.id, (x.ord - 1)::smallint
       from jsonb_to_recordset($1::jsonb) as i(key text, authors jsonb)
       join public.editions e on e.ol_key = i.key
       cross join lateral jsonb_array_elements_text(i.authors) with ordinality as x(key, ord)
       join public.authors a on a.ol_key = x.key
       where e.id = any($2::uuid[])
       order by e.id, a.id, x.ord`,
      [input, lists],
    );
    await tx.query(
      `insert into public.edition_authors (edition_id, author_id, position)
       select e.id, wa.author_id, wa.position
       from public.editions e join public.work_authors wa on wa.work_id = e.work_id
       where e.id = any($1::uuid[])
         and not exists (select 1 from public.edition_authors ea where ea.edition_id = e.id)`,
      [lists],
    );
  }
  // A work's first edition with a cover (else with an ISBN, else any) becomes its primary edition.
  await tx.query(
    `update public.works w set primary_edition_id = p.id
     from (select distinct on (e.work_id) e.work_id, e.id from public.editions e
           where e.id = any($1::uuid[])
           order by e.work_id, (e.cover_url is not null) desc, (e.isbn is not null) desc, e.ol_key) p
     where w.id = p.work_id and w.primary_edition_id is null`,
    [written.map((row) => row.id)],
  );
  return written.length;
}
