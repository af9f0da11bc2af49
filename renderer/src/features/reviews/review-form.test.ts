import { describe, expect, it } from 'vitest';
import type { Review } from '@shared/api/reviews';
import { submitReviewRequest } from '@shared/api/reviews';
import {
  emptyReviewForm,
  reviewFormErrors,
  reviewFormFrom,
  submitReviewPayload,
  toggleMood,
  toggleQuality,
} from './review-form';
import type { ReviewFormState } from './review-form';

const WORK = '0b6f9a57-8d0c-4a43-9c61-6b1b7c1f5e01';
const EDITION = '5a0c6f3d-2b8e-4f61-8a07-3f2d1c9e4b02';

const form = (patch: Partial<ReviewFormState> = {}): ReviewFormState => ({
  ...emptyReviewForm(),
  rating: 4,
  ...patch,
});

describe('the empty review form', () => {
  it('starts unrated with nothing chosen (issue 25: no tone, pace or story focus until picked), recommend skipped', () => {
    expect(emptyReviewForm()).toEqual({
      rating: 0,
      headline: '',
      body: '',
      spoiler: false,
      tone: null,
      pace: null,
      storyFocus: null,
      recommend: null,
      moods: [],
      qualities: [],
      warnings: {},
    });
  });
});

describe('reviewFormErrors', () => {
  it("asks for a rating while it is 0: 'Please select a rating'", () => {
    expect(reviewFormErrors(emptyReviewForm())).toEqual({ rating: 'Please select a rating' });
  });

  it('accepts a rated form with nothing else filled in', () => {
    expect(reviewFormErrors(form())).toEqual({});
    expect(reviewFormErrors(form({ rating: 0.25 }))).toEqual({});
    expect(reviewFormErrors(form({ rating: 5 }))).toEqual({});
  });

  it('refuses ratings off the quarter steps', () => {
    expect(reviewFormErrors(form({ rating: 3.1 })).rating).toBe(
      'Rating must be between 0.25 and 5, in steps of 0.25',
    );
  });

  it('allows a headline of 200 characters, not 201 (surrounding spaces do not count)', () => {
    expect(reviewFormErrors(form({ headline: ` ${'h'.repeat(200)} ` }))).toEqual({});
    expect(reviewFormErrors(form({ headline: 'h'.repeat(201) }))).toEqual({
      headline: 'Headline must be at most 200 characters',
    });
  });

  it('allows a review text of 2000 characters, not 2001, counting an emoji as one', () => {
    expect(reviewFormErrors(form({ body: '📚'.repeat(2000) }))).toEqual({});
    expect(reviewFormErrors(form({ body: 'b'.repeat(2001) }))).toEqual({
      body: 'Review must be at most 2000 characters',
    });
  });

  it("reports more than 10 moods as 'Maximum 10 moods selected' and more than 5 qualities likewise", () => {
    expect(reviewFormErrors(form({ moods: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 1] })).moods).toBe(
      'Maximum 10 moods selected',
    );
    expect(reviewFormErrors(form({ qualities: [1, 2, 3, 4, 5, 1] })).qualities).toBe(
      'Maximum 5 qualities selected',
    );
    expect(
      reviewFormErrors(form({ moods: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], qualities: [1, 2, 3, 4, 5] })),
    ).toEqual({});
  });

  it('reports every field at fault at once', () => {
    expect(
      reviewFormErrors({ ...emptyReviewForm(), headline: 'h'.repeat(201), body: 'b'.repeat(2001) }),
    ).toEqual({
      rating: 'Please select a rating',
      headline: 'Headline must be at most 200 characters',
      body: 'Review must be at most 2000 characters',
    });
  });

  it('passes the remaining shared rules (values no control produces) to the form as a whole', () => {
    expect(reviewFormErrors(form({ tone: 6 }))).toEqual({ form: 'Tone must be a whole number from 1 to 5' });
    expect(reviewFormErrors(form({ warnings: { '9': 1 } }))).toEqual({
      form: 'Unknown content warning selected',
    });
  });
});

