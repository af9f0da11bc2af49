// Open Library's list answers (issue 26): /search.json, /authors/{key}/works.json and
// /works/{key}/editions.json, read as leniently as the single records (openlibrary-records.ts), and the
// fixed URLs we ask them at. Whatever a caller sent reaches Open Library only as a URLSearchParams value on
// one of these fixed paths, or as a key that matched its pattern.
import { z } from 'zod';
import { cleanIsbn, isbn10To13 } from '@shared/domain/isbn';
import { editionRecord, workRecord } from './openlibrary-records';

export const KEY_PATTERNS = {
  books: /^\/books\/OL\d+M$/,
  works: /^\/works\/OL\d+W$/,
  authors: /^\/authors\/OL\d+A$/,
} as const;

/** The fields a search result needs (Open Library answers every field of a doc without `fields`). */
export const SEARCH_FIELDS = [
  'key',
  'title',
  'author_name',
  'author_key',
  'first_publish_year',
  'isbn',
  'cover_i',
  'edition_count',
  'subject',
  'number_of_pages_median',
].join(',');

export const SEARCH_LIMIT = 20;
/** An author's works listed at most; prolific authors have hundreds, mostly translations and omnibuses. */
export const AUTHOR_WORKS_LIMIT = 50;
/** Editions looked at to choose the one a picked work is imported with. */
export const EDITIONS_LIMIT = 50;
/** ISBNs of one search result compared with ours; popular works list thousands. */
const ISBNS_PER_RESULT = 100;

export function searchPath(query: string): string {
  const params = new URLSearchParams({ q: query, fields: SEARCH_FIELDS, limit: String(SEARCH_LIMIT) });
  return `/search.json?${params.toString()}`;
}

/** Only a key that matched its pattern gets here, so the path is always one of Open Library's. */
export const authorWorksPath = (authorKey: string) =>
  `/authors/${authorKey.slice('/authors/'.length)}/works.json?${new URLSearchParams({ limit: String(AUTHOR_WORKS_LIMIT) }).toString()}`;
export const workEditionsPath = (workKey: string) =>
  `/works/${workKey.slice('/works/'.length)}/editions.json?${new URLSearchParams({ limit: String(EDITIONS_LIMIT) }).toString()}`;

/** A book Open Library knows, as a search result shows it before anyone picks it. */
export interface RemoteWork {
  olKey: string;
  title: string;
  authorNames: string[];
  authorKeys: string[];
  firstPublishYear: number | null;
  isbn13s: string[];
  coverId: number | null;
  editionCount: number | null;
  subjects: string[];
  medianPages: number | null;
}

const str = z.string().trim().min(1).nullable().catch(null);
const strs = z
  .array(z.unknown())
  .catch([])
  .transform((items) => items.filter((i): i is string => typeof i === 'string' && i.trim() !== ''));
const count = z.number().int().positive().nullable().catch(null);
const year = z.number().int().min(1).max(9999).nullable().catch(null);

const searchDoc = z.object({
  key: str,
  title: str,
  author_name: strs,
  author_key: strs,
  first_publish_year: year,
  isbn: strs,
  cover_i: count,
  edition_count: count,
  subject: strs,
  number_of_pages_median: count,
});

const searchAnswer = z.object({ docs: z.array(z.unknown()) });
const entriesAnswer = z.object({ entries: z.array(z.unknown()) });

export function toIsbn13(raw: string): string | null {
  const cleaned = cleanIsbn(raw);
  if (/^\d{13}$/.test(cleaned)) return cleaned;
  return /^\d{9}[\dX]$/.test(cleaned) ? isbn10To13(cleaned) : null;
}

/** The docs of a /search.json answer; null when it is not one. Docs without a work key or title are left out. */
export function readSearchAnswer(body: unknown): RemoteWork[] | null {
  const answer = searchAnswer.safeParse(body);
  if (!answer.success) return null;
  return answer.data.docs.flatMap((raw) => {
    const doc = searchDoc.safeParse(raw);
    if (!doc.success) return [];
    const d = doc.data;
    if (!d.key || !KEY_PATTERNS.works.test(d.key) || !d.title) return [];
    const isbn13s = [...new Set(d.isbn.map(toIsbn13).filter((i): i is string => i !== null))];
    return [
      {
        olKey: d.key,
        title: d.title,
        authorNames: d.author_name,
        authorKeys: d.author_key.map((k) => (k.startsWith('/') ? k : `/authors/${k}`)),
        firstPublishYear: d.first_publish_year,
        isbn13s: isbn13s.slice(0, ISBNS_PER_RESULT),
        coverId: d.cover_i,
        editionCount: d.edition_count,
        subjects: d.subject,
        medianPages: d.number_of_pages_median,
      },
    ];
  });
}

const coverIds = z
  .array(z.unknown())
  .catch([])
  .transform((ids) => ids.find((i): i is number => typeof i === 'number' && Number.isInteger(i) && i > 0));

/**
 * The works of an author's works.json as search results. It lists no author names or years (first_publish_date
 * is set on few works), so the caller fills in the author; a year is read where the work has one.
 */
export function readAuthorWorks(body: unknown, authorKey: string, authorName: string): RemoteWork[] | null {
  const answer = entriesAnswer.safeParse(body);
  if (!answer.success) return null;
  return answer.data.entries.flatMap((raw) => {
    const work = workRecord.safeParse(raw);
    if (!work.success) return [];
    const { key, title, first_publish_date: date, subjects } = work.data;
    if (!key || !KEY_PATTERNS.works.test(key) || !title) return [];
    const found = date ? /\b(\d{4})\b/.exec(date) : null;
    const covers = z.object({ covers: coverIds }).safeParse(raw);
    return [
      {
        olKey: key,
        title,
        authorNames: [authorName],
        authorKeys: [authorKey],
        firstPublishYear: found ? Number(found[1]) : null,
        isbn13s: [],
        coverId: covers.success ? (covers.data.covers ?? null) : null,
        editionCount: null,
        subjects,
        medianPages: null,
      },
    ];
  });
}

/** The edition records of an editions.json answer; null when it is not one. */
export function readEditions(body: unknown): z.output<typeof editionRecord>[] | null {
  const answer = entriesAnswer.safeParse(body);
  if (!answer.success) return null;
  return answer.data.entries.flatMap((raw) => {
    const edition = editionRecord.safeParse(raw);
    return edition.success && edition.data.key && edition.data.title ? [edition.data] : [];
  });
}

/**
 * The edition a picked work comes in with: one a reader can find again by ISBN, with a page count (progress
 * is logged by page) and a cover, in that order of weight; Open Library's own order breaks ties.
 */
export function chooseEdition<E extends z.output<typeof editionRecord>>(editions: E[]): E | null {
  let best: E | null = null;
  let bestScore = -1;
  for (const e of editions) {
    const hasIsbn = [...e.isbn_13, ...e.isbn_10].some((i) => toIsbn13(i) !== null);
    const score = (hasIsbn ? 4 : 0) + (e.number_of_pages ? 2 : 0) + (e.covers !== undefined ? 1 : 0);
    if (score > bestScore) [best, bestScore] = [e, score];
  }
  return best;
}
