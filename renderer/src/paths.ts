// Every in-app link the renderer writes, in one place, so a route's shape changes here alone. The route
// table (routes/route-table.ts) holds the patterns these fill in.

/** A work's page, opened at one edition when given (SPEC.md §2 "Work page": ?edition= picks it). */
export function workPath(workId: string, editionId?: string | null): string {
  return editionId ? `/work/${workId}?edition=${editionId}` : `/work/${workId}`;
}

export const authorPath = (authorId: string): string => `/author/${authorId}`;

export const userPath = (username: string): string => `/user/${encodeURIComponent(username)}`;

/** The Import and export page (issue 14): bringing a library in from a file, and taking it out again. */
export const IMPORT_PATH = '/import';

/** The Import and export page showing one import's progress or report. */
export const importReportPath = (importId: string): string =>
  `${IMPORT_PATH}?import=${encodeURIComponent(importId)}`;

/** Any shelf by its id: the page that shows public shelves as well as the reader's own. */
export const shelfIdPath = (shelfId: string): string => `/shelf/${shelfId}`;

/** The reader's own shelf: a built-in has its own path (/read), a custom shelf is /shelf/{id}. */
export function shelfPath(shelf: { id: string; slug?: string | null }): string {
  return shelf.slug ? `/${shelf.slug}` : shelfIdPath(shelf.id);
}

/** Null for text that is only blanks: there is nothing to search for. */
export function searchPath(text: string): string | null {
  const trimmed = text.trim();
  return trimmed ? `/search/${encodeURIComponent(trimmed)}` : null;
}

/** The admin screens (SPEC.md §2; issue 26 adds the unverified works), which link to each other. */
export const ADMIN_RESET_GENRE_PATH = '/admin/reset-genre';
export const ADMIN_UNVERIFIED_WORKS_PATH = '/admin/unverified-works';
/** Issue 27: reported reviews and comments. */
export const ADMIN_REPORTS_PATH = '/admin/reports';
