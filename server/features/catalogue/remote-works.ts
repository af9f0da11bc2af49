// Open Library's results that our catalogue does not hold yet (issue 26): a result is ours when one of our
// works has its work key, else when one of our editions has one of its ISBNs, else when one of our works has
// the same title (subtitle aside) and first author, folded. Only what remains is offered "From Open Library".
import type { Queryable } from '../../db/db';
import { VERIFIED_WORK_SQL } from './visibility';
import { coverUrl } from '../../db/cover-url';
import type { RemoteWork } from '../../metadata/openlibrary-search';

export interface RemoteHit {
  ol_key: string;
  title: string;
  author_names: string;
  first_publish_year: number | null;
  cover_url: string | null;
  edition_count: number | null;
}

/** Lower case, accents and punctuation gone, spaces collapsed. */
export const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** A title without its subtitle ("Project Hail Mary: A Novel" is "Project Hail Mary"). */
export const mainTitle = (title: string) => title.split(/[:;]/, 1)[0] ?? title;

export const titleAuthorKey = (title: string, firstAuthor: string) =>
  `${fold(mainTitle(title))}\u0000${fold(firstAuthor)}`;

/**
 * Open Library's results that search does not already show: our verified works are held; a reader's
 * unverified copy is not (search hides it), so Open Library's record stays pickable, and the pick verifies it.
 */
export async function unheldWorks(db: Queryable, remote: RemoteWork[]): Promise<RemoteWork[]> {
  if (remote.length === 0) return [];
  const keys = remote.map((r) => r.olKey);
  const isbns = [...new Set(remote.flatMap((r) => r.isbn13s))];
  // Both the full and the main title, lower-cased, so the lower(title) index finds either form of ours.
  const titles = [
    ...new Set(remote.flatMap((r) => [r.title, mainTitle(r.title).trim()]).map((t) => t.toLowerCase())),
  ];
  const byKey = await db.query<{ ol_key: string }>(
    'select ol_key from public.works where ol_key = any($1::text[])',
    [keys],
  );
  const byIsbn = await db.query<{ isbn: string }>(
    `select e.isbn from public.editions e join public.works w on w.id = e.work_id
     where e.isbn = any($1::text[]) and ${VERIFIED_WORK_SQL('w')}`,
    [isbns],
  );
  const byTitle = await db.query<{ title: string; author_names: string }>(
    `select w.title, w.author_names from public.works w
     where lower(w.title) = any($1::text[]) and ${VERIFIED_WORK_SQL('w')}`,
    [titles],
  );
  const heldKeys = new Set(byKey.map((r) => r.ol_key));
  const heldIsbns = new Set(byIsbn.map((r) => r.isbn));
  const heldTitles = new Set(
    byTitle.map((w) => titleAuthorKey(w.title, w.author_names.split(', ')[0] ?? '')),
  );
  const seen = new Set<string>();
  return remote.filter((r) => {
    if (seen.has(r.olKey)) return false;
    seen.add(r.olKey);
    if (heldKeys.has(r.olKey) || r.isbn13s.some((isbn) => heldIsbns.has(isbn))) return false;
    return !heldTitles.has(titleAuthorKey(r.title, r.authorNames[0] ?? ''));
  });
}

export const toRemoteHit = (r: RemoteWork, publicUrl: string): RemoteHit => ({
  ol_key: r.olKey,
  title: r.title,
  author_names: r.authorNames.join(', '),
  first_publish_year: r.firstPublishYear,
  // Served from our own origin like every cover (server/covers), fetched from Open Library once.
  cover_url: r.coverId
    ? coverUrl(`https://covers.openlibrary.org/b/id/${r.coverId}-L.jpg`, null, publicUrl)
    : null,
  edition_count: r.editionCount,
});
