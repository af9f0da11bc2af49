// "Review Insights" on the work page (SPEC.md §9), computed from the work's reviews: the tone average and
// its label, pace and story-focus vote splits, the share who recommend, the top moods, and how often each
// quality and content warning was picked.
import type { ReviewOption } from './review-options';
import {
  CONTENT_WARNINGS,
  MOODS,
  PACES,
  QUALITIES,
  REVIEW_LIMITS,
  STORY_FOCUSES,
  TONES,
} from './review-options';

/** The parts of a review the insights read (the shape work-reviews answers). */
export interface InsightReview {
  /** Null: the reviewer did not say, which is no vote (a rating-only review counts in none of these). */
  tone_q: number | null;
  pace_q: number | null;
  story_focus_q: number | null;
  recommend_yes: boolean | null;
  moods: readonly number[];
  qualities: readonly number[];
  content_warnings: Readonly<Record<string, number>>;
}

export interface OptionCount {
  id: number;
  label: string;
  count: number;
}

export interface VoteShare extends OptionCount {
  /** Whole percent of the votes; the shares of one split add up to exactly 100 (0 each with no votes). */
  percent: number;
}

export interface WarningCount extends OptionCount {
  /** Reviews that gave this warning each severity: Minor, Moderate, Severe. */
  minor: number;
  moderate: number;
  severe: number;
}

export interface ReviewInsights {
  reviewCount: number;
  /** Mean tone score over the reviews that gave one, labelled by the score rounded to a whole 1..5; null without any. */
  tone: { average: number; label: string } | null;
  pace: VoteShare[];
  storyFocus: VoteShare[];
  /** percent = yes / (yes + no), whole percent; null when nobody answered (skips do not count). */
  recommend: { yes: number; no: number; percent: number | null };
  /** The most picked moods, at most four, most picked first (ties: lower id first). */
  topMoods: OptionCount[];
  /** Every quality picked at least once, most picked first. */
  qualities: OptionCount[];
  /** Every content warning given a severity above None at least once, most flagged first. */
  contentWarnings: WarningCount[];
}

/**
 * Whole percents that add up to 100 (largest remainder): each share is floored, and the points left over
 * go to the largest remainders, earlier options first on ties.
 */
export function splitPercents(counts: readonly number[]): number[] {
  const total = counts.reduce((sum, n) => sum + n, 0);
  if (total === 0) return counts.map(() => 0);
  const exact = counts.map((n) => (n * 100) / total);
  const result = exact.map(Math.floor);
  let left = 100 - result.reduce((sum, n) => sum + n, 0);
  const byRemainder = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left === 0) break;
    result[index] = (result[index] ?? 0) + 1;
    left -= 1;
  }
  return result;
}

/** How reviews split over SPEC's paces and story focuses: the work page's and a reader's own Stats. */
export function paceAndFocusSplits(reviews: readonly Pick<InsightReview, 'pace_q' | 'story_focus_q'>[]): {
  pace: VoteShare[];
  storyFocus: VoteShare[];
} {
  return {
    pace: voteSplit(
      PACES,
      reviews.map((r) => r.pace_q),
    ),
    storyFocus: voteSplit(
      STORY_FOCUSES,
      reviews.map((r) => r.story_focus_q),
    ),
  };
}

/**
 * How the votes split over the options: each option's count and its whole percent (summing to 100).
 * Null is no vote: it is in no option's count and not in the total the percents are of.
 */
export function voteSplit(options: readonly ReviewOption[], votes: readonly (number | null)[]): VoteShare[] {
  const counts = options.map((o) => votes.filter((v) => v === o.id).length);
  const percents = splitPercents(counts);
  return options.map((o, i) => ({
    id: o.id,
    label: o.label,
    count: counts[i] ?? 0,
    percent: percents[i] ?? 0,
  }));
}

const byCountThenId = (a: OptionCount, b: OptionCount) => b.count - a.count || a.id - b.id;

function picked(options: readonly ReviewOption[], picks: readonly (readonly number[])[]): OptionCount[] {
  return options
    .map((o) => ({ id: o.id, label: o.label, count: picks.filter((ids) => ids.includes(o.id)).length }))
    .filter((o) => o.count > 0)
    .sort(byCountThenId);
}

/** The mean of the tones given, null when no review gave one. */
export function toneAverage(reviews: readonly Pick<InsightReview, 'tone_q'>[]): number | null {
  const tones = reviews.map((r) => r.tone_q).filter((t): t is number => t !== null);
  return tones.length === 0 ? null : tones.reduce((sum, t) => sum + t, 0) / tones.length;
}

export function toneLabel(average: number): string {
  const score = Math.min(5, Math.max(1, Math.round(average)));
  return TONES.find((t) => t.id === score)?.label ?? '';
}

export function reviewInsights(reviews: readonly InsightReview[]): ReviewInsights {
  const n = reviews.length;
  const tone = toneAverage(reviews);
  const yes = reviews.filter((r) => r.recommend_yes === true).length;
  const no = reviews.filter((r) => r.recommend_yes === false).length;

  const contentWarnings: WarningCount[] = CONTENT_WARNINGS.map((w) => {
    const severities = reviews.map((r) => r.content_warnings[String(w.id)] ?? 0);
    const minor = severities.filter((s) => s === 1).length;
    const moderate = severities.filter((s) => s === 2).length;
    const severe = severities.filter((s) => s === 3).length;
    return { id: w.id, label: w.label, count: minor + moderate + severe, minor, moderate, severe };
  })
    .filter((w) => w.count > 0)
    .sort(byCountThenId);

  return {
    reviewCount: n,
    tone: tone === null ? null : { average: tone, label: toneLabel(tone) },
    ...paceAndFocusSplits(reviews),
    recommend: { yes, no, percent: yes + no === 0 ? null : Math.round((yes * 100) / (yes + no)) },
    topMoods: picked(
      MOODS,
      reviews.map((r) => r.moods),
    ).slice(0, REVIEW_LIMITS.topMoods),
    qualities: picked(
      QUALITIES,
      reviews.map((r) => r.qualities),
    ),
    contentWarnings,
  };
}
