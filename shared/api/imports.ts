// Contracts of library import and export (issue 14). An import is a durable background job: import-library
// stores the file and answers at once with its id; a worker reads it in batches and records one outcome per
// row, which import-status pages through.
//
// Preview: there is NO preview endpoint. The parsers are pure and live in shared/domain/library-import/, so
// the /import page runs the very code the server runs:
//   import { previewLibraryFile } from '../../shared/domain/library-import/preview';
//   previewLibraryFile(content, format /* 'auto' | ImportFormat */, limit) ->
//     { format: ImportFormat | null, total_rows, rows: ImportPreviewRow[], problem: string | null }
// `format` is the detected one for 'auto' (null when the header matches no known export; `problem` then
// says why, and import-library would refuse the file with the same words).
import { z } from 'zod';
import type { EndpointDef } from './common';
import { endpoint, id, ok, text } from './common';

export const IMPORT_FORMATS = ['goodreads', 'storygraph', 'shelfwise'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];
export const importFormat = z.enum(IMPORT_FORMATS);
export const IMPORT_FORMAT_NAMES: Record<ImportFormat, string> = {
  goodreads: 'Goodreads',
  storygraph: 'The StoryGraph',
  shelfwise: 'Shelfwise',
};

/** The largest file import-library takes, in UTF-8 bytes (the router raises its body limit to match). */
export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;
/** Rows a single file may hold; bigger files are refused before anything is stored. */
export const MAX_IMPORT_ROWS = 100_000;
/**
 * Columns a row may have. The widest real export (Goodreads) has 31; three times that leaves room for
 * columns a spreadsheet added, and a wider file is refused before its rows are read.
 */
export const MAX_IMPORT_COLUMNS = 100;
/** Characters a cell may have: many times the longest review, far below what would cost memory. */
export const MAX_IMPORT_CELL_CHARS = 100_000;
const count = (n: number) => n.toLocaleString('en-US');
/** Why a file (record 0 is its header) or one of its rows is too wide. */
export const tooManyColumnsMessage = (row: number, columns: number, exact: boolean) =>
  `${row === 0 ? 'The file has' : `Row ${count(row)} has`} ${exact ? '' : 'more than '}${count(columns)} columns; at most ${count(MAX_IMPORT_COLUMNS)} can be imported.`;
export const TOO_MANY_ROWS_MESSAGE = `The file has more than ${count(MAX_IMPORT_ROWS)} rows; at most ${count(MAX_IMPORT_ROWS)} can be imported at once.`;
export const cellTooLongMessage = (row: number) =>
  `${row === 0 ? 'The first line' : `Row ${count(row)}`} has a cell longer than ${count(MAX_IMPORT_CELL_CHARS)} characters, the most a cell can hold.`;

/**
 * The import-library request body limit: the file as a JSON string may grow (quotes and line breaks are
 * escaped), so twice the file limit plus room for the other fields. Every other call keeps 1 MB.
 */
export const IMPORT_BODY_BYTES = 2 * MAX_IMPORT_BYTES + 64 * 1024;
export const IMPORT_TOO_LARGE_MESSAGE = 'The file is larger than 20 MB.';
/** 409 code and message when the reader already has an import queued or running. */
export const IMPORT_RUNNING_CODE = 'import_running';
export const IMPORT_RUNNING_MESSAGE =
  'An import is already running. Wait for it to finish before starting another.';

export const IMPORT_STATES = ['queued', 'running', 'done', 'failed'] as const;
export type ImportState = (typeof IMPORT_STATES)[number];

/** 'pending' only while the row has not been reached yet; every row ends in one of the other four. */
export const ROW_OUTCOMES = ['pending', 'matched', 'created', 'skipped', 'failed'] as const;
export type RowOutcome = (typeof ROW_OUTCOMES)[number];
export const rowOutcome = z.enum(ROW_OUTCOMES);

export const IMPORT_ROWS_PAGE_SIZE = 100;
export const MAX_IMPORT_ROWS_PAGE_SIZE = 500;

export const importRow = z.object({
  /** 1-based data-row number in the file (the header is row 0), so "row 12" is the 12th book. */
  row: z.number().int(),
  title: z.string(),
  author: z.string().nullable(),
  outcome: rowOutcome,
  /** Why a row was skipped or failed, or how it was matched ('ISBN-13 in the catalogue', …). */
  reason: z.string().nullable(),
  /** The work the row landed on (matched or created); null for pending, skipped without a work, failed. */
  work_id: id.nullable(),
});
export type ImportRow = z.infer<typeof importRow>;

