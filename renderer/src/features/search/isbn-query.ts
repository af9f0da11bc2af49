// Which searches take the ISBN path (SPEC.md §5 "ISBN cleaning"). The server sends a query down that path
// only when it is written with ISBN characters alone, so "Harry Potter 0747532699" stays a title search;
// asking check-isbn about such a query would announce an import that never happens.
import { cleanIsbn, isIsbnShaped } from '@shared/domain/isbn';

const ISBN_CHARACTERS = /^[\d\s-]+[\dXx]?$/;

export function isIsbnQuery(text: string): boolean {
  const trimmed = text.trim();
  return ISBN_CHARACTERS.test(trimmed) && isIsbnShaped(cleanIsbn(trimmed));
}
