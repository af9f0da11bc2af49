// One line of Open Library's data dumps (ol_dump_authors/works/editions_*.txt.gz): five tab-separated
// fields, type, key, revision, last modified, JSON record. JSON escapes tabs inside strings, so the fifth
// field is everything after the fourth tab. Records are read with the same zod shapes as the live API
// (openlibrary-records.ts) and converted the way the importer converts them, so a loaded book looks exactly
// like one a reader picked.
import { z } from 'zod';
import { mapPhysicalFormat, parsePagination, parsePublishDate } from './normalise';
import { mapSubjectsToGenres } from './genre-map';
import { authorRecord, editionRecord, jsonObject, workRecord } from './openlibrary-records';
import { olCoverUrl } from './openlibrary-convert';
import { toIsbn13 } from './openlibrary-search';

export interface DumpLine {
  type: string;
  key: string;
  revision: number;
  lastModified: string;
  record: Record<string, unknown>;
}

export class DumpLineError extends Error {}

export function parseDumpLine(line: string): DumpLine {
  const fields: string[] = [];
  let from = 0;
  for (let i = 0; i < 4; i += 1) {
    const tab = line.indexOf('\t', from);
    if (tab === -1) throw new DumpLineError('a dump line has five tab-separated fields');
    fields.push(line.slice(from, tab));
    from = tab + 1;
  }
  const [type = '', key = '', revisionText = '', lastModified = ''] = fields;
  const revision = Number(revisionText);
  if (!type.startsWith('/type/')) throw new DumpLineError(`unknown record type "${type.slice(0, 40)}"`);
  if (!key.startsWith('/')) throw new DumpLineError(`bad record key "${key.slice(0, 40)}"`);
  if (!/^\d{1,9}$/.test(revisionText)) throw new DumpLineError(`bad revision "${revisionText.slice(0, 20)}"`);
  let json: unknown;
  try {
    json = JSON.parse(line.slice(from));
  } catch {
    throw new DumpLineError(`record ${key} is not valid JSON`);
  }
  const record = jsonObject.safeParse(json);
  if (!record.success) throw new DumpLineError(`record ${key} is not a JSON object`);
  return { type, key, revision, lastModified, record: record.data };
}

/** Text cut to what the catalogue's column holds (Open Library has titles of thousands of characters). */
const cut = (text: string | null, max: number) => (text === null ? null : text.slice(0, max));

export interface DumpAuthor {
  olKey: string;
  revision: number;
  name: string;
  /** Other spellings Open Library lists ("Fyodor Dostoevsky" for "Fyodor Dostoyevsky"), for matching. */
  alternateNames: string[];
}

export interface DumpWork {
  olKey: string;
  revision: number;
  title: string;
  date: string | null;
  dateString: string | null;
  authorKeys: string[];
  genres: string[];
}

export interface DumpEdition {
  olKey: string;
  revision: number;
  workKey: string;
  title: string;
  isbn13: string | null;
  publisher: string | null;
  date: string | null;
  dateString: string | null;
  description: string | null;
  pageCount: number | null;
  format: string | null;
  coverUrl: string | null;
  authorKeys: string[];
}

// Each reader answers null for a record the catalogue cannot hold (a redirect or deletion stub, a record of
// another type, one without a name or title, an edition of no work).

export function readAuthor(line: DumpLine): DumpAuthor | null {
  if (line.type !== '/type/author') return null;
  const r: z.output<typeof authorRecord> = authorRecord.parse(line.record);
  const name = cut(r.name ?? r.personal_name, 300);
  return name
    ? { olKey: line.key, revision: line.revision, name, alternateNames: alternateNames(line.record, name) }
    : null;
}

/** At most this many alternate names are kept: a few records list hundreds of garbled variants. */
const MAX_ALTERNATE_NAMES = 50;
const alternateNamesField = z.array(z.unknown()).catch([]);

/** The record's alternate_names: distinct, trimmed, cut like the name, without the name itself. */
function alternateNames(record: Record<string, unknown>, name: string): string[] {
  const found = new Set<string>();
  for (const item of alternateNamesField.parse(record.alternate_names ?? [])) {
    if (typeof item !== 'string') continue;
    const text = item.trim().slice(0, 300);
    if (text && text !== name) found.add(text);
    if (found.size === MAX_ALTERNATE_NAMES) break;
  }
  return [...found];
}

export function readWork(line: DumpLine): DumpWork | null {
  if (line.type !== '/type/work') return null;
  const r = workRecord.parse(line.record);
  const title = cut(r.title, 500);
  if (!title) return null;
  const dateString = cut(r.first_publish_date, 100);
  return {
    olKey: line.key,
    revision: line.revision,
    title,
    date: dateString && parsePublishDate(dateString),
    dateString,
    authorKeys: [...new Set(r.authors)],
    genres: mapSubjectsToGenres(r.subjects),
  };
}

export function readEdition(line: DumpLine): DumpEdition | null {
  if (line.type !== '/type/edition') return null;
  const r = editionRecord.parse(line.record);
  const workKey = r.works[0];
  if (!r.title || !workKey) return null;
  const isbn13 =
    [...r.isbn_13, ...r.isbn_10].map(toIsbn13).find((isbn): isbn is string => isbn !== null) ?? null;
  const dateString = cut(r.publish_date, 100);
  return {
    olKey: line.key,
    revision: line.revision,
    workKey,
    title: cut(r.subtitle ? `${r.title}: ${r.subtitle}` : r.title, 500) as string,
    isbn13,
    publisher: cut(r.publishers[0] ?? null, 300),
    date: dateString && parsePublishDate(dateString),
    dateString,
    description: cut(r.description, 20000),
    pageCount: checkedPages(r.number_of_pages ?? parsePagination(r.pagination)),
    format: mapPhysicalFormat(r.physical_format),
    // Covers are kept as every importer keeps them: Open Library's cover URL by id, which the cover cache
    // (server/covers) resolves to 'olid:<id>' and fetches once.
    coverUrl: r.covers === undefined ? null : olCoverUrl(r.covers),
    authorKeys: [...new Set(r.authors)],
  };
}

/** The catalogue holds 1 to 100,000 pages; Open Library has typos of millions. */
const checkedPages = (pages: number | null) => (pages !== null && pages <= 100_000 ? pages : null);

/** The ISBNs an edition line lists, as ISBN-13s, read without a full parse (the matching pass reads them all). */
export function isbnsOfEditionLine(line: string): string[] {
  const found: string[] = [];
  for (const m of line.matchAll(/"isbn_1[03]":\s*\[([^\]]*)\]/g)) {
    for (const raw of (m[1] ?? '').matchAll(/"([^"]*)"/g)) {
      const isbn = toIsbn13(raw[1] ?? '');
      if (isbn) found.push(isbn);
    }
  }
  return found;
}
