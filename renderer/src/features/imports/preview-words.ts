// How the preview tells a reader what each row of their file will become, in the app's own words: the
// shelf (SPEC.md §3's built-in names), the reads, the rating and what the importer will try first to find
// the book (the matching order: ISBN-13, ISBN-10, then title and first author).
import type { ImportPreviewRow } from '@shared/api/imports';
import { formatShortDate } from '../../lib/format-date';

type PreviewDate = NonNullable<ImportPreviewRow['dates']>[number];

const SHELF_OF_STATUS: Record<string, string> = {
  read: 'Read',
  'currently-reading': 'Currently Reading',
  'to-be-read': 'To Be Read',
  // SPEC.md §4: a DNF leaves Currently Reading and is on no built-in shelf; a pause stays there.
  dnf: 'Did not finish',
  paused: 'Currently Reading (paused)',
};

export function shelfWords(
  row: Pick<ImportPreviewRow, 'status' | 'custom_shelves'> & { shelves?: string[] | undefined },
): string {
  if (row.shelves) {
    // Every shelf the row lands on (Owned and Favorites too); a paused read stays on Currently Reading,
    // and a DNF is on none of the reading shelves, so both say so.
    const named = row.shelves.map((name) =>
      row.status === 'paused' && name === 'Currently Reading' ? SHELF_OF_STATUS.paused! : name,
    );
    if (row.status === 'dnf') named.unshift(SHELF_OF_STATUS.dnf!);
    return named.length > 0 ? named.join(', ') : 'No shelf';
  }
  const shelves = [row.status ? (SHELF_OF_STATUS[row.status] ?? row.status) : null, ...row.custom_shelves];
  const named = shelves.filter((name): name is string => Boolean(name));
  return named.length > 0 ? named.join(', ') : 'No shelf';
}

export function readsWords(reads: number): string {
  // Not 'not read': a Read row without dates is read, the file just does not say when.
  if (reads <= 0) return 'No dates';
  return reads === 1 ? '1 read' : `${reads} reads`;
}

export function ratingWords(rating: number | null): string {
  return rating === null || rating === 0 ? 'Unrated' : `${rating} of 5`;
}

export function matchWords(row: Pick<ImportPreviewRow, 'isbn13' | 'isbn10'>): string {
  if (row.isbn13) return `ISBN-13 ${row.isbn13}`;
  if (row.isbn10) return `ISBN-10 ${row.isbn10}`;
  return 'Title and author';
}

/**
 * One line per read: 'Feb 1, 2019 – Feb 20, 2019', 'Finished May 10, 2023' (Goodreads knows only the day
 * a book was read, so its start and finish fall on one day), 'Started Jan 5, 2024', and so on.
 */
export function datesWords(dates: readonly PreviewDate[] | undefined): string[] {
  const lines: string[] = [];
  let started: string | null = null;
  const day = formatShortDate;
  for (const { type, on } of dates ?? []) {
    if (type === 'start') {
      if (started) lines.push(`Started ${day(started)}`);
      started = on;
      continue;
    }
    const span = started && started !== on ? `${day(started)} – ${day(on)}` : null;
    if (type === 'finish') lines.push(span ?? `Finished ${day(on)}`);
    else if (type === 'dnf') lines.push(span ? `${span}, did not finish` : `Did not finish ${day(on)}`);
    else lines.push(started ? `Started ${day(started)}, paused ${day(on)}` : `Paused ${day(on)}`);
    started = null;
  }
  if (started) lines.push(`Started ${day(started)}`);
  return lines.length > 0 ? lines : ['No dates'];
}
