// The StoryGraph export, in and out. Its moods, pace, focus and content warnings fill the review's
// structured fields where the words match SPEC.md §3's lists; the rest is said in the row's reason.
import { CONTENT_WARNINGS, MOODS, PACES, REVIEW_LIMITS, labelOf } from '../review-options';
import type { CellOf, CsvTable } from './csv';
import { cellsByName, writeCsv } from './csv';
import { titleAuthorKey } from './goodreads';
import type { ReadSpan } from './reads';
import { eventsForReads } from './reads';
import type { ImportReview, LibraryRecord, ShelfPlacement } from './record';
import {
  builtinPlacement,
  isFavoritesShelf,
  isOwnedShelf,
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
} from './values';

export const STORYGRAPH_COLUMNS = [
  'Title',
  'Authors',
  'Contributors',
  'ISBN/UID',
  'Format',
  'Read Status',
  'Date Added',
  'Last Date Read',
  'Dates Read',
  'Read Count',
  'Moods',
  'Pace',
  'Character- or Plot-Driven?',
  'Strong Character Development?',
  'Loveable Characters?',
  'Diverse Characters?',
  'Flawed Characters?',
  'Star Rating',
  'Review',
  'Content Warnings',
  'Content Warning Description',
  'Tags',
  'Owned?',
] as const;

/** The export's delimiter, always a comma: tabs, semicolons and pipes in its cells are text. */
export const STORYGRAPH_DELIMITER = ',';

export const isStoryGraphHeader = (header: readonly string[]) =>
  header.includes('Read Status') && header.includes('ISBN/UID') && header.includes('Title');

/** StoryGraph's severity groups to SPEC.md's severities (1 Minor, 2 Moderate, 3 Severe). */
const SEVERITY_WORDS: Record<string, number> = { graphic: 3, severe: 3, moderate: 2, minor: 1 };
const SEVERITY_GROUP = { 3: 'Graphic', 2: 'Moderate', 1: 'Minor' } as Record<number, string>;

const labelIndex = (options: readonly { id: number; label: string }[]) =>
  new Map(options.map((o) => [matchKey(o.label), o.id]));
const MOOD_BY_WORD = labelIndex(MOODS);
const PACE_BY_WORD = labelIndex(PACES);
/** Each warning by its label and by each half of a label such as 'Death/Grief'. */
const WARNING_BY_WORD = new Map<string, number>();
for (const w of CONTENT_WARNINGS) {
  WARNING_BY_WORD.set(matchKey(w.label), w.id);
  for (const part of w.label.split('/')) WARNING_BY_WORD.set(matchKey(part), w.id);
}

function readFocus(cell: string): number | null {
  const word = matchKey(cell);
  if (word.startsWith('character')) return 2;
  if (word.startsWith('plot')) return 1;
  if (word.includes('mix')) return 3;
  return null;
}

/** 'Graphic: Violence, Gore; Moderate: Grief' to warning id → severity, and the words that matched nothing. */
export function readContentWarnings(cell: string): { warnings: Record<string, number>; unknown: string[] } {
  const warnings: Record<string, number> = {};
  const unknown: string[] = [];
  for (const group of cell.split(/[;\n]/)) {
    const m = /^\s*([A-Za-z]+)\s*:\s*(.*)$/.exec(group);
    const severity = m ? SEVERITY_WORDS[(m[1] ?? '').toLowerCase()] : undefined;
    const list = severity === undefined ? group : (m?.[2] ?? '');
    for (const word of commaList(list)) {
      const id = WARNING_BY_WORD.get(matchKey(word));
      if (id === undefined) unknown.push(word);
      else warnings[String(id)] = Math.max(warnings[String(id)] ?? 0, severity ?? 2);
    }
  }
  return { warnings, unknown };
}

