// What each change makes stale: the one table every screen uses to mark cached /sf/ answers out of date
// after a write, so two screens making the same change refresh the same answers. A change that a screen
// also applies to its own copy in place (the dashboard's Currently Reading list, the log list) says so and
// leaves that answer alone.
import type { QueryClient } from '@tanstack/react-query';
import type { EndpointName } from '@shared/api/endpoints';
import { sfQueryKey } from './hooks/use-sf-query';

type Names = readonly EndpointName[];

/** An edition put on or taken off a shelf: the shelf, its counts, and everywhere shelves are listed. */
const SHELF_MEMBERSHIP: Names = [
  'edition-shelves',
  'works-shelf-status',
  'list-shelves',
  'shelf-counts',
  'get-shelf-items',
  'public-shelf',
  'public-profile',
];

/**
 * Any reading event counts towards stats, goals and the streak and shows in the logs and on the profile;
 * the server also moves the book between the built-in shelves in the event's transaction (a start, a
 * finish, a DNF, and a public event publishing what private ones shelved), so every shelf answer too.
 */
const READING_EVENT: Names = [
  'reading-events',
  'currently-reading',
  'list-reading-logs',
  'reading-stats',
  'reading-streak',
  'reading-goals',
  'reading-insights',
  ...SHELF_MEMBERSHIP,
];

/** Every cached answer that names authors: an author merge renames or moves credits in all of them. */
const AUTHOR_NAMES: Names = [
  'author-details',
  'search-authors',
  'search-works',
  'admin-search-works',
  'work-details',
  'work-editions',
  'edition-details',
  'get-shelf-items',
  'public-shelf',
  'public-profile',
  'currently-reading',
];

/** The changes a screen can make, each with the cached answers it makes stale. */
export const STALE_AFTER = {
  shelfMembership: SHELF_MEMBERSHIP,
  readingEvent: READING_EVENT,
  /** The dashboard has already put the event into its Currently Reading list (SPEC.md §4). */
  readingEventListedInPlace: READING_EVENT.filter((name) => name !== 'currently-reading'),
  /** A log's note or time changed: only the events it is; the log list is updated in place. */
  logNote: ['reading-events'],
  /** A log's pages or percent changed: also what its location feeds (stats, goals, the dashboard's progress). */
  logLocation: ['reading-events', 'reading-stats', 'reading-goals', 'reading-insights', 'currently-reading'],
  /** A deleted log: as a location change, and the streak, which counts the days read. */
  logDelete: [
    'reading-events',
    'reading-stats',
    'reading-goals',
    'reading-insights',
    'currently-reading',
    'reading-streak',
  ],
  goal: ['reading-goals', 'reading-insights'],
  shelfCreated: ['list-shelves', 'shelf-counts'],
  /** A row taken off the shelf it is shown on; the page has already dropped it from its own list. */
  shelfItemRemoved: ['shelf-counts', 'edition-shelves'],
  review: ['work-reviews', 'work-details', 'public-profile', 'reading-insights'],
  workDate: ['work-details', 'author-details'],
  /** The primary edition orders the editions list and gives the work its cover elsewhere. */
  primaryEdition: ['work-details', 'work-editions', 'author-details'],
  /** Edition authors show wherever an edition is listed with its authors. */
  editionAuthors: [
    'edition-details',
    'work-editions',
    'get-shelf-items',
    'public-shelf',
    'currently-reading',
  ],
  /** A merge moves editions, reviews, shelf items and events from one work to another and deletes it. */
  workMerge: [
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
  ],
  authorMerge: AUTHOR_NAMES,
  /** A follow made, ended, asked for or answered, or a block or mute: every social answer naming either. */
  follow: [
    'reader-relationship',
    'public-profile',
    'follower-profile',
    'reader-followers',
    'reader-following',
    'follow-requests',
    'friends-activity',
    'reader-suggestions',
    'blocked-readers',
    'muted-readers',
    'notifications',
    'notification-count',
  ],
  /** Notifications marked read: the list and the bell's count. */
  notificationsRead: ['notifications', 'notification-count'],
  notificationSettings: ['notification-settings'],
  /** Who may follow: the settings, the requests it may accept, and how the profile shows to others. */
  socialSettings: [
    'social-settings',
    'follow-requests',
    'public-profile',
    'follower-profile',
    'reader-followers',
  ],
  /** Issue 27's talk: a like changes counts and who liked; a comment its thread and the review's count. */
  like: ['like-states', 'likers', 'work-reviews'],
  comment: ['review-comments', 'work-reviews'],
  /** A handled report leaves the queue, and a removed review or comment leaves every list of it. */
  reportResolved: ['report-queue', 'review-comments', 'work-reviews', 'work-details', 'like-states'],
} satisfies Record<string, Names>;

export type Change = keyof typeof STALE_AFTER;

/**
 * Marks the answers `change` makes stale; those on screen are fetched again at once. `refetch: false` only
 * marks them, so they are fetched when next shown: for a change after which the page leaves (a merge
 * deletes the work or author the page is showing, and refetching it now would flash 'not found').
 */
export async function markStale(
  queryClient: QueryClient,
  change: Change,
  { refetch = true } = {},
): Promise<void> {
  await Promise.all(
    STALE_AFTER[change].map((name) =>
      queryClient.invalidateQueries(
        refetch ? { queryKey: sfQueryKey(name) } : { queryKey: sfQueryKey(name), refetchType: 'none' },
      ),
    ),
  );
}
