import { describe, expect, it } from 'vitest';
import type { ReviewDraft } from './review-options';
import {
  CONTENT_WARNINGS,
  MOODS,
  PACES,
  QUALITIES,
  REVIEW_MESSAGES,
  STORY_FOCUSES,
  TONES,
  WARNING_SEVERITIES,
  isValidRating,
  isWarningKey,
  labelOf,
  reviewProblem,
} from './review-options';

const draft = (over: Partial<ReviewDraft> = {}): ReviewDraft => ({
  rating: 4,
  tone: 3,
  pace: 2,
  story_focus: 3,
  headline: 'Fine',
  review_body: null,
  mood_ids: [],
  quality_ids: [],
  content_warnings: {},
  ...over,
});

describe('review options', () => {
  it('carries the ids and labels of SPEC.md §3 verbatim', () => {
    expect(MOODS.map((m) => `${m.id} ${m.label}`).join(', ')).toBe(
      '1 Adventurous, 2 Emotional, 3 Humorous, 4 Mysterious, 5 Inspiring, 6 Informative, 7 Relaxing, ' +
        '8 Reflective, 9 Dark, 10 Tense',
    );
    expect(QUALITIES.map((m) => `${m.id} ${m.label}`).join(', ')).toBe(
      '1 Rich world building, 2 Twist-heavy, 3 Beautiful prose, 4 Diverse representation, 5 Thought-provoking themes',
    );
    expect(CONTENT_WARNINGS.map((m) => `${m.id} ${m.label}`).join(', ')).toBe(
      '1 Violence, 2 Sexual assault, 3 Abuse, 4 Death/Grief, 5 Substance abuse, 6 Self-harm, 7 Animal harm, ' +
        '8 Graphic gore',
    );
    expect(WARNING_SEVERITIES.map((m) => m.label)).toEqual(['None', 'Minor', 'Moderate', 'Severe']);
    expect(TONES.map((m) => m.label)).toEqual(['Light', 'Mild', 'Neutral', 'Serious', 'Dark']);
    expect(PACES.map((m) => m.label)).toEqual(['Slow', 'Medium', 'Fast']);
    expect(STORY_FOCUSES.map((m) => m.label)).toEqual(['Plot-driven', 'Character-driven', 'Mixed']);
    expect(labelOf(MOODS, 10)).toBe('Tense');
    expect(labelOf(MOODS, 11)).toBeNull();
  });

  it('accepts ratings from 0.25 to 5 in quarter steps only', () => {
    for (const r of [0.25, 0.5, 1, 2.75, 4.5, 5]) expect(isValidRating(r), String(r)).toBe(true);
    for (const r of [0, -1, 0.1, 2.6, 5.25, 6, Number.NaN, Infinity])
      expect(isValidRating(r), String(r)).toBe(false);
  });

  it('knows warning ids only in their canonical key form', () => {
    expect(['1', '8'].every(isWarningKey)).toBe(true);
    expect(['0', '9', '01', '1.0', ' 1', 'x', ''].some(isWarningKey)).toBe(false);
  });
});

describe('reviewProblem', () => {
  it('accepts a full, valid draft', () => {
    expect(
      reviewProblem(
        draft({
          rating: 0.25,
          tone: 5,
          pace: 3,
          story_focus: 1,
          headline: 'h'.repeat(200),
          review_body: 'b'.repeat(2000),
          mood_ids: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
          quality_ids: [1, 2, 3, 4, 5],
          content_warnings: { '1': 0, '4': 3, '8': 1 },
        }),
      ),
    ).toBeNull();
  });

  it('names each broken rule with its message', () => {
    const m = REVIEW_MESSAGES;
    const cases: [Partial<ReviewDraft>, string][] = [
      [{ rating: 0 }, 'Please select a rating'],
      [{ rating: null }, 'Please select a rating'],
      [{ rating: undefined }, 'Please select a rating'],
      [{ rating: 5.25 }, m.ratingRange],
      [{ rating: 3.3 }, m.ratingRange],
      [{ rating: -1 }, m.ratingRange],
      [{ headline: 'h'.repeat(201) }, m.headlineTooLong],
      [{ review_body: 'b'.repeat(2001) }, m.bodyTooLong],
      [{ tone: 0 }, m.tone],
      [{ tone: 2.5 }, m.tone],
      [{ pace: 4 }, m.pace],
      [{ story_focus: 0 }, m.storyFocus],
      [{ mood_ids: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 1] }, 'Maximum 10 moods selected'],
      [{ mood_ids: [11] }, m.unknownMood],
      [{ mood_ids: [2, 2] }, m.duplicateMood],
      [{ quality_ids: [1, 2, 3, 4, 5, 1] }, 'Maximum 5 qualities selected'],
      [{ quality_ids: [0] }, m.unknownQuality],
      [{ quality_ids: [3, 3] }, m.duplicateQuality],
      [{ content_warnings: { '9': 1 } }, m.unknownWarning],
      [{ content_warnings: { '2': 4 } }, m.warningSeverity],
      [{ content_warnings: { '2': 1.5 } }, m.warningSeverity],
      [{ content_warnings: { '2': -1 } }, m.warningSeverity],
    ];
    for (const [over, message] of cases)
      expect(reviewProblem(draft(over)), JSON.stringify(over)).toBe(message);
  });

  it('counts characters as the database does (code points, not UTF-16 units)', () => {
    expect(reviewProblem(draft({ headline: '📚'.repeat(200) }))).toBeNull();
    expect(reviewProblem(draft({ headline: '📚'.repeat(201) }))).toBe(REVIEW_MESSAGES.headlineTooLong);
  });
});

describe('optional choices', () => {
  it('accepts a review without tone, pace or story focus (a rating alone is a review)', () => {
    expect(reviewProblem(draft({ tone: null, pace: null, story_focus: null, headline: '' }))).toBeNull();
  });

  it('still refuses a choice that is not one of the options', () => {
    expect(reviewProblem(draft({ tone: 0 }))).toBe(REVIEW_MESSAGES.tone);
    expect(reviewProblem(draft({ pace: 4 }))).toBe(REVIEW_MESSAGES.pace);
    expect(reviewProblem(draft({ story_focus: 1.5 }))).toBe(REVIEW_MESSAGES.storyFocus);
  });
});
