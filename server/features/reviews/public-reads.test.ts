// A signed-in reader's work-reviews, derived from the shared cached answer, is byte for byte what the
// database answers them: their own review first, the rest in the shared order.
import { describe, expect, it } from 'vitest';
import type { Review } from '@shared/api/reviews';
import { WORK_REVIEWS_LIMIT } from './queries';
import { serialiseReviews, viewerReviewsBody } from './public-reads';

const review = (n: number): Review => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  user_id: `10000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  username: `reader${n}`,
  avatar_url: null,
  work_id: '20000000-0000-4000-8000-000000000001',
  edition_id: null,
  created_at: `2026-01-${String(1 + (n % 28)).padStart(2, '0')}T10:00:00.000Z`,
  updated_at: '2026-02-01T10:00:00.000Z',
  rating: 4.25,
  headline: `Review "${n}" — ünïcode`,
  review_body: null,
  spoiler: false,
  tone_q: 3,
  pace_q: 2,
  recommend_yes: true,
  story_focus_q: 3,
  moods: [1, 2],
  qualities: [],
  content_warnings: { '1': 2 },
  like_count: n % 3,
  comment_count: 0,
});

describe('work-reviews for a viewer from the shared answer', () => {
  const reviews = [review(1), review(2), review(3)];
  const { json, parts } = serialiseReviews({ reviews });

  it('serialises exactly as JSON.stringify does', () => {
    expect(json).toBe(JSON.stringify({ reviews }));
  });

  it("puts the viewer's own review first and keeps the rest in order", () => {
    const viewer = reviews[2]?.user_id as string;
    expect(viewerReviewsBody(parts, viewer)).toBe(
      JSON.stringify({ reviews: [reviews[2], reviews[0], reviews[1]] }),
    );
  });

  it('is the shared answer for a viewer whose review is first already, or who has none', () => {
    expect(viewerReviewsBody(parts, reviews[0]?.user_id as string)).toBe('same');
    expect(viewerReviewsBody(parts, '30000000-0000-4000-8000-000000000000')).toBe('same');
  });

  it('cannot tell when the shared list is cut at the limit and the viewer is not in it', () => {
    const full = serialiseReviews({
      reviews: Array.from({ length: WORK_REVIEWS_LIMIT }, (_, i) => review(i)),
    }).parts;
    expect(viewerReviewsBody(full, '30000000-0000-4000-8000-000000000000')).toBeNull();
    expect(viewerReviewsBody(full, review(500).user_id)).not.toBeNull();
  });
});
