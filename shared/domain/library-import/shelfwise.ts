// Shelfwise's own library file: everything a reader has (profile, shelves in order, every progress event
// with its journal, reviews with every field, goals) as JSON, read back losslessly. Its books are
// LibraryRecords as they are, so nothing is lost between the export and the import.
import { z } from 'zod';
import { MAX_IMPORT_ROWS, TOO_MANY_ROWS_MESSAGE } from '../../api/imports';
import { READING_EVENT_TYPES } from '../reading-state';
import { GOAL_TYPES } from '../reading-stats';
import type { LibraryFile, LibraryRecord } from './record';
import { stripBom } from './csv';
import { JsonShapeError, arrayElements, objectMembers, skipSpace } from './json-scan';
import { fitText } from './values';

export const SHELFWISE_FILE_KIND = 'shelfwise-library';
export const SHELFWISE_FILE_VERSION = 1;

const str = z.string().transform(fitText);
const nullableStr = str.nullable().default(null);
const count = z.number().int().min(0).max(100_000).nullable().default(null);
const percent = z.number().min(0).max(100).nullable().default(null);
const timestamp = z.iso.datetime({ offset: true });

const event = z.object({
  type: z.enum(READING_EVENT_TYPES),
  at: timestamp,
  start_page: count,
  end_page: count,
  start_percent: percent,
  end_percent: percent,
  journal_md: nullableStr,
  is_public: z.boolean().default(true),
  updated_at: timestamp.nullable().optional(),
});

const review = z.object({
  rating: z.number(),
  headline: str.default(''),
  review_body: nullableStr,
  spoiler: z.boolean().default(false),
  // Null (or absent, in files from before they were optional) when the review does not say.
  tone: z.number().int().nullable().default(null),
  pace: z.number().int().nullable().default(null),
  story_focus: z.number().int().nullable().default(null),
  recommend: z.boolean().nullable().default(null),
  mood_ids: z.array(z.number().int()).max(50).default([]),
  quality_ids: z.array(z.number().int()).max(50).default([]),
  content_warnings: z.record(z.string(), z.number().int()).default({}),
  created_at: timestamp.nullable().default(null),
  updated_at: timestamp.nullable().optional(),
});

// Visibility is optional so files from before it was carried still read (as items seen by everyone).
const placement = z.object({
  slug: str.nullable().default(null),
  name: str,
  position: count,
  added_at: timestamp.nullable().optional(),
  owner_visible: z.boolean().optional(),
  published_at: timestamp.nullable().optional(),
});

const book = z.object({
  key: str.optional(),
  title: str,
  authors: z.array(str).max(100).default([]),
  isbn13: nullableStr,
  isbn10: nullableStr,
  publisher: nullableStr,
  pages: count,
  year: z.number().int().nullable().default(null),
  format: nullableStr,
  status: z.enum(['read', 'currently-reading', 'to-read', 'dnf', 'paused']).nullable().default(null),
  shelves: z.array(placement).max(1000).default([]),
  events: z.array(event).max(100_000).default([]),
  review: review.nullable().default(null),
  added_at: timestamp.nullable().default(null),
});

export const shelfwiseFile = z.object({
  kind: z.literal(SHELFWISE_FILE_KIND),
  version: z.literal(SHELFWISE_FILE_VERSION),
  exported_at: timestamp.optional(),
  profile: z
    .object({ username: str.optional(), first_name: nullableStr, last_name: nullableStr })
    .nullable()
    .default(null),
  shelves: z
    .array(z.object({ slug: str.nullable().default(null), name: str, description: nullableStr }))
    .max(1000)
    .default([]),
  books: z.array(book).max(100_000),
  goals: z
    .array(
      z.object({
        goal_year: z.number().int(),
        goal_type: z.enum(GOAL_TYPES),
        target_qty: z.number().int(),
      }),
    )
    .max(10_000)
    .default([]),
});
export type ShelfwiseFile = z.input<typeof shelfwiseFile>;

