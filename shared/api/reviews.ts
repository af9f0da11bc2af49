// Contracts of the reviews calls (SPEC.md §7). Every limit of SPEC.md §3/§5 is checked here, on the server,
// and broken limits are reported without a field prefix so the reader sees the SPEC text itself
// (e.g. 'Maximum 10 moods selected'); wrong types still name the field at fault.
import { z } from 'zod';
import { REVIEW_DEFAULTS, reviewProblem } from '../domain/review-options';
import { endpoint, id, ok, optionalText, text } from './common';

const smallInt = z.number().int();

export const review = z.object({
  id,
  user_id: id,
  username: z.string(),
  avatar_url: z.string().nullable(),
  work_id: id,
  edition_id: id.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  rating: z.number(),
  headline: z.string(),
  review_body: z.string().nullable(),
  spoiler: z.boolean(),
  /** Null: the reviewer did not say (a rating-only review, e.g. from an import). */
  tone_q: smallInt.nullable(),
  pace_q: smallInt.nullable(),
  recommend_yes: z.boolean().nullable(),
  story_focus_q: smallInt.nullable(),
  moods: z.array(smallInt),
  qualities: z.array(smallInt),
  /** Warning id ('1'..'8') to severity 1..3; warnings rated 0 (None) are not stored. */
  content_warnings: z.record(z.string(), smallInt),
  /** Likes and comments the review has (issue 27): the same for every caller, so the answer stays cacheable. */
  like_count: smallInt.nonnegative(),
  comment_count: smallInt.nonnegative(),
});
export type Review = z.infer<typeof review>;

export const submitReviewRequest = z
  .object({
    work_id: id,
    /** The edition the reader reviewed from; it must be an edition of work_id. */
    edition_id: id.nullish(),
    /** 0 or missing means "not chosen" and is refused with 'Please select a rating'. */
    rating: z.number().nullish(),
    /** Null or missing: not chosen (no vote in the insights). */
    tone: z.number().nullable().default(REVIEW_DEFAULTS.tone),
    pace: z.number().nullable().default(REVIEW_DEFAULTS.pace),
    /** true yes, false no, null skipped. */
    recommend: z.boolean().nullable().default(REVIEW_DEFAULTS.recommend),
    story_focus: z.number().nullable().default(REVIEW_DEFAULTS.story_focus),
    headline: optionalText(),
    review_body: optionalText(),
    spoiler: z.boolean().default(false),
    mood_ids: z.array(z.number()).default([]),
    quality_ids: z.array(z.number()).default([]),
    /** Warning id to severity 0 (None) .. 3 (Severe). */
    content_warnings: z.record(text(), z.number()).default({}),
  })
  .superRefine((draft, ctx) => {
    const problem = reviewProblem({ ...draft, headline: draft.headline ?? '' });
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform((draft) => ({
    ...draft,
    edition_id: draft.edition_id ?? null,
    rating: draft.rating as number,
    headline: draft.headline ?? '',
    mood_ids: [...draft.mood_ids].sort((a, b) => a - b),
    quality_ids: [...draft.quality_ids].sort((a, b) => a - b),
    content_warnings: Object.fromEntries(
      Object.entries(draft.content_warnings)
        .filter(([, severity]) => severity > 0)
        .sort(([a], [b]) => Number(a) - Number(b)),
    ),
  }));

export const reviewsEndpoints = {
  /** The work's reviews: the caller's own first when signed in, then newest first (at most 1000). */
  'work-reviews': endpoint('public', z.object({ work_id: id }), z.object({ reviews: z.array(review) })),
  /** Creates or replaces the caller's one review of the work. */
  'submit-review': endpoint('user', submitReviewRequest, ok.extend({ review_id: id })),
  /** Deletes the caller's own review; anyone else's answers 404 as if it did not exist. */
  'delete-review': endpoint('user', z.object({ review_id: id }), ok),
};
