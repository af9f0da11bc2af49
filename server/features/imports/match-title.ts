// Title and first author against the works a reader may match (verified, or their own): the title folded
// (matchKey), the author folded first the same way and then, as a last step, across transliterations
// ("Dostoyevsky" / "Dostoevsky"), which only counts together with the same title. Records carry their title
// without a Goodreads series suffix already (shared/domain/library-import/series.ts).
import { surnameKey, transliterationKey } from '@shared/domain/library-import/name-fold';
import type { LibraryRecord } from '@shared/domain/library-import/record';
import { matchKey } from '@shared/domain/library-import/values';
import type { Queryable } from '../../db/db';
import { findAuthors } from '../catalogue/author-match';
import { WORK_VISIBLE_TO_SQL } from '../catalogue/visibility';

export interface TitleHit {
  id: string;
  edition_id: string;
  /** A catalogue work (not the reader's own unverified one). */
  verified: boolean;
  /** Matched only through another spelling of the author's name (an alternate name, or the fold). */
  transliterated: boolean;
}

/** A title without its subtitle ("Walden: Or, Life in the Woods" is "Walden"). */
const mainTitle = (title: string) => (title.split(/[:;]/, 1)[0] ?? title).trim() || title;

const exactKey = (title: string, author: string) => `${matchKey(title)}|${matchKey(author)}`;
const foldedKey = (title: string, author: string) => `${matchKey(title)}|${transliterationKey(author)}`;
const surnameTitleKey = (title: string, author: string) => `${matchKey(title)}|${surnameKey(author)}`;

/** Looks the records' titles up once; answers each record's work, or undefined. */
export async function titleMatcher(
  tx: Queryable,
  userId: string,
  records: readonly LibraryRecord[],
): Promise<(r: LibraryRecord) => TitleHit | undefined> {
  // The full title and the main one: "Walden: Or, Life in the Woods" is the Walden we hold.
  const titles = [
    ...new Set(records.flatMap((r) => [r.title, mainTitle(r.title)]).map((t) => t.toLowerCase())),
  ];
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
  // The author records those works credit, and the one each record's first author names (by name, by an
  // alternate name Open Library gave us, or folded: catalogue/author-match.ts), so "Fyodor Dostoyevsky"
  // finds the Dostoevsky we hold through his alternate names too.
  const credits = await tx.query<{ work_id: string; author_id: string }>(
    'select work_id, author_id from public.work_authors where work_id = any($1::uuid[])',
    [works.map((w) => w.id)],
  );
  const firstAuthors = [...new Set(records.flatMap((r) => r.authors.slice(0, 1)))];
  const authorIds = new Map(
    (firstAuthors.length > 0
      ? await findAuthors(
          tx,
          firstAuthors.map((name) => ({ name })),
        )
      : []
    ).map((id, i) => [firstAuthors[i] as string, id]),
  );
  // Verified works first (the order above), so a reader's own copy never wins over the catalogue's.
  const exact = new Map<string, TitleHit>();
  const byAuthor = new Map<string, TitleHit>();
  const folded = new Map<string, TitleHit>();
  const bySurname = new Map<string, TitleHit>();
  const titleOf = new Map(works.map((w) => [w.id, w.title]));
  const hits = new Map<string, TitleHit>();
  for (const w of works) {
    if (!w.edition_id) continue;
    const hit = { id: w.id, edition_id: w.edition_id, verified: w.verified, transliterated: false };
    hits.set(w.id, hit);
    for (const title of new Set([w.title, mainTitle(w.title)])) {
      for (const author of w.author_names.split(', ')) {
        const e = exactKey(title, author);
        const f = foldedKey(title, author);
        if (!exact.has(e)) exact.set(e, hit);
        if (!folded.has(f)) folded.set(f, { ...hit, transliterated: true });
        const n = surnameTitleKey(title, author);
        if (!bySurname.has(n)) bySurname.set(n, { ...hit, transliterated: true });
      }
    }
  }
  for (const c of credits) {
    const hit = hits.get(c.work_id);
    const title = titleOf.get(c.work_id) ?? '';
    for (const t of new Set([title, mainTitle(title)])) {
      const key = `${matchKey(t)}|${c.author_id}`;
      // Reached only when the exact name failed: the record spells the author another way.
      if (hit && !byAuthor.has(key)) byAuthor.set(key, { ...hit, transliterated: true });
    }
  }
  const find = (title: string, author: string) => {
    const id = authorIds.get(author);
    return (
      exact.get(exactKey(title, author)) ??
      (id ? byAuthor.get(`${matchKey(title)}|${id}`) : undefined) ??
      folded.get(foldedKey(title, author)) ??
      // Last: the same title by the same surname and initial ("Aleksandr" / "Alexander Pushkin").
      bySurname.get(surnameTitleKey(title, author))
    );
  };
  return (r) => {
    const author = r.authors[0];
    if (author === undefined) return undefined;
    return find(r.title, author) ?? find(mainTitle(r.title), author);
  };
}