/** Whether the text looks like our JSON (the format check of 'auto'; the full check is readShelfwise's). */
export const looksLikeShelfwise = (content: string) =>
  /^\s*\{[\s\S]*"kind"\s*:\s*"shelfwise-library"/.test(content.slice(0, 4096)) || /^\s*\{/.test(content);

export const NOT_JSON_MESSAGE = 'This file is not valid JSON, so it cannot be a Shelfwise library file.';

/** JSON values (keys included) one book, or one other part of the file, may hold: a book with 100,000 events. */
const MAX_VALUES_PER_PART = 1_000_000;
const fileHeader = shelfwiseFile.omit({ books: true });
type Book = z.output<typeof book>;

const problemOf = (error: z.ZodError, prefix: (string | number)[]) => {
  const issue = error.issues[0];
  const path = [...prefix, ...(issue?.path ?? [])];
  const where = path.length > 0 ? ` (at ${path.join('.')})` : '';
  return `This is not a Shelfwise library file we can read: ${issue?.message ?? 'unknown shape'}${where}.`;
};

const shapeProblem = (err: unknown) => {
  if (err instanceof JsonShapeError && err.message === 'too many values') {
    return `This is not a Shelfwise library file we can read: one of its parts holds more than ${MAX_VALUES_PER_PART.toLocaleString('en-US')} values.`;
  }
  if (err instanceof JsonShapeError || err instanceof SyntaxError) return NOT_JSON_MESSAGE;
  throw err;
};

/** A Shelfwise file whose every book has been checked, read back a batch of records at a time. */
export interface OpenShelfwise extends Omit<LibraryFile, 'records'> {
  total: number;
  batches(size: number): Generator<LibraryRecord[]>;
}

/**
 * Checks the file one book at a time (each book's slice parsed on its own, so memory follows a book, not
 * the file); a string problem when it is not a Shelfwise library file we can read.
 */
export function openShelfwise(content: string): OpenShelfwise | string {
  const text = stripBom(content);
  const rest: Record<string, unknown> = {};
  let booksAt = -1;
  let total = 0;
  try {
    for (const { key, value } of objectMembers(text, skipSpace(text, 0), MAX_VALUES_PER_PART, 'books')) {
      if (key === 'books') booksAt = value.start;
      else if (key in fileHeader.shape) rest[key] = JSON.parse(text.slice(value.start, value.end));
    }
    const header = fileHeader.safeParse(rest);
    if (!header.success) return problemOf(header.error, []);
    if (booksAt === -1) {
      const missing = shelfwiseFile.shape.books.safeParse(undefined);
      return missing.success ? 'The file has no books in it.' : problemOf(missing.error, ['books']);
    }
    for (const slice of arrayElements(text, booksAt, MAX_VALUES_PER_PART)) {
      total += 1;
      if (total > MAX_IMPORT_ROWS) return TOO_MANY_ROWS_MESSAGE;
      const parsed = book.safeParse(JSON.parse(text.slice(slice.start, slice.end)));
      if (!parsed.success) return problemOf(parsed.error, ['books', total - 1]);
    }
    const file = header.data;
    return {
      format: 'shelfwise',
      shelves: file.shelves,
      goals: file.goals,
      profile: file.profile
        ? { first_name: file.profile.first_name, last_name: file.profile.last_name }
        : null,
      total,
      *batches(size) {
        let batch: LibraryRecord[] = [];
        let i = 0;
        for (const slice of arrayElements(text, booksAt, MAX_VALUES_PER_PART)) {
          batch.push(toRecord(book.parse(JSON.parse(text.slice(slice.start, slice.end))), i));
          i += 1;
          if (batch.length === size) {
            yield batch;
            batch = [];
          }
        }
        if (batch.length > 0) yield batch;
      },
    };
  } catch (err) {
    return shapeProblem(err);
  }
}

function toRecord(b: Book, i: number): LibraryRecord {
  return {
    row: i + 1,
    key: `shelfwise:${b.key ?? `${b.isbn13 ?? ''}|${b.title}|${b.authors[0] ?? ''}`}`,
    title: b.title.trim(),
    authors: b.authors.map((a) => a.trim()).filter((a) => a !== ''),
    isbn13: b.isbn13,
    isbn10: b.isbn10,
    publisher: b.publisher,
    pages: b.pages !== null && b.pages > 0 ? b.pages : null,
    year: b.year,
    format: b.format,
    status: b.status,
    // An item must be seen by someone (shelf_items_seen_by_someone): one hidden from both is the reader's.
    shelves: b.shelves.map((p) =>
      p.owner_visible === false && p.published_at === null ? { ...p, owner_visible: true } : p,
    ),
    events: [...b.events].sort((x, y) => x.at.localeCompare(y.at)),
    review: b.review,
    added_at: b.added_at,
    notes: [],
    problem: b.title.trim() === '' ? 'The book has no title.' : null,
  };
}

/** The whole file, read; a string problem when it is not a Shelfwise library file we can read. */
export function readShelfwise(content: string): LibraryFile | string {
  const file = openShelfwise(content);
  if (typeof file === 'string') return file;
  const { format, shelves, goals, profile } = file;
  return { format, shelves, goals, profile, records: [...file.batches(1000)].flat() };
}

export function writeShelfwise(
  file: Omit<LibraryFile, 'format'> & { username: string; exportedAt: string },
): string {
  const body: ShelfwiseFile = {
    kind: SHELFWISE_FILE_KIND,
    version: SHELFWISE_FILE_VERSION,
    exported_at: file.exportedAt,
    profile: file.profile ? { username: file.username, ...file.profile } : null,
    shelves: file.shelves,
    books: file.records.map((r) => ({
      key: r.key.replace(/^shelfwise:/, ''),
      title: r.title,
      authors: r.authors,
      isbn13: r.isbn13,
      isbn10: r.isbn10,
      publisher: r.publisher,
      pages: r.pages,
      year: r.year,
      format: r.format,
      status: r.status,
      shelves: r.shelves,
      events: r.events,
      review: r.review,
      added_at: r.added_at,
    })),
    goals: file.goals,
  };
  return `${JSON.stringify(body, null, 2)}\n`;
}
