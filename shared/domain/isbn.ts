// ISBN rules of SPEC.md §5: keep digits and X, accept 13 digits or 9 digits plus a digit/X, and convert
// between ISBN-10 and ISBN-13 (978 prefix only; 979 ISBN-13s have no ISBN-10).

export function cleanIsbn(raw: string): string {
  return raw.toUpperCase().replace(/[^0-9X]/g, '');
}

/** The shape test of SPEC.md §5 (no check digit involved). */
export function isIsbnShaped(cleaned: string): boolean {
  return /^\d{13}$/.test(cleaned) || /^\d{9}[\dX]$/.test(cleaned);
}

function isbn13CheckDigit(first12: string): string {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return String((10 - (sum % 10)) % 10);
}

function isbn10CheckDigit(first9: string): string {
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += Number(first9[i]) * (10 - i);
  const check = (11 - (sum % 11)) % 11;
  return check === 10 ? 'X' : String(check);
}

export function hasValidCheckDigit(cleaned: string): boolean {
  if (/^\d{13}$/.test(cleaned)) return isbn13CheckDigit(cleaned.slice(0, 12)) === cleaned[12];
  if (/^\d{9}[\dX]$/.test(cleaned)) return isbn10CheckDigit(cleaned.slice(0, 9)) === cleaned[9];
  return false;
}

export function isbn10To13(isbn10: string): string {
  const first12 = `978${isbn10.slice(0, 9)}`;
  return first12 + isbn13CheckDigit(first12);
}

export function isbn13To10(isbn13: string): string | null {
  if (!isbn13.startsWith('978')) return null;
  const first9 = isbn13.slice(3, 12);
  return first9 + isbn10CheckDigit(first9);
}

export interface IsbnPair {
  isbn10: string | null;
  isbn13: string | null;
}

/** Both forms of whatever ISBN an edition carries; null where the spec shows N/A. */
export function isbnPair(raw: string | null | undefined): IsbnPair {
  const cleaned = cleanIsbn(raw ?? '');
  if (/^\d{13}$/.test(cleaned)) return { isbn13: cleaned, isbn10: isbn13To10(cleaned) };
  if (/^\d{9}[\dX]$/.test(cleaned)) return { isbn10: cleaned, isbn13: isbn10To13(cleaned) };
  return { isbn10: null, isbn13: null };
}

const ISBN_CHARACTERS = /^[\d\s-]+[\dXx]?$/;

/**
 * Whether a search takes the ISBN path (SPEC.md §5 "ISBN cleaning"): only a query written with ISBN
 * characters alone, so "Harry Potter 0747532699" and "1984" stay title searches. The server decides with
 * this, and the renderer asks check-isbn only when it holds, so it never announces an import that the
 * search will not make.
 */
export function isIsbnQuery(text: string): boolean {
  const trimmed = text.trim();
  return ISBN_CHARACTERS.test(trimmed) && isIsbnShaped(cleanIsbn(trimmed));
}

/** The canonical ISBN-13 for a query, or null when the query is not a valid ISBN. */
export function normalizeIsbn(raw: string): string | null {
  const cleaned = cleanIsbn(raw);
  if (!isIsbnShaped(cleaned) || !hasValidCheckDigit(cleaned)) return null;
  return cleaned.length === 13 ? cleaned : isbn10To13(cleaned);
}
