import { describe, expect, it } from 'vitest';
import { GOODREADS_COLUMNS, writeGoodreads } from './goodreads';
import { readLibraryFile } from './read-file';
import type { LibraryFile } from './record';

const HEADER_31 = GOODREADS_COLUMNS.join(',');
const HEADER_24 =
  'Book Id,Title,Author,Author l-f,Additional Authors,ISBN,ISBN13,My Rating,Average Rating,Publisher,Binding,Number of Pages,Year Published,Original Publication Year,Date Read,Date Added,Bookshelves,Bookshelves with positions,Exclusive Shelf,My Review,Spoiler,Private Notes,Read Count,Owned Copies';

const read = (content: string): LibraryFile => {
  const file = readLibraryFile(content, 'auto');
  if (typeof file === 'string') throw new Error(file);
  return file;
};

describe('Goodreads export', () => {
  it('reads the 31-column form with its quirks (BOM, CRLF, ="…" ISBNs, HTML review, positions)', () => {
    const file = read(
      `\ufeff${HEADER_31}\r\n` +
        '1885,Pride and Prejudice,Jane Austen,"Austen, Jane","Anna Quindlen",="0141439513",="9780141439518",4,4.28,Penguin,Paperback,279,2002,1813,2023/03/14,2023/01/02,"classics, favorites, owned","classics (#2), favorites (#1)",read,"Witty.<br/><br/>Great &amp; wise.",true,,2,,,1,,,,,\r\n' +
        '5907,"The Hobbit, or There and Back Again",J.R.R. Tolkien,"Tolkien, J.R.R.",,="",="",0,4.29,,Hardcover,366,2012,1937,,2024/05/20,currently-reading,currently-reading (#1),currently-reading,,,,0,,,0,,,,,\r\n',
    );
    expect(file.format).toBe('goodreads');
    const [pp, hobbit] = file.records;
    expect(pp).toMatchObject({
      row: 1,
      key: 'goodreads:1885',
      title: 'Pride and Prejudice',
      authors: ['Jane Austen', 'Anna Quindlen'],
      isbn13: '9780141439518',
      isbn10: '0141439513',
      pages: 279,
      year: 1813,
      status: 'read',
      added_at: '2023-01-02T12:00:00.000Z',
      problem: null,
    });
    expect(pp?.review).toMatchObject({ rating: 4, review_body: 'Witty.\n\nGreat & wise.', spoiler: true });
    expect(pp?.shelves).toEqual([
      { slug: 'read', name: 'Read', position: null },
      { slug: null, name: 'classics', position: 2 },
      { slug: 'favorites', name: 'Favorites', position: 1 },
      { slug: 'owned', name: 'Owned', position: null },
    ]);
    // Goodreads dates only the finish: no start is invented on the same day, and no pages are claimed.
    expect(pp?.events.map((e) => `${e.type}@${e.at.slice(0, 10)}`)).toEqual(['finish@2023-03-14']);
    expect(pp?.events[0]).toMatchObject({ start_page: null, end_page: null });
    // A rating alone: nothing said about tone, pace or story focus.
    expect(pp?.review).toMatchObject({ tone: null, pace: null, story_focus: null, recommend: null });
    expect(pp?.notes).toEqual(['Read 2 times, but the file dates only one read']);
    expect(hobbit).toMatchObject({
      title: 'The Hobbit, or There and Back Again',
      isbn13: null,
      isbn10: null,
      status: 'currently-reading',
      review: null,
      shelves: [{ slug: 'currently-reading', name: 'Currently Reading', position: 1 }],
    });
    expect(hobbit?.events.map((e) => `${e.type}@${e.at.slice(0, 10)}`)).toEqual(['start@2024-05-20']);
  });

  it('reads the newer 24-column form, to-read positions and custom shelves', () => {
    const file = read(
      `${HEADER_24}\n42,A Book,Ada Example,"Example, Ada",,="",="",0,0,Small Press,Paperback,120,2020,2020,,2024/02/02,"to-read, book club","to-read (#20), book club (#1)",to-read,,,,0,1\n`,
    );
    expect(file.records[0]?.shelves).toEqual([
      { slug: 'to-be-read', name: 'To Be Read', position: 20 },
      { slug: null, name: 'book club', position: 1 },
      { slug: 'owned', name: 'Owned', position: null },
    ]);
    expect(file.records[0]?.events).toEqual([]);
  });

  it('fails a row without a title and notes a review that has no rating', () => {
    const file = read(
      `${HEADER_24}\n1,,Someone,,,="",="",0,0,,,,,,,,,,read,,,,0,0\n2,T,A,,,="",="",0,0,,,,,,,,,,read,Nice,,,0,0\n`,
    );
    expect(file.records[0]?.problem).toBe('The row has no title.');
    expect(file.records[1]?.review).toBeNull();
    expect(file.records[1]?.notes).toEqual(['Review not imported: a Shelfwise review needs a star rating']);
  });

  it('writes 31 columns, ="…" ISBNs and YYYY/MM/DD that read back the same', () => {
    const original = read(
      `${HEADER_31}\r\n1885,Pride and Prejudice,Jane Austen,"Austen, Jane",,="0141439513",="9780141439518",4,4.28,Penguin,Paperback,279,2002,1813,2023/03/14,2023/01/02,"classics, favorites","classics (#2), favorites (#1), read (#7)",read,"Line<br/>two, ""quoted""",false,,1,,,1,,,,,\r\n`,
    );
    const csv = writeGoodreads(original.records, () => '1885');
    const [header, line] = csv.split('\r\n');
    expect(header?.split(',')).toHaveLength(31);
    expect(line).toContain(',="0141439513",="9780141439518",');
    expect(line).toContain(',2023/03/14,2023/01/02,');
    const again = read(csv);
    expect(again.records).toEqual(original.records);
  });
});
