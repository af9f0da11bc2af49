// Where an edition's cover may come from: Open Library's cover id (the importer stores the cover URL of the
// edition record), else its ISBN. Nothing else is ever fetched: a stored URL on any other host is ignored,
// so no value in the catalogue can make the server request an address of its choosing.

export type CoverSource = { kind: 'olid'; id: string } | { kind: 'isbn'; isbn: string };

/** The pattern of the cover URL openlibrary.ts stores; the SQL index in 0070_cover_cache.sql matches it. */
const OL_COVER_URL = /^https:\/\/covers\.openlibrary\.org\/b\/id\/([0-9]{1,12})-[SML]\.jpg$/;
export const OL_COVER_ID_SQL = `substring(cover_url from '^https://covers\\.openlibrary\\.org/b/id/([0-9]{1,12})-[SML]\\.jpg$')`;

const ISBN13 = /^[0-9]{13}$/;
const OLID = /^[1-9][0-9]{0,11}$/;

export function coverSource(stored: string | null, isbn: string | null): CoverSource | null {
  const id = stored ? OL_COVER_URL.exec(stored)?.[1] : undefined;
  if (id && OLID.test(id)) return { kind: 'olid', id };
  if (isbn && ISBN13.test(isbn)) return { kind: 'isbn', isbn };
  return null;
}

/** The cache key of a source, as stored in cover_cache.source. */
export const sourceKey = (source: CoverSource): string =>
  source.kind === 'olid' ? `olid:${source.id}` : `isbn:${source.isbn}`;

/** The path segment of our resolver URL for a source: /covers/<kind>/<value>. */
export const sourcePath = (source: CoverSource): string =>
  source.kind === 'olid' ? `/covers/olid/${source.id}` : `/covers/isbn/${source.isbn}`;

/** Parses the resolver's path parameters back into a source; null for anything malformed. */
export function parseSource(kind: string, value: string): CoverSource | null {
  if (kind === 'olid' && OLID.test(value)) return { kind, id: value };
  if (kind === 'isbn' && ISBN13.test(value)) return { kind, isbn: value };
  return null;
}

/**
 * The upstream URL for a source on COVERS_URL. Large ('L') is the only size big enough for the header at 2x;
 * `default=false` makes a missing cover a 404 instead of a blank 1×1 image.
 */
export function upstreamUrl(coversUrl: string, source: CoverSource): string {
  const path = source.kind === 'olid' ? `id/${source.id}` : `isbn/${source.isbn}`;
  return `${coversUrl}/b/${path}-L.jpg?default=false`;
}
