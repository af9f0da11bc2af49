import { describe, expect, it } from 'vitest';
import { coverUrl } from '../db/cover-url';
import { coverSource, parseSource, upstreamUrl } from './cover-source';

describe('coverSource', () => {
  it('prefers the Open Library cover id of the stored cover URL, else the ISBN', () => {
    expect(coverSource('https://covers.openlibrary.org/b/id/9000001-L.jpg', '9780141439518')).toEqual({
      kind: 'olid',
      id: '9000001',
    });
    expect(coverSource(null, '9780141439518')).toEqual({ kind: 'isbn', isbn: '9780141439518' });
    expect(coverSource(null, null)).toBeNull();
  });

  it('ignores any other stored URL, so nothing in the catalogue can name an address to fetch', () => {
    for (const stored of [
      'https://evil.example/b/id/1-L.jpg',
      'http://covers.openlibrary.org/b/id/1-L.jpg',
      'https://covers.openlibrary.org/b/id/1-L.jpg?x=http://evil',
      'https://covers.openlibrary.org/b/id/0-L.jpg',
      'https://covers.openlibrary.org.evil.example/b/id/1-L.jpg',
    ]) {
      expect(coverSource(stored, null)).toBeNull();
      expect(coverSource(stored, '9780141439518')).toEqual({ kind: 'isbn', isbn: '9780141439518' });
    }
  });
});

describe('coverUrl', () => {
  it('is always on our own origin', () => {
    expect(coverUrl(null, '9780141439518', 'https://books.example')).toBe(
      'https://books.example/covers/isbn/9780141439518',
    );
    expect(coverUrl('https://covers.openlibrary.org/b/id/42-M.jpg', null, 'http://localhost:8787')).toBe(
      'http://localhost:8787/covers/olid/42',
    );
    expect(coverUrl('https://elsewhere.example/c.jpg', null, 'http://localhost:8787')).toBeNull();
  });
});

describe('parseSource and upstreamUrl', () => {
  it('build only COVERS_URL requests by ISBN or cover id', () => {
    expect(upstreamUrl('http://covers.test', parseSource('isbn', '9780141439518')!)).toBe(
      'http://covers.test/b/isbn/9780141439518-L.jpg?default=false',
    );
    expect(upstreamUrl('http://covers.test', parseSource('olid', '42')!)).toBe(
      'http://covers.test/b/id/42-L.jpg?default=false',
    );
    for (const [kind, value] of [
      ['isbn', '978014143951'],
      ['isbn', '97801414395189'],
      ['olid', '0'],
      ['olid', '1234567890123'],
      ['url', 'http%3A%2F%2Fevil'],
      ['olid', '42/../../x'],
    ] as const) {
      expect(parseSource(kind, value)).toBeNull();
    }
  });
});
