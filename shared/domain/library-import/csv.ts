// CSV files in: papaparse does the reading (quoted fields, embedded newlines, CRLF); we only strip the BOM
// and hand back the header and the data rows as objects keyed by header name.
import Papa from 'papaparse';

export interface CsvTable {
  header: string[];
  rows: Record<string, string>[];
  /** 1-based data-row number of each row in `rows` (blank lines are skipped, numbers are kept). */
  rowNumbers: number[];
}

export function readCsv(content: string): CsvTable {
  const text = content.charCodeAt(0) === 0xfeff ? content.slice(1) : content;
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: false });
  const [first, ...data] = parsed.data;
  const header = (first ?? []).map((h) => h.trim());
  const rows: Record<string, string>[] = [];
  const rowNumbers: number[] = [];
  data.forEach((cells, i) => {
    if (cells.every((c) => c.trim() === '')) return;
    const row: Record<string, string> = {};
    header.forEach((name, col) => {
      if (name !== '' && !(name in row)) row[name] = cells[col] ?? '';
    });
    rows.push(row);
    rowNumbers.push(i + 1);
  });
  return { header, rows, rowNumbers };
}

/** A cell that is written as it stands: Goodreads' ="0141439513" ISBNs, which spreadsheets read as text. */
export interface RawCell {
  raw: string;
}

const quoteCell = (cell: string | RawCell): string => {
  if (typeof cell !== 'string') return cell.raw;
  return /[",\r\n]/.test(cell) || /^\s|\s$/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
};

/** A CSV file (CRLF lines, RFC 4180 quoting) from a header and rows of cells. */
export function writeCsv(
  header: readonly string[],
  rows: readonly (readonly (string | RawCell)[])[],
): string {
  return [header, ...rows].map((cells) => cells.map(quoteCell).join(',')).join('\r\n') + '\r\n';
}
