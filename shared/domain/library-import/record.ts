// The one shape every import format is read into and every export is written from. Goodreads, StoryGraph
// and Shelfwise files all become LibraryRecords (one per book row); the server applies records to a reader's
// library, and builds records back from it to export, so each exporter is checked against its own parser.
import type { ReadingEventType } from '../reading-state';
import type { ImportFormat } from '../../api/imports';
import type { SeriesPlace } from './series';

/** Where a row leaves the book: a built-in shelf or one of SPEC.md §4's reading states. */
export type BookStatus = 'read' | 'currently-reading' | 'to-read' | 'dnf' | 'paused';

export interface ImportEvent {
  type: ReadingEventType;
  /** ISO timestamp; rows with dates only are placed at noon UTC so the local day is the file's day. */
  at: string;
  start_page: number | null;
  end_page: number | null;
  start_percent: number | null;
  end_percent: number | null;
  journal_md: string | null;
  is_public: boolean;
  /** When the entry was last edited (Shelfwise files only); otherwise the event's own time. */
  updated_at?: string | null;
}

export interface ImportReview {
  rating: number;
  headline: string;
  review_body: string | null;
  spoiler: boolean;
  /** Null when the file does not say (Goodreads never does): a rating is not a vote on these. */
  tone: number | null;
  pace: number | null;
  story_focus: number | null;
  recommend: boolean | null;
  mood_ids: number[];
  quality_ids: number[];
  content_warnings: Record<string, number>;
  /** When the file says; otherwise the import's own time is used. */
  created_at: string | null;
  /** When it was last edited (Shelfwise files only); otherwise created_at. */
  updated_at?: string | null;
}

/** A shelf the book is on: a built-in by slug or a custom shelf by name, with its place when the file has one. */
export interface ShelfPlacement {
  slug: string | null;
  name: string;
  /** Smaller comes first; null keeps the file's row order after the placed ones. */
  position: number | null;
  /**
   * Shelfwise files only: when the book went on this shelf, and who sees it there (migration 0041): the
   * reader (owner_visible) and everyone else from published_at (null: nobody else yet). Absent in other
   * formats, where an imported item is seen by both from the import on.
   */
  added_at?: string | null;
  owner_visible?: boolean;
  published_at?: string | null;
}

export interface LibraryRecord {
  /** 1-based data row (or book index in a Shelfwise file). */
  row: number;
  /**
   * The row's stable identity in its source (Goodreads Book Id, StoryGraph ISBN/UID, else normalised
   * title + first author), so importing a file again finds what the first import did.
   */
  key: string;
  /** The title alone: a Goodreads series suffix is taken off into `series`. */
  title: string;
  /** The series the file places the book in (Goodreads titles); absent or null when it does not say. */
  series?: SeriesPlace | null;
  authors: string[];
  isbn13: string | null;
  isbn10: string | null;
  publisher: string | null;
  pages: number | null;
  year: number | null;
  format: string | null;
  status: BookStatus | null;
  shelves: ShelfPlacement[];
  events: ImportEvent[];
  review: ImportReview | null;
  /** When the book was first shelved (ISO timestamp), when the file says. */
  added_at: string | null;
  /** Things the importer could not carry over as they stand (said in the row's reason, never dropped). */
  notes: string[];
  /** Set when the row cannot be imported at all: it ends 'failed' with this reason. */
  problem: string | null;
}

export interface ImportShelf {
  slug: string | null;
  name: string;
  description: string | null;
}

export interface ImportGoal {
  goal_year: number;
  goal_type: 'books' | 'pages' | 'hours';
  target_qty: number;
}

export interface ImportProfile {
  first_name: string | null;
  last_name: string | null;
}

/** A whole file, read. Shelves, goals and profile come only from Shelfwise files (null/empty otherwise). */
export interface LibraryFile {
  format: ImportFormat;
  records: LibraryRecord[];
  shelves: ImportShelf[];
  goals: ImportGoal[];
  profile: ImportProfile | null;
}
