// Contracts of the admin curation calls (SPEC.md §2 "Admin Tools", §5 "Admin", §7). Only profiles with
// is_admin may call them; the pipeline answers 401 without a session and 403 for everyone else.
// SPEC.md §7 says these answer "text": they answer JSON { message } with that text ('Saved', 'Genre reset'),
// so errors and successes keep one shape and the client shows `message` (or the error's `error`) as-is.
import { z } from 'zod';
import { empty, endpoint, id, optionalText, searchQuery } from './common';
import { searchHit } from './catalogue';

export const ADMIN_MESSAGES = {
  saved: 'Saved',
  genreReset: 'Genre reset',
  workMerged: 'Work merged',
  authorMerged: 'Author merged',
  dateAndStringRequired: 'Set date and date string',
  editionRequired: 'Select edition',
  noEditionSelected: 'No edition selected',
  authorsRequired: 'Enter at least one author id',
  duplicateAuthor: 'Each author can be listed once',
  invalidDate: 'Date must be a real date written YYYY-MM-DD',
  dateStringTooLong: 'Date string must be at most 100 characters',
  workIntoItself: 'A work cannot be merged into itself',
  authorIntoItself: 'An author cannot be merged into itself',
  workApproved: 'Work approved',
  workRemoved: 'Work removed',
  alreadyVerified: 'This work is already in the catalogue',
} as const;

const message = z.object({ message: z.string() });

/** A calendar date PostgreSQL accepts: YYYY-MM-DD from year 0001. */
const isIsoDate = (text: string) => z.iso.date().safeParse(text).success && !text.startsWith('0000');

export const setWorkDateRequest = z
  .object({
    work_id: id,
    /** Locked dates are kept when metadata is refreshed; locking needs both a date and its display text. */
    lock: z.boolean(),
    /** YYYY-MM-DD. Without lock, a missing date or date string leaves the stored one as it is. */
    date: optionalText(1000),
    date_string: optionalText(1000),
  })
  .superRefine((v, ctx) => {
    const problem =
      v.lock && (v.date === null || v.date_string === null)
        ? ADMIN_MESSAGES.dateAndStringRequired
        : v.date !== null && !isIsoDate(v.date)
          ? ADMIN_MESSAGES.invalidDate
          : v.date_string !== null && [...v.date_string].length > 100
            ? ADMIN_MESSAGES.dateStringTooLong
            : null;
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const setPrimaryEditionRequest = z
  .object({ work_id: id, edition_id: id.nullish().transform((e) => e ?? null), lock: z.boolean() })
  .superRefine((v, ctx) => {
    if (v.lock && v.edition_id === null)
      ctx.addIssue({ code: 'custom', message: ADMIN_MESSAGES.editionRequired });
  });

export const setEditionAuthorsRequest = z
  .object({
    edition_id: id.nullish(),
    /** The edition's authors in order; they replace the current list. */
    author_ids: z.array(id).max(50, 'At most 50 authors'),
  })
  .superRefine((v, ctx) => {
    const problem = !v.edition_id
      ? ADMIN_MESSAGES.noEditionSelected
      : v.author_ids.length === 0
        ? ADMIN_MESSAGES.authorsRequired
        : new Set(v.author_ids).size !== v.author_ids.length
          ? ADMIN_MESSAGES.duplicateAuthor
          : null;
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform((v) => ({ ...v, edition_id: v.edition_id as string }));

export const mergeWorkRequest = z
  .object({ from_work_id: id, into_work_id: id })
  .refine((v) => v.from_work_id !== v.into_work_id, ADMIN_MESSAGES.workIntoItself);

export const mergeAuthorRequest = z
  .object({ from_author_id: id, into_author_id: id })
  .refine((v) => v.from_author_id !== v.into_author_id, ADMIN_MESSAGES.authorIntoItself);

/** How many unverified works the admin list shows at once, newest first. */
export const UNVERIFIED_WORKS_LIMIT = 100;

/** A reader-made work nobody has vouched for yet (issue 26), as the admin list shows it. */
export const unverifiedWork = z.object({
  id,
  title: z.string(),
  author_names: z.string(),
  created_at: z.string(),
  /** The reader who made it; null once their account is gone. */
  created_by: z.object({ id, username: z.string() }).nullable(),
  /** Readers who have it on a shelf, in their reading log or reviewed. */
  readers: z.number().int().nonnegative(),
});

export const adminEndpoints = {
  'set-work-date': endpoint('admin', setWorkDateRequest, message),
  'set-primary-edition': endpoint('admin', setPrimaryEditionRequest, message),
  'set-edition-authors': endpoint('admin', setEditionAuthorsRequest, message),
  /** Moves everything of from_work_id onto into_work_id and deletes it; the client then opens the target. */
  'merge-work': endpoint('admin', mergeWorkRequest, message.extend({ work_id: id })),
  'merge-author': endpoint('admin', mergeAuthorRequest, message.extend({ author_id: id })),
  /** Clears the work's genres and marks it for a fresh Open Library look-up on the next work-genres call. */
  'reset-work-genre': endpoint('admin', z.object({ work_id: id }), message),
  /** Work search for the admin pages (SPEC.md §2 "Admin reset genre"); a blank query answers nothing. */
  'admin-search-works': endpoint(
    'admin',
    z.object({ query: searchQuery }),
    z.object({ results: z.array(searchHit) }),
  ),
  /** Unverified works, newest first (at most UNVERIFIED_WORKS_LIMIT), and how many there are in all. */
  'unverified-works': endpoint(
    'admin',
    empty,
    z.object({ works: z.array(unverifiedWork), total: z.number().int().nonnegative() }),
  ),
  /** Vouches for an unverified work: it joins search, author pages and everyone's import matching at once. */
  'approve-work': endpoint('admin', z.object({ work_id: id }), message),
  /** Deletes an unverified work with its editions and everything readers hung on it. */
  'remove-work': endpoint('admin', z.object({ work_id: id }), message),
};
