import { describe, expect, it } from 'vitest';
import {
  DumpLineError,
  isbnsOfEditionLine,
  parseDumpLine,
  readAuthor,
  readEdition,
  readWork,
} from './openlibrary-dump';

const line = (type: string, key: string, rev: number, record: unknown) =>
  `${type}\t${key}\t${rev}\t2024-06-30T12:00:00.000000\t${JSON.stringify(record)}`;

describe('parseDumpLine', () => {
  it('reads the five tab-separated fields of a dump line', () => {
    const parsed = parseDumpLine(line('/type/work', '/works/OL1W', 7, { title: 'A\tB', key: '/works/OL1W' }));
    expect(parsed).toMatchObject({ type: '/type/work', key: '/works/OL1W', revision: 7 });
    expect(parsed.record.title).toBe('A\tB');
  });

  it.each([
    ['too few fields', '/type/work\t/works/OL1W\t1'],
    ['a bad revision', '/type/work\t/works/OL1W\tx\t2024\t{}'],
    ['broken JSON', '/type/work\t/works/OL1W\t1\t2024\t{"title":'],
    ['JSON that is no object', '/type/work\t/works/OL1W\t1\t2024\t[1]'],
    ['an unknown type', 'work\t/works/OL1W\t1\t2024\t{}'],
  ])('refuses %s with a reason', (_what, text) => {
    expect(() => parseDumpLine(text)).toThrow(DumpLineError);
  });
});

describe('dump records', () => {
  it('reads an author by name, else personal name, and skips one without either', () => {
    expect(
      readAuthor(parseDumpLine(line('/type/author', '/authors/OL1A', 3, { name: ' Jane Austen ' }))),
    ).toEqual({
      olKey: '/authors/OL1A',
      revision: 3,
      name: 'Jane Austen',
      alternateNames: [],
    });
    expect(
      readAuthor(parseDumpLine(line('/type/author', '/authors/OL2A', 1, { personal_name: 'X Y' }))),
    ).toMatchObject({ name: 'X Y' });
    expect(readAuthor(parseDumpLine(line('/type/author', '/authors/OL3A', 1, {})))).toBeNull();
    expect(
      readAuthor(parseDumpLine(line('/type/redirect', '/authors/OL4A', 1, { location: '/authors/OL1A' }))),
    ).toBeNull();
  });

  it("keeps an author's distinct alternate names, without the name itself and without non-strings", () => {
    const many = Array.from({ length: 80 }, (_, i) => `Variant ${i}`);
    const author = readAuthor(
      parseDumpLine(
        line('/type/author', '/authors/OL5A', 2, {
          name: 'Fyodor Dostoyevsky',
          alternate_names: [
            ' Fyodor Dostoevsky ',
            'Fyodor Dostoevsky',
            'Fyodor Dostoyevsky',
            7,
            '',
            'Ф. Достоевский',
          ],
        }),
      ),
    );
    expect(author?.alternateNames).toEqual(['Fyodor Dostoevsky', 'Ф. Достоевский']);
    const garbled = readAuthor(
      parseDumpLine(line('/type/author', '/authors/OL6A', 1, { name: 'X', alternate_names: 'not a list' })),
    );
    expect(garbled?.alternateNames).toEqual([]);
    const long = readAuthor(
      parseDumpLine(line('/type/author', '/authors/OL7A', 1, { name: 'X', alternate_names: many })),
    );
    expect(long?.alternateNames).toEqual(many.slice(0, 50));
  });

  it('reads a work with its authors and the genres its subjects map to', () => {
    const work = readWork(
      parseDumpLine(
        line('/type/work', '/works/OL1W', 2, {
          title: 'Pride and Prejudice',
          first_publish_date: '1813',
          subjects: ['Fiction', 'Love stories'],
          authors: [
            { type: { key: '/type/author_role' }, author: { key: '/authors/OL1A' } },
            { author: { key: '/authors/OL1A' } },
            { nonsense: true },
          ],
        }),
      ),
    );
    expect(work).toMatchObject({
      olKey: '/works/OL1W',
      title: 'Pride and Prejudice',
      date: '1813-01-01',
      authorKeys: ['/authors/OL1A'],
    });
    expect(work?.genres).toContain('Romance');
    expect(readWork(parseDumpLine(line('/type/work', '/works/OL2W', 1, { title: '' })))).toBeNull();
  });

  it('reads an edition: ISBN-10 as ISBN-13, cover id as the cover URL the importer stores, pages', () => {
    const edition = readEdition(
      parseDumpLine(
        line('/type/edition', '/books/OL1M', 4, {
          title: 'Dune',
          subtitle: 'Deluxe',
          works: [{ key: '/works/OL1W' }],
          isbn_10: ['0-441-17271-7'],
          publishers: ['Ace'],
          publish_date: 'June 1990',
          pagination: 'xii, 535 p.',
          physical_format: 'paperback',
          covers: [-1, 123],
        }),
      ),
    );
    expect(edition).toMatchObject({
      olKey: '/books/OL1M',
      workKey: '/works/OL1W',
      title: 'Dune: Deluxe',
      isbn13: '9780441172719',
      publisher: 'Ace',
      date: '1990-06-01',
      pageCount: 535,
      format: 'Paperback',
      coverUrl: 'https://covers.openlibrary.org/b/id/123-L.jpg',
    });
    expect(
      readEdition(parseDumpLine(line('/type/edition', '/books/OL2M', 1, { title: 'No work' }))),
    ).toBeNull();
  });

  it('cuts text to what the catalogue holds and drops impossible page counts', () => {
    const edition = readEdition(
      parseDumpLine(
        line('/type/edition', '/books/OL3M', 1, {
          title: 'x'.repeat(900),
          works: [{ key: '/works/OL1W' }],
          number_of_pages: 9_999_999,
        }),
      ),
    );
    expect(edition?.title).toHaveLength(500);
    expect(edition?.pageCount).toBeNull();
  });

  it('finds the ISBNs of an edition line without parsing it', () => {
    const text = line('/type/edition', '/books/OL1M', 1, {
      isbn_10: ['0441172717'],
      isbn_13: ['978-0-14-143951-8'],
    });
    expect(isbnsOfEditionLine(text).sort()).toEqual(['9780141439518', '9780441172719']);
  });
});
