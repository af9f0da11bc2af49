// The Goodreads library export, both forms (31 columns, and the newer 24 without the purchase and
// recommendation columns), in and out.
import { REVIEW_LIMITS } from '../review-options';
import type { CellOf, CsvTable, RawCell } from './csv';
import { cellsByName, writeCsv } from './csv';
import type { ReadSpan } from './reads';
import { eventsForReads } from './reads';
import type { LibraryRecord, ShelfPlacement } from './record';
import { splitSeries } from './series';
import {
  builtinPlacement,
  isFavoritesShelf,
  isOwnedShelf,
  shelfWithPosition,
  statusOf,
  statusShelf,
  statusWord,
} from './shelf-names';
import {
  clip,
  commaList,
  fitText,
  htmlToText,
  matchKey,
  noonOf,
  readDate,
  readIsbn,
  readRating,
  readWholeNumber,
  textToHtml,
} from './values';

export const GOODREADS_COLUMNS = [
  'Book Id',
  'Title',
  'Author',
  'Author l-f',
  'Additional Authors',
  'ISBN',
  'ISBN13',
  'My Rating',
  'Average Rating',
  'Publisher',
  'Binding',
  'Number of Pages',
  'Year Published',
  'Original Publication Year',
  'Date Read',
  'Date Added',
  'Bookshelves',
  'Bookshelves with positions',
  'Exclusive Shelf',
  'My Review',
  'Spoiler',
  'Private Notes',
  'Read Count',
  'Recommended For',
  'Recommended By',
  'Owned Copies',
  'Original Purchase Date',
  'Original Purchase Location',
  'Condition',
  'Condition Description',
  'BCID',
] as const;

/** The export's delimiter, always a comma: tabs, semicolons and pipes in its cells are text. */
export const GOODREADS_DELIMITER = ',';

/** What tells a Goodreads export from other CSVs. */
export const isGoodreadsHeader = (header: readonly string[]) =>
  header.includes('Book Id') && header.includes('Exclusive Shelf') && header.includes('Title');

/** The key a row without a source id is known by: its title and first author, folded. */
export const titleAuthorKey = (title: string, author: string | undefined) =>
  `${matchKey(title)}|${matchKey(author ?? '')}`;

export function goodreadsRecords(table: CsvTable): LibraryRecord[] {
  const cellsOf = cellsByName(table.header);
  return table.rows.map((cells, i) => goodreadsRecord(cellsOf(cells), table.rowNumbers[i] ?? i + 1));
}

function goodreadsRecord(raw: CellOf, row: number): LibraryRecord {
  const cell = (name: string) => fitText(raw(name).trim());
  // The key below keeps the title as the file has it, so a row is known by the same key as before.
  const fileTitle = cell('Title');
  const { title, series } = splitSeries(fileTitle);
  const authors = [cell('Author'), ...commaList(cell('Additional Authors'))].filter((a) => a !== '');
  const isbn = readIsbn(raw('ISBN13'));
  const isbnFrom10 = readIsbn(raw('ISBN'));
  const bookId = cell('Book Id');
  const notes: string[] = [];

  const exclusive = cell('Exclusive Shelf');
  const status = statusOf(exclusive);
  const pages = readWholeNumber(raw('Number of Pages'));
  const added = readDate(cell('Date Added'));
  const dateRead = readDate(cell('Date Read'));
  const readCount = readWholeNumber(raw('Read Count')) ?? 0;
  // Goodreads dates only the end of a read: its start is unknown, not the same day.
  const reads: ReadSpan[] = dateRead ? [{ start: null, end: dateRead }] : [];
  if (readCount > reads.length && status === 'read' && reads.length > 0) {
    notes.push(
      `Read ${readCount} times, but the file dates only ${reads.length === 1 ? 'one read' : `${reads.length} reads`}`,
    );
  }

  const shelves = goodreadsShelves(
    cell('Bookshelves'),
    cell('Bookshelves with positions'),
    exclusive,
    status,
  );
  if ((readWholeNumber(raw('Owned Copies')) ?? 0) > 0 && !shelves.some((s) => s.slug === 'owned')) {
    shelves.push(builtinPlacement('owned'));
  }

  const rating = readRating(raw('My Rating'));
  const reviewText = htmlToText(cell('My Review'));
  let review: LibraryRecord['review'] = null;
  if (rating !== null) {
    let body = reviewText === '' ? null : reviewText;
    if (body !== null && [...body].length > REVIEW_LIMITS.bodyMax) {
      body = [...body].slice(0, REVIEW_LIMITS.bodyMax).join('');
      notes.push(`Review shortened to ${REVIEW_LIMITS.bodyMax} characters`);
    }
    review = {
      rating,
      headline: '',
      review_body: body,
      spoiler: /^true$/i.test(cell('Spoiler')),
      // Goodreads has stars and text only: tone, pace, focus and a recommendation are not in the file.
      tone: null,
      pace: null,
      story_focus: null,
      recommend: null,
      mood_ids: [],
      quality_ids: [],
      content_warnings: {},
      created_at: null,
    };
  } else if (reviewText !== '') {
    notes.push('Review not imported: a Shelfwise review needs a star rating');
  }

  const year = readWholeNumber(raw('Original Publication Year')) ?? readWholeNumber(raw('Year Published'));
  return {
    row,
    key: bookId !== '' ? `goodreads:${bookId}` : `goodreads:${titleAuthorKey(fileTitle, authors[0])}`,
    title,
    series,
    authors,
    // The file's own ISBN-13 only: an ISBN-10 is matched as such (its ISBN-13 form is tried second).
    isbn13: isbn.isbn13,
    isbn10: isbnFrom10.isbn10 ?? isbn.isbn10,
    publisher: cell('Publisher') || null,
    pages: pages !== null && pages > 0 && pages <= 100_000 ? pages : null,
    year: year !== null && year >= 1 && year <= 3000 ? year : null,
    format: cell('Binding') || null,
    status,
    shelves,
    events: eventsForReads(status, reads, added),
    review,
    added_at: added === null ? null : noonOf(added),
    notes,
    problem: title === '' ? 'The row has no title.' : null,
  };
}