/** 'Dates Read': reads separated by commas, each a range 'A-B' (B may be missing) or one date (the end). */
export function readDatesRead(cell: string): ReadSpan[] {
  const spans: ReadSpan[] = [];
  const date = '(\\d{4}[/-]\\d{1,2}[/-]\\d{1,2}|\\d{4}[/-]\\d{1,2}|\\d{4})';
  const range = new RegExp(`^${date}?\\s*(?:-|–|to)\\s*${date}?$`);
  for (const part of commaList(cell)) {
    const single = readDate(part);
    if (single) {
      // One date is when the read ended; its start is unknown (not that same day).
      spans.push({ start: null, end: single });
      continue;
    }
    const m = range.exec(part);
    if (m) spans.push({ start: readDate(m[1]), end: readDate(m[2]) });
  }
  return spans.filter((s) => s.start !== null || s.end !== null);
}

export function storyGraphRecords(table: CsvTable): LibraryRecord[] {
  const cellsOf = cellsByName(table.header);
  return table.rows.map((cells, i) => storyGraphRecord(cellsOf(cells), table.rowNumbers[i] ?? i + 1));
}

function storyGraphRecord(raw: CellOf, row: number): LibraryRecord {
  const cell = (name: string) => fitText(raw(name).trim());
  const title = cell('Title');
  const authors = commaList(cell('Authors'));
  const uid = cell('ISBN/UID');
  const isbn = readIsbn(uid);
  const notes: string[] = [];
  const status = statusOf(cell('Read Status'));
  const added = readDate(cell('Date Added'));
  let reads = readDatesRead(cell('Dates Read'));
  const lastRead = readDate(cell('Last Date Read'));
  if (reads.length === 0 && lastRead) reads = [{ start: lastRead, end: lastRead }];
  const readCount = readWholeNumber(raw('Read Count')) ?? 0;
  const finished = reads.filter((r) => r.end !== null).length;
  if (readCount > finished && finished > 0) {
    notes.push(
      `Read ${readCount} times, but the file dates only ${finished === 1 ? 'one read' : `${finished} reads`}`,
    );
  }

  const shelves: ShelfPlacement[] = [];
  const builtin = statusShelf(status);
  if (builtin) shelves.push(builtinPlacement(builtin));
  for (const tag of commaList(cell('Tags'))) {
    if (isFavoritesShelf(tag)) shelves.push(builtinPlacement('favorites'));
    else if (isOwnedShelf(tag)) shelves.push(builtinPlacement('owned'));
    else if (!shelves.some((s) => s.slug === null && matchKey(s.name) === matchKey(tag)))
      shelves.push({ slug: null, name: clip(tag, 100), position: null });
  }
  if (/^(yes|true|1)$/i.test(cell('Owned?')) && !shelves.some((s) => s.slug === 'owned')) {
    shelves.push(builtinPlacement('owned'));
  }

  const review = storyGraphReview(cell, notes);
  const pages = readWholeNumber(raw('Pages'));
  return {
    row,
    key: isbn.isbn13
      ? `storygraph:${isbn.isbn13}`
      : uid !== ''
        ? `storygraph:${matchKey(uid)}`
        : `storygraph:${titleAuthorKey(title, authors[0])}`,
    title,
    authors,
    isbn13: isbn.isbn10 !== null && uid.replace(/[^0-9Xx]/g, '').length === 10 ? null : isbn.isbn13,
    isbn10: isbn.isbn10,
    publisher: null,
    pages,
    year: null,
    format: cell('Format') || null,
    status,
    shelves,
    events: eventsForReads(status, reads, added),
    review,
    added_at: added === null ? null : noonOf(added),
    notes,
    problem: title === '' ? 'The row has no title.' : null,
  };
}

