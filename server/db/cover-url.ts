import { coverSource, sourcePath } from '../covers/cover-source';

/**
 * An edition's cover URL as clients see it: always on our own origin (publicUrl), never Open Library's, so
 * readers' browsers tell no one what they look at and covers keep working offline once cached
 * (server/covers). The resolver behind it serves the cached image in any of the sizes of shared/covers.ts
 * (`?size=`). Null when the edition has nothing a cover could be found by, so clients show the placeholder
 * without a request.
 */
export function coverUrl(stored: string | null, isbn: string | null, publicUrl: string): string | null {
  const source = coverSource(stored, isbn);
  return source ? `${publicUrl}${sourcePath(source)}` : null;
}