function goodreadsShelves(
  plain: string,
  withPositions: string,
  exclusive: string,
  status: LibraryRecord['status'],
): ShelfPlacement[] {
  // Both columns list the same shelves; the second adds positions. Merge them by name.
  const positions = new Map<string, number | null>();
  for (const entry of [...commaList(plain), ...commaList(withPositions), exclusive].filter((e) => e !== '')) {
    const { name, position } = shelfWithPosition(entry);
    if (name === '') continue;
    if (!positions.has(name) || position !== null)
      positions.set(name, position ?? positions.get(name) ?? null);
  }
  const placements: ShelfPlacement[] = [];
  const builtin = statusShelf(status);
  for (const [name, position] of positions) {
    const nameStatus = statusOf(name);
    if (nameStatus !== null) {
      // Only the exclusive shelf places the book; the others are stale copies of it.
      if (nameStatus === status && builtin !== null) placements.push(builtinPlacement(builtin, position));
      continue;
    }
    if (isFavoritesShelf(name)) placements.push(builtinPlacement('favorites', position));
    else if (isOwnedShelf(name)) placements.push(builtinPlacement('owned', position));
    else placements.push({ slug: null, name: clip(name, 100), position });
  }
  // The status shelf leads, whichever column named it, so a row reads the same from either spelling.
  const statusPlacement =
    placements.find((p) => p.slug === builtin) ?? (builtin === null ? null : builtinPlacement(builtin));
  if (statusPlacement === null) return placements;
  return [statusPlacement, ...placements.filter((p) => p !== statusPlacement)];
}

const gDate = (iso: string | null | undefined) => (iso ? iso.slice(0, 10).replace(/-/g, '/') : '');
const quotedIsbn = (isbn: string | null): RawCell => ({ raw: `="${isbn ?? ''}"` });
const shelfWord = (p: ShelfPlacement, status: LibraryRecord['status']) =>
  p.slug === null
    ? p.name
    : p.slug === 'favorites'
      ? 'favorites'
      : p.slug === 'owned'
        ? 'owned'
        : statusWord(status);

/** The 31-column Goodreads export: ="…" ISBNs and YYYY/MM/DD dates, as Goodreads writes and reads it. */
export function writeGoodreads(
  records: readonly LibraryRecord[],
  bookIdOf: (r: LibraryRecord) => string,
): string {
  const rows = records.map((r) => {
    const finishes = r.events.filter((e) => e.type === 'finish');
    const lastFinish = finishes[finishes.length - 1];
    const firstEvent = r.events[0];
    const statusShelfSlug = statusShelf(r.status);
    const listed = r.shelves.filter((p) => p.slug !== statusShelfSlug || statusShelfSlug === null);
    const exclusive = statusWord(r.status);
    const shelfNames = [exclusive, ...listed.map((p) => shelfWord(p, r.status))];
    const exclusivePosition =
      r.shelves.find((p) => p.slug !== null && p.slug === statusShelfSlug)?.position ?? null;
    const positions = [
      exclusivePosition === null ? exclusive : `${exclusive} (#${exclusivePosition})`,
      ...listed.map((p) =>
        p.position === null ? shelfWord(p, r.status) : `${shelfWord(p, r.status)} (#${p.position})`,
      ),
    ];
    const owned = r.shelves.some((p) => p.slug === 'owned');
    const cells: (string | RawCell)[] = [
      bookIdOf(r),
      r.title,
      r.authors[0] ?? '',
      lastFirst(r.authors[0] ?? ''),
      r.authors.slice(1).join(', '),
      quotedIsbn(r.isbn10),
      quotedIsbn(r.isbn13),
      r.review ? String(Math.round(r.review.rating)) : '0',
      '',
      r.publisher ?? '',
      r.format ?? '',
      r.pages === null ? '' : String(r.pages),
      r.year === null ? '' : String(r.year),
      r.year === null ? '' : String(r.year),
      gDate(lastFinish?.at),
      gDate(r.added_at ?? firstEvent?.at),
      shelfNames.join(', '),
      positions.join(', '),
      exclusive,
      r.review?.review_body ? textToHtml(r.review.review_body) : '',
      r.review?.spoiler ? 'true' : '',
      '',
      String(finishes.length),
      '',
      '',
      owned ? '1' : '0',
      '',
      '',
      '',
      '',
      '',
    ];
    return cells;
  });
  return writeCsv(GOODREADS_COLUMNS, rows);
}

function lastFirst(name: string): string {
  const parts = name.trim().split(/\s+/);
  if (parts.length < 2) return name;
  const last = parts.pop() as string;
  return `${last}, ${parts.join(' ')}`;
}
