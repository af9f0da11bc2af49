import { describe, expect, it } from 'vitest';
import { cleanIsbn, hasValidCheckDigit, isIsbnQuery, isIsbnShaped, isbnPair, normalizeIsbn } from './isbn';

describe('ISBN rules', () => {
  it('cleans everything but digits and X', () => {
    expect(cleanIsbn('978-0-14-143951-8')).toBe('9780141439518');
    expect(cleanIsbn(' 0-8044-2957-x ')).toBe('080442957X');
  });

  it('accepts only 13 digits or 9 digits plus a digit or X', () => {
    expect(isIsbnShaped('9780141439518')).toBe(true);
    expect(isIsbnShaped('080442957X')).toBe(true);
    expect(isIsbnShaped('97801414395')).toBe(false);
    expect(isIsbnShaped('X801414395')).toBe(false);
  });

  it('checks check digits of both lengths', () => {
    expect(hasValidCheckDigit('9780141439518')).toBe(true);
    expect(hasValidCheckDigit('9780141439519')).toBe(false);
    expect(hasValidCheckDigit('0141439513')).toBe(true);
    expect(hasValidCheckDigit('080442957X')).toBe(true);
  });

  it('converts between ISBN-10 and ISBN-13 and shows N/A otherwise', () => {
    expect(isbnPair('0141439513')).toEqual({ isbn10: '0141439513', isbn13: '9780141439518' });
    expect(isbnPair('978-0-14-143951-8')).toEqual({ isbn10: '0141439513', isbn13: '9780141439518' });
    expect(isbnPair('9791032305690')).toEqual({ isbn10: null, isbn13: '9791032305690' });
    expect(isbnPair('12345')).toEqual({ isbn10: null, isbn13: null });
    expect(isbnPair(null)).toEqual({ isbn10: null, isbn13: null });
  });

  it('normalises valid ISBN queries to ISBN-13 and rejects bad check digits', () => {
    expect(normalizeIsbn('0-14-143951-3')).toBe('9780141439518');
    expect(normalizeIsbn('9780141439518')).toBe('9780141439518');
    expect(normalizeIsbn('9780141439519')).toBeNull();
    expect(normalizeIsbn('pride')).toBeNull();
  });
});

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
