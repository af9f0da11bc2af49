// Writes both importers share (a book by ISBN, a work picked from Open Library's results).
import type { SeriesPlace } from '@shared/domain/library-import/series';
import type { Queryable } from '../../db/db';
import type { ImportedEdition } from '../../metadata/openlibrary-types';
import { fold, mainTitle } from './remote-works';

/**
 * A work we hold with this title (subtitle aside, folded) credited to this author: the same book Open
 * Library files under another key or an edition's ISBN we lack. The catalogue's works first, then a
 * reader's unverified copy (which Open Library's record then verifies).
 */
export async function heldWorkByTitle(
  tx: Queryable,
  title: string,
  authorId: string | null,
): Promise<string | null> {
  if (!authorId) return null;
  const main = mainTitle(title).trim();
  const rows = await tx.query<{ id: string; title: string }>(
    `select w.id, w.title from public.works w
     where lower(w.title) = any($1::text[])
       and exists (select 1 from public.work_authors wa where wa.work_id = w.id and wa.author_id = $2)
     order by w.verified desc, w.created_at`,
    [[...new Set([title.toLowerCase(), main.toLowerCase()])], authorId],
  );
  return rows.find((w) => fold(mainTitle(w.title)) === fold(main))?.id ?? null;
}

/** Open Library's series goes on a work that has none yet; a series someone set is left alone. */
export async function fillSeries(tx: Queryable, workId: string, series: SeriesPlace | null): Promise<void> {
  if (!series) return;
  await tx.query(
    `update public.works set series_name = $2, series_position = $3, updated_at = now()
     where id = $1 and series_name is null`,
    [workId, series.name.slice(0, 300), series.position?.slice(0, 20) ?? null],
  );
}

export async function addGenres(tx: Queryable, workId: string, genres: string[]): Promise<void> {
  if (genres.length === 0) return;
  await tx.query('insert into public.genres (name) select unnest($1::text[]) on conflict (name) do nothing', [
    genres,
  ]);
  await tx.query(
    `insert into public.work_genres (work_id, genre_id)
     select $1, g.id from public.genres g where g.name = any($2::text[]) on conflict do nothing`,
    [workId, genres],
  );
}

/** Credits `authorIds`, in that order, on the work. */
export async function creditWorkAuthors(tx: Queryable, workId: string, authorIds: string[]): Promise<void> {
  await tx.query(
    `insert into public.work_authors (work_id, author_id, position)
     select $1, a.id, a.ord - 1 from unnest($2::uuid[]) with ordinality as a(id, ord) on conflict do nothing`,
    [workId, authorIds],
  );
}

/** An edition to store: Open Library's, or a bare one for a work it lists without editions (no key). */
export type EditionToStore = Omit<ImportedEdition, 'olKey'> & { olKey: string | null };

/**
 * Stores the edition on the work with its authors, and makes it the work's primary edition if it has none.
 * An edition already held (its ISBN or key taken) is left as it is.
 */
export async function storeEdition(
  tx: Queryable,
  workId: string,
  edition: EditionToStore,
  workDescription: string | null,
  authorIds: string[],
): Promise<void> {
  const inserted = await tx.query<{ id: string }>(
    `insert into public.editions (work_id, title, isbn, publisher, date, date_string, description, page_count,
                                  format, cover_url, checked_full_metadata, ol_key)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, true, $11)
     on conflict do nothing returning id`,
    [
      workId,
      edition.title,
      edition.isbn13 || null,
      edition.publisher,
      edition.date,
      edition.dateString,
      edition.description ?? workDescription,
      edition.pageCount,
      edition.format,
      edition.coverUrl,
      edition.olKey,
    ],
  );
  const editionId = inserted[0]?.id;
  if (!editionId) return;
  await tx.query(
    `insert into public.edition_authors (edition_id, author_id, position)
     select $1, a.id, a.ord - 1 from unnest($2::uuid[]) with ordinality as a(id, ord) on conflict do nothing`,
    [editionId, authorIds],
  );
  await tx.query(
    'update public.works set primary_edition_id = $2 where id = $1 and primary_edition_id is null',
    [workId, editionId],
  );
}
