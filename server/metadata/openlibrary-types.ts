// The records the Open Library client answers, and its one error type.
import type { SeriesPlace } from '@shared/domain/library-import/series';

export interface ImportedAuthor {
  name: string;
  olKey: string;
  /** Other spellings Open Library lists for the same person ("Fyodor Dostoyevsky"). */
  alternateNames: string[];
}
export interface ImportedWork {
  olKey: string;
  title: string;
  description: string | null;
  firstPublished: string | null;
  dateString: string | null;
  subjects: string[];
  genres: string[];
}
export interface ImportedEdition {
  olKey: string;
  // Empty only when fetchEdition meets an edition that Open Library lists without any ISBN.
  isbn13: string;
  title: string;
  publisher: string | null;
  date: string | null;
  dateString: string | null;
  pageCount: number | null;
  format: string | null;
  description: string | null;
  coverUrl: string | null;
  /** The series the edition's record names, parsed; null when it names none we can read. */
  series: SeriesPlace | null;
}
export interface ImportedBook {
  edition: ImportedEdition;
  work: ImportedWork;
  authors: ImportedAuthor[];
}

/** A work picked from a search result: the edition is null when Open Library lists none. */
export interface PickedWork {
  work: ImportedWork;
  authors: ImportedAuthor[];
  edition: ImportedEdition | null;
}

/** 'busy': refused by our own rate limit, never sent. */
export type OpenLibraryErrorCode = 'unreachable' | 'bad_response' | 'busy';

export class OpenLibraryError extends Error {
  readonly code: OpenLibraryErrorCode;
  constructor(code: OpenLibraryErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'OpenLibraryError';
    this.code = code;
  }
}

export const badResponse = (what: string) =>
  new OpenLibraryError('bad_response', `Unexpected Open Library data: ${what}`);
