import { describe, expect, it } from 'vitest';
import type { Review } from '@shared/api/reviews';
import { ownReviewFirst } from './review-order';

const review = (id: string, user_id: string) => ({ id, user_id }) as Review;

describe('ownReviewFirst', () => {
  const list = [review('r1', 'u1'), review('r2', 'u2'), review('r3', 'u3')];

  it("moves the reader's own review to the top and keeps the others' order", () => {
    expect(ownReviewFirst(list, 'u3').map((r) => r.id)).toEqual(['r3', 'r1', 'r2']);
  });

  it('leaves the list as it is for a visitor or a reader without a review', () => {
    expect(ownReviewFirst(list, null).map((r) => r.id)).toEqual(['r1', 'r2', 'r3']);
    expect(ownReviewFirst(list, 'u9').map((r) => r.id)).toEqual(['r1', 'r2', 'r3']);
  });
});
