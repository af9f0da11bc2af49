// The cached answers each change on the work page makes stale, named once so every writer invalidates
// the same set (CONVENTIONS: invalidate exactly the affected keys).
import type { QueryClient } from '@tanstack/react-query';
import type { EndpointName } from '@shared/api/endpoints';
import { sfQueryKey } from '../../components/use-sf-query';

/** An edition put on or taken off a shelf: the shelf, its counts, and everywhere shelves are listed. */
export const SHELF_CHANGE: readonly EndpointName[] = [
  'edition-shelves',
  'list-shelves',
  'shelf-counts',
  'get-shelf-items',
  'public-shelf',
  'public-profile',
];

/** A start or resume event: the reading state, the logs and the dashboard; a start also shelves it. */
export const READING_CHANGE: readonly EndpointName[] = [
  'reading-events',
  'currently-reading',
  'list-reading-logs',
  'reading-stats',
  'reading-streak',
  ...SHELF_CHANGE,
];

export const WORK_DATE_CHANGE: readonly EndpointName[] = ['work-details', 'author-details'];

/** The primary edition orders the editions list and gives the work its cover elsewhere. */
export const PRIMARY_EDITION_CHANGE: readonly EndpointName[] = [
  'work-details',
  'work-editions',
  'author-details',
];

/** Edition authors show wherever an edition is listed with its authors. */
export const EDITION_AUTHORS_CHANGE: readonly EndpointName[] = [
  'edition-details',
  'work-editions',
  'get-shelf-items',
  'public-shelf',
  'currently-reading',
];

/** A merge moves editions, reviews, shelf items and events from one work to another and deletes it. */
export const WORK_MERGE: readonly EndpointName[] = [
  'work-details',
  'work-editions',
  'work-genres',
  'work-reviews',
  'edition-details',
  'author-details',
  'search-works',
  'admin-search-works',
  'reading-events',
  'currently-reading',
  'get-shelf-items',
  'public-shelf',
];

/**
 * `refetch: false` only marks the answers stale, so they are fetched again when next shown: for a change
 * after which the page leaves (a merge deletes the work this page is showing).
 */
export async function invalidateSf(
  queryClient: QueryClient,
  names: readonly EndpointName[],
  { refetch = true } = {},
): Promise<void> {
  await Promise.all(
    names.map((name) =>
      queryClient.invalidateQueries({ queryKey: sfQueryKey(name), refetchType: refetch ? 'active' : 'none' }),
    ),
  );
}
