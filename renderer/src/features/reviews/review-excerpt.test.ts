import { describe, expect, it } from 'vitest';
import { reviewExcerpt } from './review-excerpt';

describe('reviewExcerpt', () => {
  it('cuts at 300 characters', () => {
    expect(reviewExcerpt('a'.repeat(300))).toBeNull();
    expect(reviewExcerpt('a'.repeat(301))).toBe(`${'a'.repeat(300)}…`);
  });

  it('never splits an emoji and drops the spaces before the ellipsis', () => {
    expect(reviewExcerpt('📚'.repeat(300))).toBeNull();
    expect(reviewExcerpt(`${'📚'.repeat(299)}📖📕`)).toBe(`${'📚'.repeat(299)}📖…`);
    expect(reviewExcerpt(`${'a'.repeat(298)}  tail`)).toBe(`${'a'.repeat(298)}…`);
  });
});
