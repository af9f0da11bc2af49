import { describe, expect, it } from 'vitest';
import { isbnFromBarcode } from './scanned-isbn';

describe('isbnFromBarcode', () => {
  it('accepts an EAN-13 with the 978 or 979 prefix and a right check digit', () => {
    expect(isbnFromBarcode('9780553418026')).toBe('9780553418026');
    expect(isbnFromBarcode('9791032305690')).toBe('9791032305690');
    expect(isbnFromBarcode(' 9780316300131\n')).toBe('9780316300131');
  });

  it('refuses a wrong check digit', () => {
    expect(isbnFromBarcode('9780553418027')).toBeNull();
    expect(isbnFromBarcode('9791032305691')).toBeNull();
  });

  it('refuses EAN-13s of other goods, even with a right check digit', () => {
    // 4006381333931 is a valid EAN-13 (a German product), 0012345678905 a UPC-A written as EAN-13.
    expect(isbnFromBarcode('4006381333931')).toBeNull();
    expect(isbnFromBarcode('0012345678905')).toBeNull();
    expect(isbnFromBarcode('9771234567003')).toBeNull();
  });

  it('refuses codes of the wrong length or with other characters', () => {
    expect(isbnFromBarcode('978055341802')).toBeNull();
    expect(isbnFromBarcode('97805534180260')).toBeNull();
    expect(isbnFromBarcode('0553418025')).toBeNull();
    expect(isbnFromBarcode('978-0553418026')).toBeNull();
    expect(isbnFromBarcode('51299')).toBeNull();
    expect(isbnFromBarcode('')).toBeNull();
  });
});
