// Imports a work a reader picked from Open Library's results (issue 26): the work, the edition chosen for it,
// its authors, cover, first publish date and genres. A work we already hold (by work key, by the edition's
// ISBN, or by title and first author) is answered instead, and works.ol_key, authors.ol_key and
// editions.ol_key are unique, so readers picking the same result, even at the same moment and on different
// server processes, share one work.
import type { Db, Queryable } from '../../db/db';
import type { ImportedAuthor, PickedWork } from '../../metadata/openlibrary';
import { findAuthors, findOrCreateAuthors, rememberSource } from './author-match';
import { matchToOpenLibrary } from './open-library-match';
import { titleAuthorKey } from './remote-works';
import { addGenres, creditWorkAuthors, fillSeries, heldWorkByTitle, storeEdition } from './store-helpers';
import type { EditionToStore } from './store-helpers';

const toMatch = (a: ImportedAuthor) => ({ name: a.name, olKey: a.olKey, alternateNames: a.alternateNames });

async function heldWork(
  tx: Queryable,
  keys: string[],
  picked: PickedWork,
  firstAuthorId: string | null,
): Promise<string | null> {
  const byKey = await tx.query<{ id: string }>('select id from public.works where ol_key = any($1::text[])', [
    keys,
  ]);
  if (byKey[0]) return byKey[0].id;
  const isbn = picked.edition?.isbn13;
  if (isbn) {
    const byIsbn = await tx.query<{ work_id: string }>(
      'select work_id from public.editions where isbn = $1',
      [isbn],
    );
    if (byIsbn[0]) return byIsbn[0].work_id;
  }
  // The author we hold for Open Library's first author, however either spells the name (author-match.ts).
  const byAuthor = await heldWorkByTitle(tx, picked.work.title, firstAuthorId);
  if (byAuthor) return byAuthor;
  const wanted = titleAuthorKey(picked.work.title, picked.authors[0]?.name ?? '');
  const sameTitle = await tx.query<{ id: string; title: string; author_names: string }>(
    'select id, title, author_names from public.works where lower(title) = $1',
    [picked.work.title.toLowerCase()],
  );
  const match = sameTitle.find(
    (w) => titleAuthorKey(w.title, w.author_names.split(', ')[0] ?? '') === wanted,
  );
  return match?.id ?? null;
}

/** Answers the id of the work: the one we held, or the one just stored. */
export function storePickedWork(db: Db, requestedKey: string, picked: PickedWork): Promise<string> {
  return db.transaction(async (tx) => {
    const heldAuthors = await findAuthors(tx, picked.authors.map(toMatch));
    const held = await heldWork(
      tx,
      [...new Set([requestedKey, picked.work.olKey])],
      picked,
      heldAuthors[0] ?? null,
    );
    if (held) {
      // A reader's unverified copy of this very book is now known to Open Library: it is the catalogue's.
      await matchToOpenLibrary(tx, held, picked.work.olKey, picked.work.title);
      await fillSeries(tx, held, picked.edition?.series ?? null);
      for (const [i, id] of heldAuthors.entries()) {
        const author = picked.authors[i];
        if (id && author) await rememberSource(tx, id, toMatch(author));
      }
      return held;
    }
    const { work, authors, edition } = picked;
    // "do update" (a no-op) makes a racing insert answer the row the other transaction committed.
    // xmax is 0 only on a row this statement inserted: a racing pick that lost stops here with the winner's.
    const [row] = await tx.query<{ id: string; created: boolean }>(
      `insert into public.works (title, date, date_string, checked_full_metadata, ol_key)
       values ($1, $2, $3, true, $4)
       on conflict (ol_key) do update set ol_key = excluded.ol_key returning id, (xmax = 0) as created`,
      [work.title, work.firstPublished, work.dateString, work.olKey],
    );
    const { id: workId, created } = row as { id: string; created: boolean };
    if (!created) return workId;
    const { ids: authorIds } = await findOrCreateAuthors(tx, authors.map(toMatch));
    await creditWorkAuthors(tx, workId, [...new Set(authorIds)]);
    await addGenres(tx, workId, work.genres);
    await fillSeries(tx, workId, edition?.series ?? null);
    // A work Open Library lists without editions still gets one, so it can be shelved and read.
    const e: EditionToStore = edition ?? {
      olKey: null,
      isbn13: '',
      title: work.title,
      publisher: null,
      date: work.firstPublished,
      dateString: work.dateString,
      pageCount: null,
      format: null,
      description: null,
      coverUrl: null,
      series: null,
    };
    await storeEdition(tx, workId, e, work.description, [...new Set(authorIds)]);
    return workId;
  });
}
