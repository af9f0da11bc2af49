// Contracts of the community calls (issue 27): likes of reviews and Friends Activity lines, comments on
// reviews, and reports of reviews and comments with the admins' queue. Who may see and touch what is the
// one social visibility rule (shared/domain/social-visibility.ts), enforced by the server.
import { z } from 'zod';
import { endpoint, id, ok, optionalText, text } from './common';
import type { EndpointDef } from './common';
import { readerCard } from './social';
import { readingCursor } from './reading';

export const MAX_COMMENT_LENGTH = 2000;
/** New comments a reader may write in one minute (a fixed window; deleting gives none back). */
export const MAX_COMMENTS_PER_MINUTE = 10;
/** Reports a reader may make in one UTC day. */
export const MAX_REPORTS_PER_DAY = 20;
export const MAX_REPORT_DETAILS_LENGTH = 500;
export const COMMENT_LIMIT_MESSAGE = `You have written ${MAX_COMMENTS_PER_MINUTE} comments in the last minute. Wait a moment and try again.`;
export const REPORT_LIMIT_MESSAGE = `You have made ${MAX_REPORTS_PER_DAY} reports today, the most in a day. Try again tomorrow.`;
export const COMMENT_PAGE = 20;
export const LIKERS_PAGE = 30;
export const REPORT_QUEUE_PAGE = 30;

export const REPORT_REASONS = ['spam', 'harassment', 'hate', 'spoilers', 'other'] as const;
export const reportReason = z.enum(REPORT_REASONS);
export type ReportReason = z.infer<typeof reportReason>;
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: 'Spam or advertising',
  harassment: 'Harassment or bullying',
  hate: 'Hate speech',
  spoilers: 'Unmarked spoilers',
  other: 'Something else',
};

export const COMMUNITY_MESSAGES = {
  reviewNotFound: 'Review not found',
  commentNotFound: 'Comment not found',
  activityNotFound: 'Activity not found',
  reportNotFound: 'Report not found',
  blocked: 'You cannot interact with this reader.',
  confirmFirst: 'Confirm your e-mail address to like, comment or report.',
  commentRequired: 'Write a comment first.',
  commentTooLong: `A comment is at most ${MAX_COMMENT_LENGTH.toLocaleString('en-US')} characters.`,
  commentRemoved: 'Comment removed',
  reviewRemoved: 'Review removed',
  reportDismissed: 'Report dismissed',
} as const;

/** A like's target: exactly one of a review and a Friends Activity line. */
const likeTarget = z.union([z.object({ review_id: id }).strict(), z.object({ activity_id: id }).strict()]);
export type LikeTarget = z.infer<typeof likeTarget>;

const commentBody = text()
  .max(MAX_COMMENT_LENGTH * 2, COMMUNITY_MESSAGES.commentTooLong)
  .transform((body) => body.trim())
  .refine((body) => body.length > 0, COMMUNITY_MESSAGES.commentRequired)
  // Counted in code points, as PostgreSQL's char_length counts them.
  .refine((body) => [...body].length <= MAX_COMMENT_LENGTH, COMMUNITY_MESSAGES.commentTooLong);

export const reviewComment = z.object({
  id,
  review_id: id,
  author: readerCard,
  body: z.string(),
  created_at: z.string(),
  edited_at: z.string().nullable(),
  /** The caller wrote it (edit and delete), or wrote the review it is on (remove). */
  can_edit: z.boolean(),
  can_remove: z.boolean(),
});
export type ReviewComment = z.infer<typeof reviewComment>;

export const likeState = z.object({ liked: z.boolean(), like_count: z.number().int().nonnegative() });

export const reportItem = z.object({
  id,
  reason: reportReason,
  details: z.string().nullable(),
  created_at: z.string(),
  reporter: readerCard,
  /** What is reported, with its text as it stands now. */
  target: z.object({
    kind: z.enum(['review', 'comment']),
    id,
    author: readerCard,
    /** A review's headline and body, or a comment's body. */
    text: z.string(),
    review_id: id,
    work_id: id,
    work_title: z.string(),
  }),
  /** Open reports of the same target, this one included. */
  open_reports: z.number().int().positive(),
});
export type ReportItem = z.infer<typeof reportItem>;

