// The review dialog's rules as plain functions (SPEC.md §3, §5): the empty form (nothing chosen but skip), a form
// filled from an existing review, what is wrong with a form (per field, in the SPEC's words), the
// mood/quality pickers' limits, and the submit-review payload. The limits and texts come from
// shared/domain/review-options, which the server checks too, so both sides say the same thing.
import type { RequestOf } from '@shared/api/endpoints';
import type { Review } from '@shared/api/reviews';
import {
  REVIEW_DEFAULTS,
  REVIEW_LIMITS,
  REVIEW_MESSAGES,
  isValidRating,
  reviewProblem,
} from '@shared/domain/review-options';

export interface ReviewFormState {
  /** 0 means "not chosen yet". */
  rating: number;
  headline: string;
  body: string;
  spoiler: boolean;
  /** Null until the reader picks one (the form starts with nothing chosen). */
  tone: number | null;
  pace: number | null;
  storyFocus: number | null;
  /** true yes, false no, null skipped. */
  recommend: boolean | null;
  moods: number[];
  qualities: number[];
  /** Warning id ('1'..'8') to severity 0 (None) .. 3 (Severe); a missing id is None. */
  warnings: Record<string, number>;
}

export type ReviewFormField = 'rating' | 'headline' | 'body' | 'moods' | 'qualities' | 'form';
export type ReviewFormErrors = Partial<Record<ReviewFormField, string>>;

export type SubmitReviewPayload = RequestOf<'submit-review'>;

export function emptyReviewForm(): ReviewFormState {
  return {
    rating: 0,
    headline: '',
    body: '',
    spoiler: false,
    tone: REVIEW_DEFAULTS.tone,
    pace: REVIEW_DEFAULTS.pace,
    storyFocus: REVIEW_DEFAULTS.story_focus,
    recommend: REVIEW_DEFAULTS.recommend,
    moods: [],
    qualities: [],
    warnings: {},
  };
}

/** The form as the reader left it last time, for 'Edit Review'. */
export function reviewFormFrom(review: Review): ReviewFormState {
  return {
    rating: review.rating,
    headline: review.headline,
    body: review.review_body ?? '',
    spoiler: review.spoiler,
    tone: review.tone_q,
    pace: review.pace_q,
    storyFocus: review.story_focus_q,
    recommend: review.recommend_yes,
    moods: [...review.moods],
    qualities: [...review.qualities],
    warnings: { ...review.content_warnings },
  };
}

/** Length in characters (code points), as the server counts it. */
export const charCount = (text: string) => [...text].length;

/** The warnings that apply (severity above None), in id order, as the server stores them. */
function appliedWarnings(warnings: Readonly<Record<string, number>>): Record<string, number> {
  return Object.fromEntries(
    Object.entries(warnings)
      .filter(([, severity]) => severity > 0)
      .sort(([a], [b]) => Number(a) - Number(b)),
  );
}

export function submitReviewPayload(
  form: ReviewFormState,
  workId: string,
  editionId: string | null,
): SubmitReviewPayload {
  const body = form.body.trim();
  return {
    work_id: workId,
    edition_id: editionId,
    rating: form.rating,
    tone: form.tone,
    pace: form.pace,
    recommend: form.recommend,
    story_focus: form.storyFocus,
    headline: form.headline.trim(),
    review_body: body === '' ? null : body,
    spoiler: form.spoiler,
    mood_ids: [...form.moods].sort((a, b) => a - b),
    quality_ids: [...form.qualities].sort((a, b) => a - b),
    content_warnings: appliedWarnings(form.warnings),
  };
}

/**
 * Everything wrong with the form, each message beside the field it concerns. Rules without a field of
 * their own (values the controls cannot produce) fall to 'form', checked by the shared rule set only when
 * every field is fine, so nothing is reported twice.
 */
export function reviewFormErrors(form: ReviewFormState): ReviewFormErrors {
  const m = REVIEW_MESSAGES;
  const errors: ReviewFormErrors = {};
  if (form.rating === 0) errors.rating = m.ratingRequired;
  else if (!isValidRating(form.rating)) errors.rating = m.ratingRange;
  if (charCount(form.headline.trim()) > REVIEW_LIMITS.headlineMax) errors.headline = m.headlineTooLong;
  if (charCount(form.body.trim()) > REVIEW_LIMITS.bodyMax) errors.body = m.bodyTooLong;
  if (form.moods.length > REVIEW_LIMITS.moodsMax) errors.moods = m.tooManyMoods;
  if (form.qualities.length > REVIEW_LIMITS.qualitiesMax) errors.qualities = m.tooManyQualities;
  if (Object.keys(errors).length > 0) return errors;

  const problem = reviewProblem({
    rating: form.rating,
    tone: form.tone,
    pace: form.pace,
    story_focus: form.storyFocus,
    headline: form.headline.trim(),
    review_body: form.body.trim() || null,
    mood_ids: form.moods,
    quality_ids: form.qualities,
    content_warnings: form.warnings,
  });
  return problem ? { form: problem } : {};
}

export interface ToggleResult {
  selected: number[];
  /** Set when the pick was refused because the limit is reached. */
  problem: string | null;
}

/** Ticks or unticks one choice, refusing a pick beyond `max` with `message`. */
export function toggleChoice(
  selected: readonly number[],
  id: number,
  max: number,
  message: string,
): ToggleResult {
  if (selected.includes(id)) return { selected: selected.filter((s) => s !== id), problem: null };
  if (selected.length >= max) return { selected: [...selected], problem: message };
  return { selected: [...selected, id], problem: null };
}

export const toggleMood = (selected: readonly number[], id: number) =>
  toggleChoice(selected, id, REVIEW_LIMITS.moodsMax, REVIEW_MESSAGES.tooManyMoods);

export const toggleQuality = (selected: readonly number[], id: number) =>
  toggleChoice(selected, id, REVIEW_LIMITS.qualitiesMax, REVIEW_MESSAGES.tooManyQualities);
