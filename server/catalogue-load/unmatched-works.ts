// The works we hold without an Open Library key (the demo catalogue, readers' books), by folded main title,
// so each dump work can be checked against them without a query: only a work whose title matches one of
// them costs a look-up of its first author's name. The same title-and-first-author rule as Open Library's
// search results use (remote-works.ts).
import type { Queryable } from '../db/db';
import type { DumpWork } from '../metadata/openlibrary-dump';
import { fold, titleAuthorKey } from '../features/catalogue/remote-works';

export interface UnmatchedWorks {
  /** The dump works that are works we hold, each with our id; those works are then no longer unmatched. */
  matchByTitleAndAuthor(tx: Queryable, works: DumpWork[]): Promise<{ id: string; key: string }[]>;
}

const mainTitleKey = (title: string) => fold(title.split(/[:;]/, 1)[0] ?? title);

export async function loadUnmatchedWorks(db: Queryable): Promise<UnmatchedWorks> {
  const rows = await db.query<{ id: string; title: string; author_names: string }>(
    'select id, title, author_names from public.works where ol_key is null',
  );
  const byTitle = new Map<string, { id: string; key: string }[]>();
  for (const row of rows) {
    const key = titleAuthorKey(row.title, row.author_names.split(', ')[0] ?? '');
    const title = mainTitleKey(row.title);
    byTitle.set(title, [...(byTitle.get(title) ?? []), { id: row.id, key }]);
  }
  return {
    async matchByTitleAndAuthor(tx, works) {
      const candidates = works.filter((w) => w.authorKeys[0] && byTitle.has(mainTitleKey(w.title)));
      if (candidates.length === 0) return [];
      const names = await tx.query<{ ol_key: string; name: string }>(
        'select ol_key, name from public.authors where ol_key = any($1::text[])',
        [candidates.map((w) => w.authorKeys[0])],
      );
      const nameOf = new Map(names.map((n) => [n.ol_key, n.name]));
      const matches: { id: string; key: string }[] = [];
      for (const work of candidates) {
        const author = nameOf.get(work.authorKeys[0] as string);
        const held = byTitle.get(mainTitleKey(work.title));
        const wanted = author === undefined ? null : titleAuthorKey(work.title, author);
        const hit = held?.find((h) => h.key === wanted);
        if (!hit || !held) continue;
        matches.push({ id: hit.id, key: work.olKey });
        held.splice(held.indexOf(hit), 1);
      }
      return matches;
    },
  };
}
