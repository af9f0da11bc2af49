// A file in, whatever its format: detection from the header row (or JSON for Shelfwise), then the
// format's reader. What import-library stores and the /import preview shows both come from here.
//
// Three steps, each bounded before it costs anything: checkLibraryHeader looks at the first line only (the
// request does it, so a wrong file is refused at once); openLibraryFile then checks the whole file's shape
// in one pass that keeps nothing (columns, cells, rows, each limit applied while reading); and its batches
// build the records a batch at a time, so memory follows a batch and not the file.
import {
  IMPORT_FORMAT_NAMES,
  MAX_IMPORT_CELL_CHARS,
  MAX_IMPORT_COLUMNS,
  MAX_IMPORT_ROWS,
  TOO_MANY_ROWS_MESSAGE,
  cellTooLongMessage,
  tooManyColumnsMessage,
} from '../../api/imports';
import type { ImportFormat } from '../../api/imports';
import type { CsvTable } from './csv';
import { CsvLimitError, csvRecords, isBlankRecord, stripBom } from './csv';
import { GOODREADS_DELIMITER, goodreadsRecords, isGoodreadsHeader } from './goodreads';
import type { LibraryFile, LibraryRecord } from './record';
import { NOT_JSON_MESSAGE, openShelfwise } from './shelfwise';
import { STORYGRAPH_DELIMITER, isStoryGraphHeader, storyGraphRecords } from './storygraph';

export const UNKNOWN_FORMAT_MESSAGE =
  'This file is not a Goodreads or StoryGraph export or a Shelfwise library file: its first line does not have their columns.';

/** How far the header check reads: a header within the column limit is far shorter. */
const HEADER_SCAN_CHARS = 1024 * 1024;
const LIMITS = { columns: MAX_IMPORT_COLUMNS, cellChars: MAX_IMPORT_CELL_CHARS };
/** Each CSV format's own delimiter: never guessed, so tabs, semicolons and pipes in cells are text. */
const DELIMITERS = { goodreads: GOODREADS_DELIMITER, storygraph: STORYGRAPH_DELIMITER } as const;
type CsvFormat = keyof typeof DELIMITERS;

const limitMessage = (err: CsvLimitError, cut: boolean) =>
  err.problem.kind === 'cell'
    ? cellTooLongMessage(err.problem.record)
    : tooManyColumnsMessage(err.problem.record, err.problem.count, err.problem.ended || !cut);

/** The header row (names trimmed), read from the start of the text only; a string is why it cannot be. */
function readHeader(text: string, delimiter: string): string[] | string {
  const head = text.slice(0, HEADER_SCAN_CHARS);
  try {
    for (const cells of csvRecords(head, delimiter, LIMITS)) return cells.map((h) => h.trim());
    return [];
  } catch (err) {
    if (err instanceof CsvLimitError) return limitMessage(err, head.length < text.length);
    throw err;
  }
}

const looksLikeJson = (text: string) => /^\s*\{/.test(text.slice(0, HEADER_SCAN_CHARS));

/** The format the file's first line (or JSON body) says, or null. */
export function detectFormat(content: string): ImportFormat | null {
  const text = stripBom(content);
  if (looksLikeJson(text)) return 'shelfwise';
  // Both CSV formats are comma-separated, so one reading of the header serves both checks.
  const header = readHeader(text, ',');
  if (typeof header === 'string') return null;
  if (isGoodreadsHeader(header)) return 'goodreads';
  if (isStoryGraphHeader(header)) return 'storygraph';
  return null;
}

/**
 * The format a file will be read as, judged from its first line alone (cheap whatever the file's size):
 * a string is the reason it cannot be imported, worded for the reader.
 */
export function checkLibraryHeader(content: string, format: ImportFormat | 'auto'): ImportFormat | string {
  const text = stripBom(content);
  const json = looksLikeJson(text);
  if (format === 'shelfwise') return json ? 'shelfwise' : NOT_JSON_MESSAGE;
  if (json) {
    return format === 'auto'
      ? 'shelfwise'
      : `This is a Shelfwise library file, not a ${IMPORT_FORMAT_NAMES[format]} export.`;
  }
  const header = readHeader(text, ',');
  if (typeof header === 'string') return header;
  const detected = isGoodreadsHeader(header) ? 'goodreads' : isStoryGraphHeader(header) ? 'storygraph' : null;
  if (format === 'auto') return detected ?? UNKNOWN_FORMAT_MESSAGE;
  const fits = format === 'goodreads' ? isGoodreadsHeader(header) : isStoryGraphHeader(header);
  if (!fits) {
    return `This file is not a ${IMPORT_FORMAT_NAMES[format]} export: its first line does not have the ${IMPORT_FORMAT_NAMES[format]} columns.`;
  }
  return format;
}

/** A file whose shape has been checked, ready to be read into records a batch at a time. */
export interface OpenLibraryFile extends Omit<LibraryFile, 'records'> {
  /** Rows (books) in the file. */
  total: number;
  batches(size: number): Generator<LibraryRecord[]>;
}

/**
 * Checks the whole file as `format` ('auto' detects it) without keeping what it reads: a string answer is
 * the reason it cannot be imported, worded for the reader.
 */
export function openLibraryFile(content: string, format: ImportFormat | 'auto'): OpenLibraryFile | string {
  const chosen = checkLibraryHeader(content, format);
  if (chosen !== 'shelfwise' && chosen !== 'goodreads' && chosen !== 'storygraph') return chosen;
  if (chosen === 'shelfwise') return openShelfwise(content);
  const text = stripBom(content);
  const delimiter = DELIMITERS[chosen];
  let total = 0;
  try {
    let first = true;
    for (const cells of csvRecords(text, delimiter, LIMITS)) {
      if (first) first = false;
      else if (!isBlankRecord(cells)) total += 1;
      if (total > MAX_IMPORT_ROWS) return TOO_MANY_ROWS_MESSAGE;
    }
  } catch (err) {
    if (err instanceof CsvLimitError) return limitMessage(err, false);
    throw err;
  }
  if (total === 0) return 'The file has no books in it.';
  return {
    format: chosen,
    shelves: [],
    goals: [],
    profile: null,
    total,
    batches: (size) => csvBatches(text, chosen, size),
  };
}

function* csvBatches(text: string, format: CsvFormat, size: number): Generator<LibraryRecord[]> {
  const toRecords = format === 'goodreads' ? goodreadsRecords : storyGraphRecords;
  let table: CsvTable | null = null;
  let record = 0;
  for (const cells of csvRecords(text, DELIMITERS[format], LIMITS)) {
    if (table === null) {
      table = { header: cells.map((h) => h.trim()), rows: [], rowNumbers: [] };
    } else if (!isBlankRecord(cells)) {
      table.rows.push(cells);
      table.rowNumbers.push(record);
      if (table.rows.length === size) {
        yield toRecords(table);
        table = { header: table.header, rows: [], rowNumbers: [] };
      }
    }
    record += 1;
  }
  if (table !== null && table.rows.length > 0) yield toRecords(table);
}

/** Reads a whole file as `format` ('auto' detects it): the preview's and the tests' way in. */
export function readLibraryFile(content: string, format: ImportFormat | 'auto'): LibraryFile | string {
  const file = openLibraryFile(content, format);
  if (typeof file === 'string') return file;
  const { format: chosen, shelves, goals, profile } = file;
  return { format: chosen, shelves, goals, profile, records: [...file.batches(1000)].flat() };
}