export const importSummary = z.object({
  import_id: id,
  file_name: z.string(),
  /** The format the file was read as (the detected one when 'auto' was asked for). */
  format: importFormat,
  state: z.enum(IMPORT_STATES),
  total: z.number().int(),
  processed: z.number().int(),
  matched: z.number().int(),
  created: z.number().int(),
  skipped: z.number().int(),
  failed: z.number().int(),
  created_at: z.string(),
  /** First time a worker picked it up; with processed/total it gives the time left. */
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  /** Set when undo-import removed what it added; an undone import can be neither undone nor retried. */
  undone_at: z.string().nullable(),
  /** Why a failed import stopped as a whole (rows' own failures are in rows[].reason). */
  error: z.string().nullable(),
});
export type ImportSummary = z.infer<typeof importSummary>;

export const importStatus = importSummary.extend({
  /** One page of rows in row order, filtered by `outcome` when asked. */
  rows: z.array(importRow),
  /** Pass as `after_row` for the next page; null on the last page. */
  next_after_row: z.number().int().nullable(),
});
export type ImportStatus = z.infer<typeof importStatus>;

/** How the first rows of a file will be read (client-side preview; see the header). */
export const importPreviewRow = z.object({
  row: z.number().int(),
  title: z.string(),
  authors: z.array(z.string()),
  isbn13: z.string().nullable(),
  isbn10: z.string().nullable(),
  /** The built-in shelf / reading state the row lands on: 'read', 'currently-reading', 'to-be-read', 'dnf', 'paused' or null. */
  status: z.string().nullable(),
  rating: z.number().nullable(),
  custom_shelves: z.array(z.string()),
  reads: z.number().int(),
  has_review: z.boolean(),
  /** Set when the row cannot be imported as it stands (it will end 'failed' with this reason). */
  problem: z.string().nullable(),
  /**
   * The dated reading events the row becomes (start, pause, finish, dnf), each on its day (YYYY-MM-DD), in
   * the order the reader will see them in their history. Optional: added for the preview's dates column.
   */
  dates: z.array(z.object({ type: z.enum(['start', 'pause', 'finish', 'dnf']), on: z.string() })).optional(),
  /** Every shelf the row lands on, built-in (Owned, Favorites, ...) and custom, by name. Optional, as `dates`. */
  shelves: z.array(z.string()).optional(),
});
export type ImportPreviewRow = z.infer<typeof importPreviewRow>;

export const EXPORT_CONTENT_TYPES = {
  goodreads: 'text/csv; charset=utf-8',
  storygraph: 'text/csv; charset=utf-8',
  shelfwise: 'application/json; charset=utf-8',
} as const satisfies Record<ImportFormat, string>;

export const importsEndpoints = {
  /** Stores the file and queues the import; answers at once. 409 import_running while another runs. */
  'import-library': endpoint(
    'user',
    z.object({
      format: z.enum(['auto', ...IMPORT_FORMATS]).default('auto'),
      file_name: text()
        .trim()
        .min(1, 'file_name is required')
        .max(255, 'file_name is at most 255 characters'),
      // Text as every other field: a file with NUL or other control characters is refused, not guessed at.
      content: text().min(1, 'The file is empty.').max(MAX_IMPORT_BYTES, IMPORT_TOO_LARGE_MESSAGE),
    }),
    z.object({ import_id: id }),
  ),
  /** Counts and one page of rows; another reader's import answers 404. */
  'import-status': endpoint(
    'user',
    z.object({
      import_id: id,
      outcome: rowOutcome.optional(),
      after_row: z
        .number()
        .int('after_row must be a whole number')
        .min(0, 'after_row must be at least 0')
        .max(2_147_483_647, 'after_row is not a row number')
        .optional(),
      limit: z
        .number()
        .int('limit must be a whole number')
        .min(1, 'limit must be at least 1')
        .max(MAX_IMPORT_ROWS_PAGE_SIZE, `limit is at most ${MAX_IMPORT_ROWS_PAGE_SIZE}`)
        .default(IMPORT_ROWS_PAGE_SIZE),
    }),
    importStatus,
  ),
  /** The caller's imports, newest first; `before` is the created_at of the last one of the previous page. */
  'list-imports': endpoint(
    'user',
    z.object({
      limit: z.number().int().min(1).max(100).default(20),
      before: z.iso.datetime({ offset: true, message: 'before must be a timestamp' }).optional(),
    }),
    z.array(importSummary),
  ),
  /** Removes exactly what the import added (shelf items, shelves, events, reviews, created books). 409 while it runs. */
  'undo-import': endpoint('user', z.object({ import_id: id }), ok),
  /** Queues the import's failed rows again (same import id); 409 while any import of the reader runs. */
  'retry-import-rows': endpoint(
    'user',
    z.object({ import_id: id }),
    z.object({ import_id: id, queued: z.number().int() }),
  ),
  'export-library': endpoint(
    'user',
    z.object({ format: importFormat }),
    z.object({ file_name: z.string(), content_type: z.string(), content: z.string() }),
  ),
} satisfies Record<string, EndpointDef>;
