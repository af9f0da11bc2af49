import { describe, expect, it } from 'vitest';
import type { InsightReview } from './insights';
import { reviewInsights, splitPercents, toneLabel } from './insights';

const review = (over: Partial<InsightReview> = {}): InsightReview => ({
  tone_q: 3,
  pace_q: 2,
  story_focus_q: 3,
  recommend_yes: null,
  moods: [],
  qualities: [],
  content_warnings: {},
  ...over,
});

describe('splitPercents', () => {
  it('answers whole percents that add up to exactly 100', () => {
    expect(splitPercents([1, 1, 1])).toEqual([34, 33, 33]);
    expect(splitPercents([2, 1, 0])).toEqual([67, 33, 0]);
    expect(splitPercents([1, 0, 0])).toEqual([100, 0, 0]);
    expect(splitPercents([0, 0, 0])).toEqual([0, 0, 0]);
    const odd = splitPercents([3, 5, 11]);
    expect(odd.reduce((a, b) => a + b, 0)).toBe(100);
  });
});

describe('reviewInsights', () => {
  it('counts only real votes: a rating-only review (no tone, pace or focus) is in no split', () => {
    const insights = reviewInsights([
      review({ tone_q: null, pace_q: null, story_focus_q: null }),
      review({ tone_q: null, pace_q: null, story_focus_q: null }),
      review({ tone_q: 5, pace_q: 3, story_focus_q: 2 }),
    ]);
    expect(insights.reviewCount).toBe(3);
    expect(insights.tone).toEqual({ average: 5, label: 'Dark' });
    expect(insights.pace.map((p) => [p.label, p.count, p.percent])).toEqual([
      ['Slow', 0, 0],
      ['Medium', 0, 0],
      ['Fast', 1, 100],
    ]);
    expect(insights.storyFocus.find((f) => f.label === 'Character-driven')?.percent).toBe(100);
  });

  it('has no tone and empty splits when no review gives one', () => {
    const insights = reviewInsights([review({ tone_q: null, pace_q: null, story_focus_q: null })]);
    expect(insights.tone).toBeNull();
    expect(insights.pace.every((p) => p.count === 0 && p.percent === 0)).toBe(true);
    expect(insights.storyFocus.every((p) => p.count === 0 && p.percent === 0)).toBe(true);
  });

  it('has nothing to say without reviews', () => {
    const none = reviewInsights([]);
    expect(none.reviewCount).toBe(0);
    expect(none.tone).toBeNull();
    expect(none.recommend).toEqual({ yes: 0, no: 0, percent: null });
    expect(none.pace.map((p) => [p.label, p.count, p.percent])).toEqual([
      ['Slow', 0, 0],
      ['Medium', 0, 0],
      ['Fast', 0, 0],
    ]);
    expect(none.topMoods).toEqual([]);
    expect(none.qualities).toEqual([]);
    expect(none.contentWarnings).toEqual([]);
  });

  it('labels the tone average by its rounded score', () => {
    expect(toneLabel(1)).toBe('Light');
    expect(toneLabel(1.49)).toBe('Light');
    expect(toneLabel(1.5)).toBe('Mild');
    expect(toneLabel(3)).toBe('Neutral');
    expect(toneLabel(4.4)).toBe('Serious');
    expect(toneLabel(5)).toBe('Dark');
    const insights = reviewInsights([review({ tone_q: 4 }), review({ tone_q: 5 }), review({ tone_q: 5 })]);
    expect(insights.tone?.average).toBeCloseTo(14 / 3);
    expect(insights.tone?.label).toBe('Dark');
  });

  it('splits pace and story focus votes', () => {
    const insights = reviewInsights([
      review({ pace_q: 1, story_focus_q: 2 }),
      review({ pace_q: 3, story_focus_q: 2 }),
      review({ pace_q: 3, story_focus_q: 1 }),
    ]);
    expect(insights.pace.map((p) => [p.id, p.label, p.count, p.percent])).toEqual([
      [1, 'Slow', 1, 33],
      [2, 'Medium', 0, 0],
      [3, 'Fast', 2, 67],
    ]);
    expect(insights.storyFocus.map((p) => [p.label, p.count, p.percent])).toEqual([
      ['Plot-driven', 1, 33],
      ['Character-driven', 2, 67],
      ['Mixed', 0, 0],
    ]);
  });

  it('counts the recommend share as yes / (yes + no), skips left out', () => {
    const insights = reviewInsights([
      review({ recommend_yes: true }),
      review({ recommend_yes: true }),
      review({ recommend_yes: false }),
      review({ recommend_yes: null }),
      review({ recommend_yes: null }),
    ]);
    expect(insights.recommend).toEqual({ yes: 2, no: 1, percent: 67 });
    expect(reviewInsights([review({ recommend_yes: false })]).recommend.percent).toBe(0);
  });

  it('keeps the top four moods, most picked first, ties by id', () => {
    const insights = reviewInsights([
      review({ moods: [10, 9, 1, 2, 3] }),
      review({ moods: [10, 9, 2] }),
      review({ moods: [10, 3] }),
    ]);
    expect(insights.topMoods).toEqual([
      { id: 10, label: 'Tense', count: 3 },
      { id: 2, label: 'Emotional', count: 2 },
      { id: 3, label: 'Humorous', count: 2 },
      { id: 9, label: 'Dark', count: 2 },
    ]);
  });

  it('counts qualities and content warnings above None, by severity', () => {
    const insights = reviewInsights([
      review({ qualities: [3, 5], content_warnings: { '1': 3, '4': 1, '8': 0 } }),
      review({ qualities: [3], content_warnings: { '1': 2 } }),
      review({ content_warnings: { '1': 0 } }),
    ]);
    expect(insights.qualities).toEqual([
      { id: 3, label: 'Beautiful prose', count: 2 },
      { id: 5, label: 'Thought-provoking themes', count: 1 },
    ]);
    expect(insights.contentWarnings).toEqual([
      { id: 1, label: 'Violence', count: 2, minor: 0, moderate: 1, severe: 1 },
      { id: 4, label: 'Death/Grief', count: 1, minor: 1, moderate: 0, severe: 0 },
    ]);
  });
});
