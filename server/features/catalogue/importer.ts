// Brings books the catalogue lacks in from Open Library: a whole book for a new ISBN, and the missing
// description, page count and genres of rows that were never checked (checked_full_metadata = false).
import type { Db, Queryable } from '../../db/db';
import { findAuthors, findOrCreateAuthors } from './author-match';
import type { ImportedBook, OpenLibraryClient } from '../../metadata/openlibrary';
import { OpenLibraryError } from '../../metadata/openlibrary';
import { ApiError, unavailable } from '../../http/errors';
import { storePickedWork } from './pick-import';
import { addGenres, creditWorkAuthors, fillSeries, heldWorkByTitle, storeEdition } from './store-helpers';
import { matchToOpenLibrary } from './open-library-match';

export interface CatalogueImporter {
  /** Imports the book with this ISBN-13; the work id, or null when Open Library does not know it. */
  importIsbn(isbn13: string): Promise<string | null>;
  /**
   * Imports the work a reader picked from Open Library's results (or answers the one we hold); the work id,
   * or null when Open Library has no such work.
   */
  importPicked(workKey: string): Promise<string | null>;
  /** Fills in an edition's description and page count once; quietly does nothing when offline. */
  enrichEdition(editionId: string): Promise<void>;
  /** Fills in a work's genres once; quietly does nothing when offline. */
  enrichWork(workId: string): Promise<void>;
}

export function createCatalogueImporter(db: Db, openLibrary: OpenLibraryClient): CatalogueImporter {
  // One import per ISBN at a time in this process; the unique ISBN index settles races between processes.
  const inFlight = new Map<string, Promise<string | null>>();

  async function importIsbn(isbn13: string): Promise<string | null> {
    let book: ImportedBook | null;
    try {
      book = await openLibrary.fetchByIsbn(isbn13);
    } catch (err) {
      if (err instanceof OpenLibraryError) {
        throw unavailable('Open Library could not be reached to look up this ISBN. Please try again later.');
      }
      throw err;
    }
    if (!book) return null;
    const found = book;
    return db.transaction((tx) => storeBook(tx, { ...found, edition: { ...found.edition, isbn13 } }));
  }

  const picksInFlight = new Map<string, Promise<string | null>>();

  async function importPicked(workKey: string): Promise<string | null> {
    const held = await db.query<{ id: string }>('select id from public.works where ol_key = $1', [workKey]);
    if (held[0]) return held[0].id;
    try {
      const picked = await openLibrary.fetchPickedWork(workKey);
      return picked && (await storePickedWork(db, workKey, picked));
    } catch (err) {
      if (!(err instanceof OpenLibraryError)) throw err;
      if (err.code === 'busy') throw new ApiError(429, 'rate_limited', err.message);
      throw unavailable('Open Library could not be reached to add this book. Please try again later.');
    }
  }

  return {
    importPicked(workKey) {
      const running = picksInFlight.get(workKey);
      if (running) return running;
      const job = importPicked(workKey).finally(() => picksInFlight.delete(workKey));
      picksInFlight.set(workKey, job);
      return job;
    },

    importIsbn(isbn13) {
      const running = inFlight.get(isbn13);
      if (running) return running;
      const job = importIsbn(isbn13).finally(() => inFlight.delete(isbn13));
      inFlight.set(isbn13, job);
      return job;
    },

    async enrichEdition(editionId) {
      const rows = await db.query<{ isbn: string | null; checked: boolean }>(
        'select isbn, checked_full_metadata as checked from public.editions where id = $1',
        [editionId],
      );
      const row = rows[0];
      if (!row || row.checked) return;
      const book = row.isbn ? await quietly(() => openLibrary.fetchByIsbn(row.isbn as string)) : null;
      if (book === undefined) return; // offline: try again on a later visit
      await db.query(
        `update public.editions set
           description = coalesce(description, $2), page_count = coalesce(page_count, $3),
           publisher = coalesce(publisher, $4), cover_url = coalesce(cover_url, $5),
           checked_full_metadata = true, updated_at = now()
         where id = $1 and not checked_full_metadata`,
        [
          editionId,
          book?.edition.description ?? book?.work.description ?? null,
          book?.edition.pageCount ?? null,
          book?.edition.publisher ?? null,
          book?.edition.coverUrl ?? null,
        ],
      );
    },

    async enrichWork(workId) {
      const rows = await db.query<{ ol_key: string | null; checked: boolean; isbn: string | null }>(
        `select w.ol_key, w.checked_full_metadata as checked,
                (select e.isbn from public.editions e where e.work_id = w.id and e.isbn is not null
                 order by (e.id = w.primary_edition_id) desc limit 1) as isbn
         from public.works w where w.id = $1`,
        [workId],
      );
      const row = rows[0];
      if (!row || row.checked) return;
      let genres: string[] | undefined = [];
      let book: ImportedBook | null | undefined;
      if (row.ol_key) {
        const work = await quietly(() => openLibrary.fetchWork(row.ol_key as string));
        genres = work === undefined ? undefined : (work?.genres ?? []);
      } else if (row.isbn) {
        book = await quietly(() => openLibrary.fetchByIsbn(row.isbn as string));
        genres = book === undefined ? undefined : (book?.work.genres ?? []);
      }
      if (genres === undefined) return;
      await db.transaction(async (tx) => {
        if (book) await matchToOpenLibrary(tx, workId, book.work.olKey, book.work.title);
        const claimed = await tx.query(
          `update public.works set checked_full_metadata = true, updated_at = now()
           where id = $1 and not checked_full_metadata returning id`,
          [workId],
        );
        if (claimed.length > 0) await addGenres(tx, workId, genres);
      });
    },
  };
}