function storyGraphReview(cell: (name: string) => string, notes: string[]): ImportReview | null {
  const rating = readRating(cell('Star Rating'));
  const text = htmlToText(cell('Review'));
  const moodWords = commaList(cell('Moods'));
  const moods = [
    ...new Set(moodWords.map((w) => MOOD_BY_WORD.get(matchKey(w))).filter((id) => id !== undefined)),
  ];
  const unmatchedMoods = moodWords.filter((w) => !MOOD_BY_WORD.has(matchKey(w)));
  const pace = PACE_BY_WORD.get(matchKey(cell('Pace')));
  const focus = readFocus(cell('Character- or Plot-Driven?'));
  const { warnings, unknown } = readContentWarnings(cell('Content Warnings'));
  if (rating === null) {
    if (text !== '') notes.push('Review not imported: a Shelfwise review needs a star rating');
    return null;
  }
  if (unmatchedMoods.length > 0) notes.push(`Moods not in Shelfwise's list: ${unmatchedMoods.join(', ')}`);
  if (unknown.length > 0) notes.push(`Content warnings not in Shelfwise's list: ${unknown.join(', ')}`);
  let body = text === '' ? null : text;
  if (body !== null && [...body].length > REVIEW_LIMITS.bodyMax) {
    body = [...body].slice(0, REVIEW_LIMITS.bodyMax).join('');
    notes.push(`Review shortened to ${REVIEW_LIMITS.bodyMax} characters`);
  }
  return {
    rating,
    headline: '',
    review_body: body,
    spoiler: false,
    // Only what the file says: StoryGraph has no tone or recommendation, and pace and focus may be blank.
    tone: null,
    pace: pace ?? null,
    story_focus: focus ?? null,
    recommend: null,
    mood_ids: moods.slice(0, REVIEW_LIMITS.moodsMax).sort((a, b) => a - b),
    quality_ids: [],
    content_warnings: warnings,
    created_at: null,
  };
}

const sgDate = (iso: string | null | undefined) => (iso ? iso.slice(0, 10).replace(/-/g, '/') : '');

/** Reads as StoryGraph writes them: 'start-end' per read, newest last. */
function datesRead(r: LibraryRecord): string {
  const spans: string[] = [];
  let start: string | null = null;
  for (const e of r.events) {
    if (e.type === 'start') start = e.at;
    else if (e.type === 'finish' || e.type === 'dnf') {
      // A read known only by its end is one date, as StoryGraph writes it, so no start is read back.
      spans.push(start === null ? sgDate(e.at) : `${sgDate(start)}-${sgDate(e.at)}`);
      start = null;
    }
  }
  if (start !== null) spans.push(`${sgDate(start)}-`);
  return spans.join(', ');
}

function warningsCell(warnings: Record<string, number>): string {
  const groups: string[] = [];
  for (const severity of [3, 2, 1]) {
    const names = Object.entries(warnings)
      .filter(([, s]) => s === severity)
      .map(([id]) => labelOf(CONTENT_WARNINGS, Number(id)))
      .filter((n): n is string => n !== null);
    if (names.length > 0) groups.push(`${SEVERITY_GROUP[severity]}: ${names.join(', ')}`);
  }
  return groups.join('; ');
}

const FOCUS_WORD: Record<number, string> = { 1: 'Plot', 2: 'Character', 3: 'A mix' };

export function writeStoryGraph(records: readonly LibraryRecord[]): string {
  const rows = records.map((r) => {
    const finishes = r.events.filter((e) => e.type === 'finish');
    const review = r.review;
    const tags = r.shelves
      .filter((p) => p.slug === null || p.slug === 'favorites')
      .map((p) => (p.slug === 'favorites' ? 'favorites' : p.name));
    return [
      r.title,
      r.authors.join(', '),
      '',
      r.isbn13 ?? '',
      r.format ?? '',
      statusWord(r.status),
      sgDate(r.added_at ?? r.events[0]?.at),
      sgDate(finishes[finishes.length - 1]?.at),
      datesRead(r),
      String(finishes.length),
      review ? review.mood_ids.map((id) => (labelOf(MOODS, id) ?? '').toLowerCase()).join(', ') : '',
      review?.pace != null ? (labelOf(PACES, review.pace) ?? '').toLowerCase() : '',
      review?.story_focus != null ? (FOCUS_WORD[review.story_focus] ?? '') : '',
      '',
      '',
      '',
      '',
      review ? String(review.rating) : '',
      review?.review_body ?? '',
      review ? warningsCell(review.content_warnings) : '',
      '',
      tags.join(', '),
      r.shelves.some((p) => p.slug === 'owned') ? 'Yes' : 'No',
    ];
  });
  return writeCsv(STORYGRAPH_COLUMNS, rows);
}
