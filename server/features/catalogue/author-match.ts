// Which author record a name means (issue 26): one person must stay one author however a source spells them.
// Every writer of authors goes through here (a pick from Open Library, a book by ISBN, a library import), in
// this order: the Open Library key; then the name or any alternate name, ours or the source's, case aside;
// then, as the last step, the same name folded across transliterations ("Dostoyevsky" / "Dostoevsky"). An
// author that Open Library knows under another key is never taken for this one, even with the same name.
import { transliterationKey } from '@shared/domain/library-import/name-fold';
import type { Queryable } from '../../db/db';

export interface AuthorToMatch {
  name: string;
  /** Open Library's key ("/authors/OL23919A"), when the source has one. */
  olKey?: string | null;
  /** Open Library's alternate_names: other spellings of the same person. */
  alternateNames?: readonly string[];
}

interface Held {
  id: string;
  name: string;
  ol_key: string | null;
  alternate_names: string[];
}

const spellings = (a: AuthorToMatch) => [...new Set([a.name, ...(a.alternateNames ?? [])])];
// An author we hold that Open Library knows under another key is another person of the same name.
const compatible = (held: Held, a: AuthorToMatch) => !a.olKey || !held.ol_key || held.ol_key === a.olKey;

/**
 * Answers, for each author in order, the id of the author record we hold for them, or null. Three
 * statements for any number of authors, each on an index (ol_key, lower(name) and lower_names(alternate
 * names), the trigram index of the name).
 */
export async function findAuthors(
  tx: Queryable,
  authors: readonly AuthorToMatch[],
): Promise<(string | null)[]> {
  const found: (string | null)[] = authors.map(() => null);
  const keys = [...new Set(authors.flatMap((a) => (a.olKey ? [a.olKey] : [])))];
  if (keys.length > 0) {
    const byKey = await tx.query<{ id: string; ol_key: string }>(
      'select id, ol_key from public.authors where ol_key = any($1::text[])',
      [keys],
    );
    const ids = new Map(byKey.map((a) => [a.ol_key, a.id]));
    authors.forEach((a, i) => (found[i] = (a.olKey && ids.get(a.olKey)) || null));
  }
  const open = () => authors.flatMap((a, i) => (found[i] === null ? [{ a, i }] : []));
  if (open().length === 0) return found;

  const lowered = [...new Set(open().flatMap(({ a }) => spellings(a).map((n) => n.toLowerCase())))];
  const byName = await tx.query<Held>(
    `select id, name, ol_key, alternate_names from public.authors
     where lower(name) = any($1::text[]) or public.lower_names(alternate_names) && $1::text[]
     order by created_at, id`,
    [lowered],
  );
  for (const { a, i } of open()) {
    const names = new Set(spellings(a).map((n) => n.toLowerCase()));
    const held = (h: Held) => compatible(h, a);
    // The author's own name first, then one of the alternate names.
    const hit =
      byName.find((h) => held(h) && names.has(h.name.toLowerCase())) ??
      byName.find((h) => held(h) && h.alternate_names.some((n) => names.has(n.toLowerCase())));
    if (hit) found[i] = hit.id;
  }
  if (open().length === 0) return found;

  // The last step: candidates alike in trigrams to any spelling (the authors' trigram index), compared by
  // their folded key, which only folds what transliteration systems disagree on.
  const alike = await tx.query<Held>(
    `select a.id, a.name, a.ol_key, a.alternate_names from public.authors a
     where public.f_unaccent(lower(a.name)) % any(select public.f_unaccent(lower(n)) from unnest($1::text[]) n)
     order by a.created_at, a.id`,
    [[...new Set(open().flatMap(({ a }) => spellings(a)))]],
  );
  for (const { a, i } of open()) {
    const folded = new Set(spellings(a).map(transliterationKey));
    const hit = alike.find(
      (h) =>
        compatible(h, a) && [h.name, ...h.alternate_names].some((n) => folded.has(transliterationKey(n))),
    );
    if (hit) found[i] = hit.id;
  }
  return found;
}

/**
 * The author record for each author in order: the one we hold (which, when the source is Open Library,
 * learns its key if it had none and the alternate names it lacked), or a new one. "on conflict" makes a racing insert of the
 * same Open Library author answer the committed row.
 */
export async function findOrCreateAuthors(
  tx: Queryable,
  authors: readonly AuthorToMatch[],
): Promise<{ ids: string[]; created: string[] }> {
  const found = await findAuthors(tx, authors);
  const ids: string[] = [];
  const created: string[] = [];
  // Two spellings of one new person in the same call make one author too.
  const madeHere = new Map<string, string>();
  for (const [i, a] of authors.entries()) {
    const heldId = found[i] ?? (a.olKey ? undefined : madeHere.get(transliterationKey(a.name)));
    if (heldId) {
      // Only Open Library's record teaches the catalogue a name: a reader's file never writes one.
      if (a.olKey) await rememberSource(tx, heldId, a);
      ids.push(heldId);
      continue;
    }
    const alternates = [...new Set(a.alternateNames ?? [])].filter((n) => n !== a.name);
    const [row] = await tx.query<{ id: string; created: boolean }>(
      `insert into public.authors (name, ol_key, alternate_names) values ($1, $2, $3)
       on conflict (ol_key) do update set ol_key = excluded.ol_key returning id, (xmax = 0) as created`,
      [a.name, a.olKey ?? null, alternates],
    );
    const { id, created: isNew } = row as { id: string; created: boolean };
    ids.push(id);
    madeHere.set(transliterationKey(a.name), id);
    if (isNew) created.push(id);
  }
  return { ids, created };
}

/**
 * The author we hold for a source's author learns what the source knows of them: the Open Library key if
 * it had none (and no other author holds it), and alternate names it lacked. Changes nothing otherwise.
 */
export async function rememberSource(tx: Queryable, authorId: string, a: AuthorToMatch): Promise<void> {
  const alternates = [...new Set([a.name, ...(a.alternateNames ?? [])])];
  await tx.query(
    `update public.authors set
       ol_key = case when ol_key is null and $2::text is not null
                      and not exists (select 1 from public.authors o where o.ol_key = $2) then $2
                     else ol_key end,
       alternate_names = array(select distinct n from unnest(alternate_names || $3::text[]) n
                               where n <> name order by n),
       updated_at = now()
     where id = $1
       and (($2::text is not null and ol_key is null)
            or exists (select 1 from unnest($3::text[]) n where n <> name and not (n = any(alternate_names))))`,
    [authorId, a.olKey ?? null, alternates],
  );
}