const pageLimit = (fallback: number) => z.number().int().min(1).max(100).default(fallback);

export const communityEndpoints = {
  /**
   * Likes a review or a Friends Activity line; liking again changes nothing. 404 for a target the caller
   * may not see (an unknown one, a private line, an unconfirmed reader's); 403 between blocked readers.
   */
  like: endpoint('user', likeTarget, likeState),
  /** Takes the caller's like back; nothing to take back is fine. */
  unlike: endpoint('user', likeTarget, likeState),
  /**
   * For a page of reviews and Friends Activity lines: each one's like count and whether the caller liked
   * it (the buttons' state). Ids the caller may not see, or that do not exist, count 0.
   */
  'like-states': endpoint(
    'user',
    z
      .object({
        review_ids: z.array(id).max(100).default([]),
        activity_ids: z.array(id).max(100).default([]),
      })
      .strict(),
    z.object({ likes: z.array(likeState.extend({ id })) }),
  ),
  /** Who liked a review or line, newest first; readers blocked either way with the caller are left out. */
  likers: endpoint(
    'public',
    z.union([
      z.object({ review_id: id, limit: pageLimit(LIKERS_PAGE), after: readingCursor.optional() }).strict(),
      z.object({ activity_id: id, limit: pageLimit(LIKERS_PAGE), after: readingCursor.optional() }).strict(),
    ]),
    z.object({ readers: z.array(readerCard), next_cursor: z.string().nullable() }),
  ),
  /** A review's comments, oldest first; comments of readers blocked either way with the caller are left out. */
  'review-comments': endpoint(
    'public',
    z.object({ review_id: id, limit: pageLimit(COMMENT_PAGE), after: readingCursor.optional() }).strict(),
    z.object({ comments: z.array(reviewComment), next_cursor: z.string().nullable() }),
  ),
  /** 409 limit_reached past MAX_COMMENTS_PER_MINUTE; 403 on the review of a reader blocked either way. */
  'add-comment': endpoint(
    'user',
    z.object({ review_id: id, body: commentBody }).strict(),
    z.object({ comment: reviewComment }),
  ),
  /** The caller's own comment only; anyone else's answers 404. */
  'edit-comment': endpoint(
    'user',
    z.object({ comment_id: id, body: commentBody }).strict(),
    z.object({ comment: reviewComment }),
  ),
  /** The caller's own comment, or any comment on the caller's review; anything else answers 404. */
  'delete-comment': endpoint('user', z.object({ comment_id: id }).strict(), ok),
  /** One report per reader and target: reporting again answers ok and changes nothing. */
  report: endpoint(
    'user',
    z.union([
      z
        .object({ review_id: id, reason: reportReason, details: optionalText(MAX_REPORT_DETAILS_LENGTH) })
        .strict(),
      z
        .object({ comment_id: id, reason: reportReason, details: optionalText(MAX_REPORT_DETAILS_LENGTH) })
        .strict(),
    ]),
    ok,
  ),
  /** The admins' queue: open reports, oldest first. */
  'report-queue': endpoint(
    'admin',
    z.object({ limit: pageLimit(REPORT_QUEUE_PAGE), after: readingCursor.optional() }).strict(),
    z.object({ reports: z.array(reportItem), next_cursor: z.string().nullable() }),
  ),
  /**
   * Removes the reported review or comment (its reports go with it) or dismisses every open report of it;
   * either is written to the audit log.
   */
  'resolve-report': endpoint(
    'admin',
    z.object({ report_id: id, action: z.enum(['remove', 'dismiss']) }).strict(),
    z.object({ message: z.string() }),
  ),
  /** An admin removes any comment (audit log). */
  'admin-remove-comment': endpoint(
    'admin',
    z.object({ comment_id: id }).strict(),
    z.object({ message: z.string() }),
  ),
} satisfies Record<string, EndpointDef>;