/** undefined when Open Library could not be reached; its answer otherwise. */
async function quietly<T>(fetch: () => Promise<T>): Promise<T | undefined> {
  try {
    return await fetch();
  } catch (err) {
    if (!(err instanceof OpenLibraryError)) throw err;
    console.warn(`metadata enrichment skipped: ${err.message}`);
    return undefined;
  }
}

async function storeBook(tx: Queryable, book: ImportedBook): Promise<string> {
  const existing = await tx.query<{ work_id: string }>(
    'select work_id from public.editions where isbn = $1',
    [book.edition.isbn13],
  );
  const authors = book.authors.map((a) => ({
    name: a.name,
    olKey: a.olKey,
    alternateNames: a.alternateNames,
  }));
  // Another edition of a work we hold (by its Open Library key, or its title under the author we hold
  // however Open Library spells them) joins that work instead of making a second one (issue 26).
  const [byKey] = await tx.query<{ id: string }>('select id from public.works where ol_key = $1', [
    book.work.olKey,
  ]);
  const heldId =
    existing[0]?.work_id ??
    byKey?.id ??
    (await heldWorkByTitle(tx, book.work.title, (await findAuthors(tx, authors.slice(0, 1)))[0] ?? null));
  if (existing[0]) {
    await matchToOpenLibrary(tx, existing[0].work_id, book.work.olKey, book.work.title);
    await fillSeries(tx, existing[0].work_id, book.edition.series);
    return existing[0].work_id;
  }
  if (heldId) await matchToOpenLibrary(tx, heldId, book.work.olKey, book.work.title);

  const workId =
    heldId ??
    (
      (
        await tx.query<{ id: string }>(
          // "on conflict do update" (a no-op update) makes the insert answer the existing row's id, so two
          // processes importing the same work at once end up sharing one row.
          `insert into public.works (title, date, date_string, checked_full_metadata, ol_key)
         values ($1, $2, $3, true, $4)
         on conflict (ol_key) do update set ol_key = excluded.ol_key returning id`,
          [book.work.title, book.work.firstPublished, book.work.dateString, book.work.olKey],
        )
      )[0] as { id: string }
    ).id;
  const { ids } = await findOrCreateAuthors(tx, authors);
  const authorIds = [...new Set(ids)];
  if (!heldId) {
    await creditWorkAuthors(tx, workId, authorIds);
    await addGenres(tx, workId, book.work.genres);
  }
  await fillSeries(tx, workId, book.edition.series);
  await storeEdition(tx, workId, book.edition, book.work.description, authorIds);
  return workId;
}
