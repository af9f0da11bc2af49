import { describe, expect, it } from 'vitest';
import { authorPath, shelfIdPath, userPath, workPath } from './paths';

describe('renderer paths (SPEC.md §2)', () => {
  it('opens a work at an edition only when one is given', () => {
    expect(workPath('w1', 'e1')).toBe('/work/w1?edition=e1');
    expect(workPath('w1')).toBe('/work/w1');
    expect(workPath('w1', null)).toBe('/work/w1');
  });

  it('escapes a username and leaves ids as they are', () => {
    expect(userPath('a b/c')).toBe('/user/a%20b%2Fc');
    expect(authorPath('a1')).toBe('/author/a1');
    expect(shelfIdPath('s1')).toBe('/shelf/s1');
  });
});
