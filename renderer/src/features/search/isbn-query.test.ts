import { describe, expect, it } from 'vitest';
import { isIsbnQuery } from './isbn-query';

describe('isIsbnQuery', () => {
  it('accepts ISBN-13s and ISBN-10s written with spaces or dashes', () => {
    expect(isIsbnQuery('9780316300131')).toBe(true);
    expect(isIsbnQuery('978-0-316-30013-1')).toBe(true);
    expect(isIsbnQuery(' 0 553 56261 4 ')).toBe(true);
    expect(isIsbnQuery('080442957X')).toBe(true);
    expect(isIsbnQuery('080442957x')).toBe(true);
  });

  it('leaves words, years and numbers of other lengths to the title search', () => {
    expect(isIsbnQuery('1984')).toBe(false);
    expect(isIsbnQuery('dune')).toBe(false);
    expect(isIsbnQuery('Harry Potter 0747532699')).toBe(false);
    expect(isIsbnQuery('97803163001')).toBe(false);
    expect(isIsbnQuery('')).toBe(false);
  });
});
