// Finds the book each row names, in SPEC order: the edition this source row became last time; ISBN-13,
// then ISBN-10, in our catalogue; Open Library by ISBN (done before the batch's transaction, see
// lookUpOpenLibrary); title and first author, folded, in our catalogue; otherwise the work, edition and
// authors are created from the file's own data, left unchecked so the lazy enrichment fills them in later.
// A created work is the reader's own and unverified (issue 26): only they match it again, and another
// reader's unverified works are never matched (they are not the catalogue's).
import { isbn10To13 } from '@shared/domain/isbn';
import type { LibraryRecord } from '@shared/domain/library-import/record';
import { transliterationKey } from '@shared/domain/library-import/name-fold';
import { clip, matchKey } from '@shared/domain/library-import/values';
import type { Queryable } from '../../db/db';
import { findOrCreateAuthors as findOrCreateNamed } from '../catalogue/author-match';
import { WORK_VISIBLE_TO_SQL } from '../catalogue/visibility';
import type { Change } from './changes';
import { titleMatcher } from './match-title';

export interface BookMatch {
  editionId: string;
  workId: string;
  outcome: 'matched' | 'created';
  reason: string;
}

/** The ISBN-13s to try for a record, its own ISBN-13 first. */
export function isbnCandidates(r: LibraryRecord): string[] {
  const list: string[] = [];
  if (r.isbn13 && /^\d{13}$/.test(r.isbn13)) list.push(r.isbn13);
  if (r.isbn10 && /^\d{9}[\dX]$/.test(r.isbn10)) {
    const from10 = isbn10To13(r.isbn10);
    if (!list.includes(from10)) list.push(from10);
  }
  return list;
}

// Rows of one batch naming the same book share the work created for it, the author however it is spelt.
const titleAuthorKey = (title: string, author: string | undefined) =>
  `${matchKey(title)}|${transliterationKey(author ?? '')}`;

export async function matchBooks(
  tx: Queryable,
  userId: string,
  records: readonly LibraryRecord[],
  /** ISBN-13s Open Library gave us in this batch (they are in the catalogue now). */
  fromOpenLibrary: ReadonlySet<string>,
  changes: Change[],
): Promise<Map<number, BookMatch>> {
  const result = new Map<number, BookMatch>();

  // 1. The edition this very source row became in an earlier import (if that edition still exists).
  const sources = await tx.query<{ source_key: string; edition_id: string; work_id: string }>(
    `select s.source_key, e.id as edition_id, e.work_id from public.import_sources s
     join public.editions e on e.id = s.edition_id
     where s.user_id = $1 and s.source_key = any($2::text[])`,
    [userId, records.map((r) => r.key)],
  );
  const bySource = new Map(sources.map((s) => [s.source_key, s]));

  // 2. ISBNs in the catalogue.
  const isbns = [...new Set(records.flatMap(isbnCandidates))];
  const editions = await tx.query<{ id: string; work_id: string; isbn: string }>(
    `select e.id, e.work_id, e.isbn from public.editions e join public.works w on w.id = e.work_id
     where e.isbn = any($1::text[]) and ${WORK_VISIBLE_TO_SQL('w', '$2')}`,
    [isbns, userId],
  );
  const byIsbn = new Map(editions.map((e) => [e.isbn, e]));

  // 3. Title and first author, folded, transliterations of the author's name included (match-title.ts).
  const byTitle = await titleMatcher(tx, userId, records);

  const toCreate: { record: LibraryRecord; rows: number[] }[] = [];
  const toCreateByIsbn = new Map<string, { record: LibraryRecord; rows: number[] }>();
  const toCreateByTitle = new Map<string, { record: LibraryRecord; rows: number[] }>();
  for (const r of records) {
    const source = bySource.get(r.key);
    if (source) {
      result.set(r.row, {
        editionId: source.edition_id,
        workId: source.work_id,
        outcome: 'matched',
        reason: 'Same book as in an earlier import',
      });
      continue;
    }
    const candidates = isbnCandidates(r);
    const isbnHit = candidates.map((isbn, i) => ({ isbn, i, e: byIsbn.get(isbn) })).find((c) => c.e);
    if (isbnHit?.e) {
      const how = fromOpenLibrary.has(isbnHit.isbn)
        ? 'Found on Open Library by ISBN'
        : isbnHit.i === 0 && r.isbn13
          ? 'ISBN-13 in the catalogue'
          : 'ISBN-10 in the catalogue';
      result.set(r.row, {
        editionId: isbnHit.e.id,
        workId: isbnHit.e.work_id,
        outcome: 'matched',
        reason: how,
      });
      continue;
    }
    const titleHit = byTitle(r);
    if (titleHit) {
      result.set(r.row, {
        editionId: titleHit.edition_id,
        workId: titleHit.id,
        outcome: 'matched',
        reason: titleHit.transliterated
          ? "Title and author in the catalogue (the author's name spelt another way)"
          : 'Title and author in the catalogue',
      });
      continue;
    }
    // Created after the loop, all at once; a later row of this batch naming the same book shares it.
    const planned =
      candidates.map((isbn) => toCreateByIsbn.get(isbn)).find(Boolean) ??
      (r.authors.length > 0 ? toCreateByTitle.get(titleAuthorKey(r.title, r.authors[0])) : undefined);
    if (planned) {
      planned.rows.push(r.row);
      continue;
    }
    const plan = { record: r, rows: [r.row] };
    toCreate.push(plan);
    for (const isbn of candidates) toCreateByIsbn.set(isbn, plan);
    if (r.authors.length > 0) toCreateByTitle.set(titleAuthorKey(r.title, r.authors[0]), plan);
  }
  await fillOwnSeries(tx, userId, records, result);
  if (toCreate.length > 0) {
    const authorIds = await findOrCreateAuthors(
      tx,
      toCreate.flatMap((p) => authorsOf(p.record)),
      changes,
    );
    const created: { work_id: string; edition_id: string }[] = [];
    for (const plan of toCreate) {
      const book = await createBook(
        tx,
        userId,
        plan.record,
        [...new Set(authorsOf(plan.record).map((a) => authorIds.get(a.toLowerCase()) as string))],
        changes,
      );
      created.push({ work_id: book.workId, edition_id: book.editionId });
      for (const row of plan.rows) {
        result.set(row, { ...book, outcome: 'created', reason: 'Added to the catalogue from the file' });
      }
    }
    // One statement for the batch: the works inserted above get their edition as the primary one.
    await tx.query(
      `update public.works w set primary_edition_id = x.edition_id
       from jsonb_to_recordset($1::jsonb) as x(work_id uuid, edition_id uuid) where w.id = x.work_id`,
      [JSON.stringify(created)],
    );
  }
  return result;
}

