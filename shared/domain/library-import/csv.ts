// CSV files in and out. The reader is our own small RFC 4180 tokenizer rather than a general-purpose one,
// because what it must guarantee is cost, not convenience: it never guesses the delimiter (the format says
// it), it yields one record at a time so memory follows a record and not the file, and it enforces the
// column and cell limits on the raw text before copying anything, so a 19 MB cell or a 100,000-column row
// stops the reading after one linear scan instead of after it has been turned into strings.

export interface CsvLimits {
  /** Cells a record may have. */
  columns: number;
  /** Characters a cell may have, counted on the raw text (quotes included) before it is copied. */
  cellChars: number;
}

/** What stopped the reading: record 0 is the header, record n the n-th data row. */
export type CsvProblem =
  | {
      kind: 'columns';
      record: number;
      count: number;
      /** Whether the record ended with a line break (false: it ran to the end of the text). */
      ended: boolean;
    }
  | { kind: 'cell'; record: number };

export class CsvLimitError extends Error {
  constructor(readonly problem: CsvProblem) {
    super(`CSV ${problem.kind} limit in record ${problem.record}`);
  }
}

export const stripBom = (content: string) => (content.charCodeAt(0) === 0xfeff ? content.slice(1) : content);

const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;

/**
 * The records of `text`, one at a time: quoted cells may hold the delimiter, doubled quotes and line
 * breaks; CRLF, LF or CR end a record. Text after a closing quote is kept, as spreadsheets do. Throws
 * CsvLimitError at the first record or cell beyond `limits`.
 */
export function* csvRecords(text: string, delimiter: string, limits: CsvLimits): Generator<string[]> {
  const sep = delimiter.charCodeAt(0);
  const n = text.length;
  let pos = 0;
  let record = 0;

  /** Reads one cell from `pos`; copies it only when `keep` (an over-wide record is only counted). */
  const readCell = (keep: boolean): string => {
    const start = pos;
    let value = '';
    if (text.charCodeAt(pos) === QUOTE) {
      pos += 1;
      for (;;) {
        let close = text.indexOf('"', pos);
        if (close === -1) close = n; // unterminated: the rest of the text is the cell
        if (close - start > limits.cellChars) throw new CsvLimitError({ kind: 'cell', record });
        if (keep) value += text.slice(pos, close);
        if (close < n && text.charCodeAt(close + 1) === QUOTE) {
          if (keep) value += '"';
          pos = close + 2;
          continue;
        }
        pos = Math.min(close + 1, n);
        break;
      }
    }
    const tail = pos;
    for (; pos < n; pos += 1) {
      const c = text.charCodeAt(pos);
      if (c === sep || c === LF || c === CR) break;
      if (pos - start >= limits.cellChars) throw new CsvLimitError({ kind: 'cell', record });
    }
    return keep ? value + text.slice(tail, pos) : '';
  };

  while (pos < n) {
    const cells: string[] = [];
    let count = 0;
    for (;;) {
      const value = readCell(count < limits.columns);
      if (count < limits.columns) cells.push(value);
      count += 1;
      // After a delimiter another cell follows, even at the very end of the text (then an empty one).
      if (pos < n && text.charCodeAt(pos) === sep) {
        pos += 1;
        continue;
      }
      break;
    }
    let ended = false;
    if (pos < n) {
      ended = true;
      pos += text.charCodeAt(pos) === CR && text.charCodeAt(pos + 1) === LF ? 2 : 1;
    }
    if (count > limits.columns) throw new CsvLimitError({ kind: 'columns', record, count, ended });
    yield cells;
    record += 1;
  }
}

/** A record with nothing but blanks in it: skipped, but still counted in row numbers. */
export const isBlankRecord = (cells: readonly string[]) => cells.every((c) => c.trim() === '');

/** A cell that is written as it stands: Goodreads' ="0141439513" ISBNs, which spreadsheets read as text. */
export interface RawCell {
  raw: string;
}

// OWASP's CSV-injection rule: a spreadsheet runs a cell that begins with one of these as a formula, so a
// text cell that does is written with a leading apostrophe (which spreadsheets show as text and hide).
// Apostrophes already in front count too: `'=x` is written `''=x`, so the importer's one-quote strip is exact.
const FORMULA_START = /^'*[=+\-@\t\r]/;

/**
 * A text cell as a spreadsheet can open it safely: a leading `'` when it begins with `= + - @`, a tab or a
 * carriage return, and also when it begins with apostrophes before one of those, so that unguardFormula
 * (which strips one `'` only when apostrophes and then one of them follow) gives every text back exactly.
 */
export function guardFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** The inverse of guardFormula: one leading `'` goes when what follows is apostrophes and then `= + - @`, a tab or a CR. */
export function unguardFormula(cell: string): string {
  return cell.startsWith("'") && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell;
}

const quoteCell = (input: string | RawCell): string => {
  if (typeof input !== 'string') return input.raw;
  const cell = guardFormula(input);
  return /[",\r\n]/.test(cell) || /^\s|\s$/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
};

/**
 * A CSV file (CRLF lines, RFC 4180 quoting) from a header and rows of cells. Every text cell goes through
 * guardFormula; only RawCells (ISBNs built from validated digits) are written as they stand.
 */
export function writeCsv(
  header: readonly string[],
  rows: readonly (readonly (string | RawCell)[])[],
): string {
  return [header, ...rows].map((cells) => cells.map(quoteCell).join(',')).join('\r\n') + '\r\n';
}

/** A header and its data rows, each row's cells by column index (never one object key per header column). */
export interface CsvTable {
  header: string[];
  rows: string[][];
  /** 1-based data-row number of each row in `rows` (blank lines are skipped, numbers are kept). */
  rowNumbers: number[];
}

/**
 * A cell of a row by its header name: the first column of that name, '' where the row has none, with the
 * apostrophe our exports add before a formula character taken off again (unguardFormula).
 */
export type CellOf = (name: string) => string;

export function cellsByName(header: readonly string[]): (cells: readonly string[]) => CellOf {
  const index = new Map<string, number>();
  header.forEach((name, i) => {
    if (name !== '' && !index.has(name)) index.set(name, i);
  });
  return (cells) => (name) => {
    const i = index.get(name);
    return i === undefined ? '' : unguardFormula(cells[i] ?? '');
  };
}
