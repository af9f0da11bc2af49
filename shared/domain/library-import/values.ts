// Reading the cells of export files: spreadsheet-quoted ISBNs, several date spellings, ratings, HTML
// reviews. Pure and shared, so the /import preview reads a cell exactly as the server will.
import { cleanIsbn, hasValidCheckDigit, isbn10To13, isbn13To10 } from '../isbn';

/** Goodreads writes ISBNs as ="0141439513" (so spreadsheets keep the zeros); empty as ="". */
export function unwrapSpreadsheetText(cell: string | undefined): string {
  const value = (cell ?? '').trim();
  const quoted = /^="(.*)"$/.exec(value);
  return (quoted ? (quoted[1] ?? '') : value).trim();
}

/** Both ISBN forms of a cell, or nulls when it holds no valid ISBN (check digit included). */
export function readIsbn(cell: string | undefined): { isbn13: string | null; isbn10: string | null } {
  const cleaned = cleanIsbn(unwrapSpreadsheetText(cell));
  if (!hasValidCheckDigit(cleaned)) return { isbn13: null, isbn10: null };
  if (cleaned.length === 13) return { isbn13: cleaned, isbn10: isbn13To10(cleaned) };
  return { isbn10: cleaned, isbn13: isbn10To13(cleaned) };
}

/**
 * A calendar date as YYYY-MM-DD, from YYYY/MM/DD, YYYY-MM-DD, YYYY/MM or YYYY (missing parts are the
 * first month or day); null for anything else or an impossible date.
 */
export function readDate(cell: string | undefined): string | null {
  const value = (cell ?? '').trim();
  const m = /^(\d{4})(?:[/-](\d{1,2})(?:[/-](\d{1,2}))?)?$/.exec(value);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2] ?? 1), Number(m[3] ?? 1)];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return null;
  if (year < 1900) return null;
  return date.toISOString().slice(0, 10);
}

/** Noon UTC of a YYYY-MM-DD date: the same calendar day in every time zone from UTC-11 to UTC+11. */
export const noonOf = (day: string) => `${day}T12:00:00.000Z`;

/** A star rating rounded to SPEC.md's quarter steps; null for unrated (empty, 0, not a number). */
export function readRating(cell: string | undefined): number | null {
  const value = Number((cell ?? '').trim().replace(',', '.'));
  if (!Number.isFinite(value) || value <= 0) return null;
  const rounded = Math.round(value * 4) / 4;
  return Math.min(5, Math.max(0.25, rounded));
}

export function readWholeNumber(cell: string | undefined): number | null {
  const value = unwrapSpreadsheetText(cell);
  if (!/^\d+$/.test(value)) return null;
  return Number(value);
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/**
 * Review HTML as plain paragraphs: <br> is a line break, two of them or a </p> a paragraph break, other
 * tags go, entities are decoded, and runs of blank lines collapse to one.
 */
export function htmlToText(html: string): string {
  return html
    .replace(/\r\n?/g, '\n')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|blockquote|li|h[1-6])\s*>/gi, '\n\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] === '#') {
        const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
        return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : whole;
      }
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Plain text back to the HTML Goodreads writes in My Review. */
export function textToHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\n/g, '<br/>');
}

/** Title and author folded for matching: accents, case, punctuation and spacing do not count. */
export function matchKey(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** A comma list, trimmed, blanks dropped. */
export const commaList = (cell: string | undefined): string[] =>
  (cell ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');

/** Text that PostgreSQL and our contracts accept: C0 controls (tab and newlines aside) and lone surrogates dropped. */
export function fitText(value: string): string {
  let out = '';
  for (let i = 0; i < value.length; i += 1) {
    const code = value.charCodeAt(i);
    if (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) continue;
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = value.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) out += value.slice(i, i + 2);
      i += next >= 0xdc00 && next <= 0xdfff ? 1 : 0;
      continue;
    }
    if (code >= 0xdc00 && code <= 0xdfff) continue;
    out += value[i];
  }
  return out;
}

/** At most `max` characters as the database counts them (code points), never cutting a surrogate pair. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  return [...text].slice(0, max).join('');
}