/**
 * A file's series goes on a matched work only when it is this reader's own unverified work that has none
 * yet: the catalogue's works take their series from the operator or Open Library, never from a file.
 */
async function fillOwnSeries(
  tx: Queryable,
  userId: string,
  records: readonly LibraryRecord[],
  matches: ReadonlyMap<number, BookMatch>,
): Promise<void> {
  const places = records.flatMap((r) => {
    const work = matches.get(r.row)?.workId;
    return work && r.series
      ? [
          {
            work_id: work,
            name: clip(r.series.name, 300),
            position: r.series.position && clip(r.series.position, 20),
          },
        ]
      : [];
  });
  if (places.length === 0) return;
  await tx.query(
    `update public.works w set series_name = x.name, series_position = x.position, updated_at = now()
     from (select distinct on (work_id) * from jsonb_to_recordset($1::jsonb)
             as x(work_id uuid, name text, position text)) x
     where w.id = x.work_id and not w.verified and w.created_by = $2 and w.series_name is null`,
    [JSON.stringify(places), userId],
  );
}

const authorsOf = (r: LibraryRecord) => {
  const names = [...new Set(r.authors.map((n) => clip(n.trim(), 300)).filter((n) => n !== ''))];
  return names.length > 0 ? names : ['Unknown author'];
};

/**
 * One statement: the work, its edition and both author lists (the primary edition is set per batch), made
 * by this reader. An ISBN another reader's unverified edition holds already stays with that edition.
 */
async function createBook(
  tx: Queryable,
  userId: string,
  r: LibraryRecord,
  authorIds: string[],
  changes: Change[],
): Promise<{ editionId: string; workId: string }> {
  const date =
    r.year !== null && r.year >= 1 && r.year <= 9999 ? `${String(r.year).padStart(4, '0')}-01-01` : null;
  const isbn = isbnCandidates(r)[0] ?? null;
  const [row] = await tx.query<{ work_id: string; edition_id: string }>(
    `with w as (
       insert into public.works (title, date, date_string, provenance, created_by, series_name, series_position)
       values ($1, $2::date, $3, 'reader', $9, $10, $11) returning id
     ), e as (
       insert into public.editions (work_id, title, isbn, publisher, page_count, format, date, date_string,
                                    provenance, created_by)
       select w.id, $1,
              case when not exists (select 1 from public.editions x where x.isbn = $4) then $4 end,
              $5, $6, $7, $2::date, $3, 'reader', $9 from w
       returning id, work_id
     ), wa as (
       insert into public.work_authors (work_id, author_id, position)
       select w.id, a.id, a.ord - 1 from w, unnest($8::uuid[]) with ordinality as a(id, ord)
     ), ea as (
       insert into public.edition_authors (edition_id, author_id, position)
       select e.id, a.id, a.ord - 1 from e, unnest($8::uuid[]) with ordinality as a(id, ord)
     )
     select e.work_id, e.id as edition_id from e`,
    [
      clip(r.title, 500),
      date,
      r.year === null ? null : clip(String(r.year), 100),
      isbn,
      r.publisher === null ? null : clip(r.publisher, 300),
      r.pages !== null && r.pages > 0 && r.pages <= 100_000 ? r.pages : null,
      r.format === null ? null : clip(r.format, 50),
      authorIds,
      userId,
      r.series ? clip(r.series.name, 300) : null,
      r.series?.position ? clip(r.series.position, 20) : null,
    ],
  );
  const created = row as { work_id: string; edition_id: string };
  changes.push(
    { kind: 'edition', ref: { id: created.edition_id } },
    { kind: 'work', ref: { id: created.work_id } },
  );
  return { editionId: created.edition_id, workId: created.work_id };
}

/**
 * Author ids by lower-cased name, through the catalogue's one author matching (an author we hold by name,
 * by an alternate name Open Library gave us, or by the transliteration fold as the last step); the rest
 * are created and recorded.
 */
async function findOrCreateAuthors(
  tx: Queryable,
  names: readonly string[],
  changes: Change[],
): Promise<Map<string, string>> {
  const wanted = [...new Map(names.map((n) => [n.toLowerCase(), n])).values()];
  const { ids, created } = await findOrCreateNamed(
    tx,
    wanted.map((name) => ({ name })),
  );
  for (const id of created) changes.push({ kind: 'author', ref: { id } });
  return new Map(wanted.map((n, i) => [n.toLowerCase(), ids[i] as string]));
}
