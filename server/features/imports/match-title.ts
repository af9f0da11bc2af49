// Title and first author against the works a reader may match (verified, or their own): the title folded
// (matchKey), the author folded first the same way and then, as a last step, across transliterations
// ("Dostoyevsky" / "Dostoevsky"), which only counts together with the same title. Records carry their title
// without a Goodreads series suffix already (shared/domain/library-import/series.ts).
import { transliterationKey } from '@shared/domain/library-import/name-fold';
import type { LibraryRecord } from '@shared/domain/library-import/record';
import { matchKey } from '@shared/domain/library-import/values';
import type { Queryable } from '../../db/db';
import { WORK_VISIBLE_TO_SQL } from '../catalogue/visibility';

export interface TitleHit {
  id: string;
  edition_id: string;
  /** A catalogue work (not the reader's own unverified one). */
  verified: boolean;
  /** Matched only through the folded transliteration of the author's name. */
  transliterated: boolean;
}

const exactKey = (title: string, author: string) => `${matchKey(title)}|${matchKey(author)}`;
const foldedKey = (title: string, author: string) => `${matchKey(title)}|${transliterationKey(author)}`;

/** Looks the records' titles up once; answers each record's work, or undefined. */
export async function titleMatcher(
  tx: Queryable,
  userId: string,
  records: readonly LibraryRecord[],
): Promise<(r: LibraryRecord) => TitleHit | undefined> {
  const titles = [...new Set(records.map((r) => r.title.toLowerCase()))];
  const works = await tx.query<{
    id: string;
    title: string;
    author_names: string;
    edition_id: string | null;
    verified: boolean;
  }>(
    `select w.id, w.title, w.author_names, w.verified,
            coalesce(w.primary_edition_id,
                     (select e.id from public.editions e where e.work_id = w.id order by e.created_at limit 1))
              as edition_id
     from public.works w where lower(w.title) = any($1::text[]) and ${WORK_VISIBLE_TO_SQL('w', '$2')}
     order by w.verified desc, w.created_at`,
    [titles, userId],
  );
  // Verified works first (the order above), so a reader's own copy never wins over the catalogue's.
  const exact = new Map<string, TitleHit>();
  const folded = new Map<string, TitleHit>();
  for (const w of works) {
    if (!w.edition_id) continue;
    for (const author of w.author_names.split(', ')) {
      const hit = { id: w.id, edition_id: w.edition_id, verified: w.verified };
      const e = exactKey(w.title, author);
      const f = foldedKey(w.title, author);
      if (!exact.has(e)) exact.set(e, { ...hit, transliterated: false });
      if (!folded.has(f)) folded.set(f, { ...hit, transliterated: true });
    }
  }
  return (r) => {
    const author = r.authors[0];
    if (author === undefined) return undefined;
    return exact.get(exactKey(r.title, author)) ?? folded.get(foldedKey(r.title, author));
  };
}
