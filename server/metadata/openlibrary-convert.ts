// Open Library's records in the shapes the importer stores.
import type { z } from 'zod';
import { firstOpenLibrarySeries } from '@shared/domain/library-import/series';
import { mapPhysicalFormat, parsePagination, parsePublishDate } from './normalise';
import { mapSubjectsToGenres } from './genre-map';
import type { editionRecord, workRecord } from './openlibrary-records';
import { toIsbn13 } from './openlibrary-search';
import { badResponse, type ImportedEdition, type ImportedWork } from './openlibrary-types';

export const olCoverUrl = (id: number) => `https://covers.openlibrary.org/b/id/${id}-L.jpg`;

/** Few works carry a first publish date; the earliest dated edition stands in for it. */
export function withEarliestDate(work: ImportedWork, editions: EditionRecord[]): ImportedWork {
  if (work.firstPublished) return work;
  let earliest: { date: string; dateString: string } | null = null;
  for (const e of editions) {
    const date = e.publish_date && parsePublishDate(e.publish_date);
    if (date && (!earliest || date < earliest.date)) earliest = { date, dateString: date.slice(0, 4) };
  }
  return earliest ? { ...work, firstPublished: earliest.date, dateString: earliest.dateString } : work;
}

type EditionRecord = z.output<typeof editionRecord>;
type WorkRecord = z.output<typeof workRecord>;

export function toEdition(record: EditionRecord, requestedIsbn13: string | null): ImportedEdition {
  const { key: olKey, title, subtitle, publish_date: dateString } = record;
  if (!olKey || !title) throw badResponse(`edition ${olKey ?? '(no key)'} has no key or title`);
  const listed = [...record.isbn_13, ...record.isbn_10]
    .map(toIsbn13)
    .filter((isbn): isbn is string => isbn !== null);
  // Open Library found this edition by the ISBN we asked for, so it is the most precise one to keep.
  const isbn13 = requestedIsbn13 && listed.includes(requestedIsbn13) ? requestedIsbn13 : listed[0];
  return {
    olKey,
    isbn13: isbn13 ?? requestedIsbn13 ?? '',
    title: subtitle ? `${title}: ${subtitle}` : title,
    publisher: record.publishers[0] ?? null,
    date: dateString && parsePublishDate(dateString),
    dateString,
    pageCount: record.number_of_pages ?? parsePagination(record.pagination),
    format: mapPhysicalFormat(record.physical_format),
    description: record.description,
    coverUrl: record.covers === undefined ? null : olCoverUrl(record.covers),
    series: firstOpenLibrarySeries(record.series),
  };
}

export function toWork(record: WorkRecord): ImportedWork {
  const { key: olKey, title, subjects, first_publish_date: dateString } = record;
  if (!olKey || !title) throw badResponse(`work ${olKey ?? '(no key)'} has no key or title`);
  return {
    olKey,
    title,
    description: record.description,
    firstPublished: dateString && parsePublishDate(dateString),
    dateString,
    subjects,
    genres: mapSubjectsToGenres(subjects),
  };
}
