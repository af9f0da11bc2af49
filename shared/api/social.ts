// Contracts of the social calls (issue 27): following (one way; a reader may approve followers first),
// follow lists and suggestions, Friends Activity, and blocks and mutes. Who sees what is decided by one rule
// (shared/domain/social-visibility.ts).
import { z } from 'zod';
import { empty, endpoint, id, ok, text } from './common';
import type { EndpointDef } from './common';
import { publicProfileCard, publicProfileResponse } from './profiles';
import { readingCursor } from './reading';

/** A reader follows (or has asked to follow) at most this many readers. */
export const MAX_FOLLOWS = 5000;
/** New follows (requests included) a reader may make per UTC day; unfollowing gives none back. */
export const MAX_FOLLOWS_PER_DAY = 200;
export const FOLLOW_LIMIT_MESSAGE = `You follow the most readers you can (${MAX_FOLLOWS.toLocaleString('en-US')}). Unfollow someone first.`;
export const FOLLOW_DAY_LIMIT_MESSAGE = `You have followed ${MAX_FOLLOWS_PER_DAY} readers today, the most in a day. Try again tomorrow.`;
export const FOLLOW_LIST_PAGE = 30;
export const SUGGESTIONS_LIMIT = 8;

export const followPolicy = z.enum(['anyone', 'approve']);
export type FollowPolicy = z.infer<typeof followPolicy>;
export const followState = z.enum(['none', 'requested', 'accepted']);

export const readerCard = publicProfileCard;
export type ReaderCard = z.infer<typeof readerCard>;

const readerRef = z.object({ user_id: id }).strict();
const pageLimit = (fallback: number) => z.number().int().min(1).max(100).default(fallback);
const readerPage = z.object({ readers: z.array(readerCard), next_cursor: z.string().nullable() });
const listRequest = z
  .object({
    username: text().trim().min(1, 'username is required').max(100),
    limit: pageLimit(FOLLOW_LIST_PAGE),
    after: readingCursor.optional(),
  })
  .strict();

export const activityKind = z.enum(['start', 'finish', 'dnf', 'review', 'shelved', 'goal', 'import']);
export type ActivityKind = z.infer<typeof activityKind>;

export const activityItem = z.object({
  id,
  kind: activityKind,
  at: z.string(),
  reader: readerCard,
  /**
   * The book (start, finish, dnf, review; a one-book shelved line), else null. verified: false for a work
   * its reader made that is not in the catalogue yet (issue 26): others cannot open its page, so the line
   * names it without a link, as public shelves do.
   */
  work: z
    .object({ id, title: z.string(), cover_url: z.string().nullable(), verified: z.boolean().optional() })
    .nullable(),
  /** The reader's rating of the work: a review's, or with a finish, the review they wrote of it. */
  rating: z.number().nullable(),
  /** The review's headline (review lines, and a finish the reader reviewed), else null. */
  headline: z.string().nullable(),
  review_id: id.nullable(),
  shelf: z.object({ id, name: z.string() }).nullable(),
  /** Books a shelved or import line stands for. */
  book_count: z.number().int().nullable(),
  goal: z.object({ year: z.number().int(), target: z.number().int() }).nullable(),
});
export type ActivityItem = z.infer<typeof activityItem>;

export const suggestion = z.object({
  reader: readerCard,
  /** Books both finished or rated, when that is why; else the followed readers who follow them. */
  reason: z.enum(['shared_books', 'followed_by_following']),
  count: z.number().int().nonnegative(),
});

export const relationship = z.object({
  /** The viewer's follow of the reader. */
  following: followState,
  /** Whether the reader follows the viewer (accepted). */
  followed_by: z.boolean(),
  blocked: z.boolean(),
  muted: z.boolean(),
  follow_policy: followPolicy,
});

export const socialEndpoints = {
  /**
   * Follows a reader, or asks to when they approve followers. Following again answers the same state.
   * 404 for an unknown or unconfirmed reader; 403 between readers where either blocked the other; 409
   * limit_reached past MAX_FOLLOWS or MAX_FOLLOWS_PER_DAY; 400 for oneself.
   */
  'follow-reader': endpoint('user', readerRef, z.object({ state: followState })),
  /** Ends a follow or withdraws a request; nothing to end is fine. */
  'unfollow-reader': endpoint('user', readerRef, ok),
  /** The viewer and one reader: a viewer's answer, never cached for anyone else. */
  'reader-relationship': endpoint('user', readerRef, relationship),
  /** Requests to follow the caller, newest first. */
  'follow-requests': endpoint(
    'user',
    z.object({ limit: pageLimit(FOLLOW_LIST_PAGE), after: readingCursor.optional() }).strict(),
    z.object({
      requests: z.array(z.object({ reader: readerCard, requested_at: z.string() })),
      next_cursor: z.string().nullable(),
    }),
  ),
  /** Approves or declines a request to follow the caller; 404 when that reader has none pending. */
  'answer-follow-request': endpoint('user', z.object({ user_id: id, approve: z.boolean() }).strict(), ok),
  'social-settings': endpoint('user', empty, z.object({ follow_policy: followPolicy })),
  /** Switching to 'anyone' accepts the requests waiting: their readers asked, and now anyone may. */
  'update-social-settings': endpoint(
    'user',
    z.object({ follow_policy: followPolicy }).strict(),
    z.object({ follow_policy: followPolicy }),
  ),
  /**
   * Who follows a reader, and whom they follow, newest first. 404 'Profile not found' as public-profile;
   * 403 when the reader approves followers and the caller does not follow them.
   */
  'reader-followers': endpoint('public', listRequest, readerPage),
  'reader-following': endpoint('public', listRequest, readerPage),
  /**
   * The full public profile of a reader who approves followers, for the reader and their followers (the
   * cached public-profile shows others the header only). 404 as public-profile, and for anyone else.
   */
  'follower-profile': endpoint(
    'user',
    z.object({ username: text().trim().min(1, 'username is required').max(100) }).strict(),
    publicProfileResponse,
  ),
  /** "Readers you may like": shared finished or rated books, then readers followed by those followed. */
  'reader-suggestions': endpoint('user', empty, z.object({ readers: z.array(suggestion) })),
  /** What the readers the caller follows did in public, newest first. */
  'friends-activity': endpoint(
    'user',
    z.object({ limit: pageLimit(20), after: readingCursor.optional() }).strict(),
    z.object({
      items: z.array(activityItem),
      next_cursor: z.string().nullable(),
      /** How many readers the caller follows, so an empty feed can say why. */
      following: z.number().int().nonnegative(),
    }),
  ),
  /** Blocking ends follows both ways, and neither reader can follow the other while it stands. */
  'block-reader': endpoint('user', readerRef, ok),
  'unblock-reader': endpoint('user', readerRef, ok),
  /** A muted reader's lines leave the caller's feed; the follow stays. */
  'mute-reader': endpoint('user', readerRef, ok),
  'unmute-reader': endpoint('user', readerRef, ok),
} satisfies Record<string, EndpointDef>;
