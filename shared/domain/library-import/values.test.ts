import { describe, expect, it } from 'vitest';
import {
  fitText,
  htmlToText,
  matchKey,
  readDate,
  readIsbn,
  readRating,
  unwrapSpreadsheetText,
} from './values';

describe('export cell readers', () => {
  it('unwraps Goodreads ="…" ISBNs, empty ones included', () => {
    expect(unwrapSpreadsheetText('="0141439513"')).toBe('0141439513');
    expect(unwrapSpreadsheetText('=""')).toBe('');
    expect(readIsbn('="0141439513"')).toEqual({ isbn10: '0141439513', isbn13: '9780141439518' });
    expect(readIsbn('="9780141439518"')).toEqual({ isbn13: '9780141439518', isbn10: '0141439513' });
    expect(readIsbn('=""')).toEqual({ isbn13: null, isbn10: null });
    expect(readIsbn('9780141439519')).toEqual({ isbn13: null, isbn10: null }); // bad check digit
  });

  it('reads YYYY/MM/DD and its relatives, refusing impossible dates', () => {
    expect(readDate('2023/03/14')).toBe('2023-03-14');
    expect(readDate('2023-3-4')).toBe('2023-03-04');
    expect(readDate('2023/02')).toBe('2023-02-01');
    expect(readDate('2023/02/30')).toBeNull();
    expect(readDate('14/03/2023')).toBeNull();
    expect(readDate('')).toBeNull();
  });

  it('rounds decimal ratings to quarter steps and reads 0 as unrated', () => {
    expect(readRating('4.3')).toBe(4.25);
    expect(readRating('4.4')).toBe(4.5);
    expect(readRating('3.875')).toBe(4);
    expect(readRating('0')).toBeNull();
    expect(readRating('')).toBeNull();
    expect(readRating('0.1')).toBe(0.25);
    expect(readRating('7')).toBe(5);
  });

  it('turns review HTML into plain paragraphs', () => {
    expect(htmlToText('Witty.<br/><br/>Still &amp; always <b>great</b>.')).toBe(
      'Witty.\n\nStill & always great.',
    );
    expect(htmlToText('<p>One</p><p>Two&#39;s</p>')).toBe("One\n\nTwo's");
    expect(htmlToText('a<br><br><br><br>b')).toBe('a\n\nb');
  });

  it('folds titles for matching', () => {
    expect(matchKey('  Pride & Prejudice! ')).toBe(matchKey('pride and prejudice'));
    expect(matchKey('Émile Zola')).toBe('emile zola');
  });
});

describe('fitText', () => {
  it('drops control characters and lone surrogates, keeping pairs, tabs and newlines', () => {
    expect(fitText('a\u0000b\tc\nd\ud83d\ude00e\ud800f\udc00')).toBe('ab\tc\nd\ud83d\ude00ef');
  });
});