describe('toggleMood / toggleQuality', () => {
  it('ticks and unticks a choice', () => {
    expect(toggleMood([1, 4], 2)).toEqual({ selected: [1, 4, 2], problem: null });
    expect(toggleMood([1, 4], 4)).toEqual({ selected: [1], problem: null });
  });

  it("refuses an 11th mood with 'Maximum 10 moods selected' but still lets one be unticked", () => {
    const ten = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    expect(toggleMood(ten, 11)).toEqual({ selected: ten, problem: 'Maximum 10 moods selected' });
    expect(toggleMood(ten, 10)).toEqual({ selected: ten.slice(0, 9), problem: null });
  });

  it("refuses a 6th quality with 'Maximum 5 qualities selected'", () => {
    expect(toggleQuality([1, 2, 3, 4, 5], 6)).toEqual({
      selected: [1, 2, 3, 4, 5],
      problem: 'Maximum 5 qualities selected',
    });
    expect(toggleQuality([1, 2, 3, 4], 5)).toEqual({ selected: [1, 2, 3, 4, 5], problem: null });
  });
});

describe('submitReviewPayload', () => {
  it('sends an untouched form as its rating alone (no tone, pace or focus), in the request schema', () => {
    const payload = submitReviewPayload(form({ rating: 3.75 }), WORK, EDITION);
    expect(payload).toEqual({
      work_id: WORK,
      edition_id: EDITION,
      rating: 3.75,
      tone: null,
      pace: null,
      recommend: null,
      story_focus: null,
      headline: '',
      review_body: null,
      spoiler: false,
      mood_ids: [],
      quality_ids: [],
      content_warnings: {},
    });
    expect(submitReviewRequest.safeParse(payload).success).toBe(true);
  });

  it('trims the texts, sorts the ids and leaves out warnings rated None', () => {
    const payload = submitReviewPayload(
      form({
        headline: '  Loved it  ',
        body: '\nA slow burn.\n',
        spoiler: true,
        tone: 5,
        pace: 1,
        storyFocus: 2,
        recommend: false,
        moods: [9, 2],
        qualities: [5, 1],
        warnings: { '4': 2, '1': 3, '7': 0 },
      }),
      WORK,
      null,
    );
    expect(payload).toMatchObject({
      edition_id: null,
      headline: 'Loved it',
      review_body: 'A slow burn.',
      spoiler: true,
      tone: 5,
      pace: 1,
      story_focus: 2,
      recommend: false,
      mood_ids: [2, 9],
      quality_ids: [1, 5],
    });
    expect(Object.entries(payload.content_warnings ?? {})).toEqual([
      ['1', 3],
      ['4', 2],
    ]);
  });
});

describe('reviewFormFrom', () => {
  it('fills the form from a stored review, so saving it unchanged sends the same review back', () => {
    const review: Review = {
      id: '7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e04',
      user_id: '3f1d3f3e-5d5b-4c53-9a53-2f0d9d6e7a11',
      username: 'ada',
      avatar_url: null,
      work_id: WORK,
      edition_id: EDITION,
      created_at: '2025-03-04T10:00:00Z',
      updated_at: '2025-03-04T10:00:00Z',
      rating: 4.25,
      headline: 'Haunting',
      review_body: null,
      spoiler: true,
      tone_q: 4,
      pace_q: 3,
      recommend_yes: true,
      story_focus_q: 1,
      moods: [4, 10],
      qualities: [3],
      content_warnings: { '4': 2 },
      like_count: 0,
      comment_count: 0,
    };
    const filled = reviewFormFrom(review);
    expect(filled).toEqual({
      rating: 4.25,
      headline: 'Haunting',
      body: '',
      spoiler: true,
      tone: 4,
      pace: 3,
      storyFocus: 1,
      recommend: true,
      moods: [4, 10],
      qualities: [3],
      warnings: { '4': 2 },
    });
    expect(submitReviewPayload(filled, WORK, EDITION)).toEqual({
      work_id: WORK,
      edition_id: EDITION,
      rating: 4.25,
      tone: 4,
      pace: 3,
      recommend: true,
      story_focus: 1,
      headline: 'Haunting',
      review_body: null,
      spoiler: true,
      mood_ids: [4, 10],
      quality_ids: [3],
      content_warnings: { '4': 2 },
    });
  });
});
