import { describe, expect, it } from 'vitest';
import { previewLibraryFile } from './preview';
import { MAX_IMPORT_ROWS } from '../../api/imports';
import {
  UNKNOWN_FORMAT_MESSAGE,
  checkLibraryHeader,
  detectFormat,
  openLibraryFile,
  readLibraryFile,
} from './read-file';
import { writeShelfwise } from './shelfwise';

describe('format detection and reading', () => {
  it('detects each format from its first line', () => {
    expect(detectFormat('\ufeffBook Id,Title,Author,Exclusive Shelf\n')).toBe('goodreads');
    expect(detectFormat('Title,Authors,ISBN/UID,Read Status\r\n')).toBe('storygraph');
    expect(detectFormat('  {"kind":"shelfwise-library"}')).toBe('shelfwise');
    expect(detectFormat('name,email\n')).toBeNull();
  });

  it('refuses unknown files, a format that does not fit, and empty exports, in plain words', () => {
    expect(readLibraryFile('name,email\nA,b\n', 'auto')).toBe(UNKNOWN_FORMAT_MESSAGE);
    expect(readLibraryFile('Book Id,Title,Exclusive Shelf\n1,A,read\n', 'storygraph')).toBe(
      'This file is not a The StoryGraph export: its first line does not have the The StoryGraph columns.',
    );
    expect(readLibraryFile('Book Id,Title,Exclusive Shelf\n', 'goodreads')).toBe(
      'The file has no books in it.',
    );
    expect(readLibraryFile('{"kind":"other"}', 'auto')).toMatch(
      /^This is not a Shelfwise library file we can read/,
    );
    expect(readLibraryFile('{nope', 'auto')).toBe(
      'This file is not valid JSON, so it cannot be a Shelfwise library file.',
    );
  });

  it('previews the first rows as the import will read them', () => {
    const preview = previewLibraryFile(
      'Book Id,Title,Author,ISBN13,My Rating,Exclusive Shelf,Bookshelves\n1,A,Ann,="9780141439518",5,to-read,"to-read, club"\n2,,B,="",0,read,\n',
      'auto',
      1,
    );
    expect(preview).toMatchObject({
      format: 'goodreads',
      total_rows: 2,
      problem: null,
      rows: [
        {
          row: 1,
          title: 'A',
          authors: ['Ann'],
          isbn13: '9780141439518',
          isbn10: '0141439513',
          status: 'to-be-read',
          rating: 5,
          custom_shelves: ['club'],
          reads: 0,
          has_review: false,
          problem: null,
        },
      ],
    });
  });

  it('reads a Shelfwise file back exactly as it was written', () => {
    const content = writeShelfwise({
      username: 'reader',
      exportedAt: '2026-01-01T00:00:00.000Z',
      profile: { first_name: 'Ada', last_name: null },
      shelves: [{ slug: null, name: 'Club', description: 'Monthly' }],
      goals: [{ goal_year: 2025, goal_type: 'pages', target_qty: 5000 }],
      records: [
        {
          row: 1,
          key: 'shelfwise:abc',
          title: 'Emma',
          authors: ['Jane Austen'],
          isbn13: '9780141439587',
          isbn10: '0141439580',
          publisher: 'Penguin',
          pages: 474,
          year: 1815,
          format: 'Paperback',
          status: 'paused',
          shelves: [{ slug: 'currently-reading', name: 'Currently Reading', position: 0 }],
          events: [
            {
              type: 'start',
              at: '2025-01-01T10:00:00.000Z',
              start_page: 1,
              end_page: null,
              start_percent: null,
              end_percent: null,
              journal_md: 'Began *again*',
              is_public: false,
            },
          ],
          review: {
            rating: 4.75,
            headline: 'Yes',
            review_body: 'Body',
            spoiler: true,
            tone: 2,
            pace: 1,
            story_focus: 2,
            recommend: true,
            mood_ids: [1, 3],
            quality_ids: [5],
            content_warnings: { '2': 1 },
            created_at: '2025-02-01T00:00:00.000Z',
          },
          added_at: '2024-12-31T00:00:00.000Z',
          notes: [],
          problem: null,
        },
      ],
    });
    const file = readLibraryFile(content, 'auto');
    expect(typeof file).toBe('object');
    if (typeof file === 'string') return;
    expect(file.profile).toEqual({ first_name: 'Ada', last_name: null });
    expect(file.goals).toEqual([{ goal_year: 2025, goal_type: 'pages', target_qty: 5000 }]);
    expect(file.shelves).toEqual([{ slug: null, name: 'Club', description: 'Monthly' }]);
    expect(file.records[0]?.key).toBe('shelfwise:abc');
    expect(file.records[0]?.review?.headline).toBe('Yes');
    expect(file.records[0]?.events[0]?.journal_md).toBe('Began *again*');
  });

  it('reads a Goodreads file whose cells hold tabs, semicolons and pipes, as comma-separated', () => {
    // Rows that leave out their empty trailing cells, two tabs in each: a delimiter guess takes the tab.
    const file = readLibraryFile(
      'Book Id,Title,Author,ISBN13,Exclusive Shelf,Bookshelves\n1,A\tB\tC,Ann; Bo|Cy\n2,D\t\t,Di\n',
      'auto',
    );
    if (typeof file === 'string') throw new Error(file);
    expect(file.records.map((r) => [r.title, r.authors])).toEqual([
      ['A\tB\tC', ['Ann; Bo|Cy']],
      ['D', ['Di']],
    ]);
  });
});

describe('limits, applied while reading', () => {
  const header = 'Book Id,Title,Author,Exclusive Shelf';

  it('refuses a header wider than the column limit from its first line alone, counting its columns', () => {
    const wide = `${header}${',x'.repeat(100_000)}\n1,A,B,read\n`;
    expect(checkLibraryHeader(wide, 'auto')).toBe(
      'The file has 100,004 columns; at most 100 can be imported.',
    );
    expect(readLibraryFile(wide, 'goodreads')).toBe(
      'The file has 100,004 columns; at most 100 can be imported.',
    );
  });

  it('refuses a data row wider than the limit, naming it', () => {
    expect(readLibraryFile(`${header}\n1,A,B,read\n2,C${',x'.repeat(200)}\n`, 'auto')).toBe(
      'Row 2 has 202 columns; at most 100 can be imported.',
    );
  });

  it('refuses a cell longer than the limit', () => {
    expect(readLibraryFile(`${header}\n1,"${'t'.repeat(100_001)}",B,read\n`, 'auto')).toBe(
      'Row 1 has a cell longer than 100,000 characters, the most a cell can hold.',
    );
  });

  it('refuses more rows than the limit as soon as it has read one too many', () => {
    const rows = `${header}\n${'1,A,B,read\n'.repeat(MAX_IMPORT_ROWS + 1)}`;
    expect(readLibraryFile(rows, 'auto')).toBe(
      'The file has more than 100,000 rows; at most 100,000 can be imported at once.',
    );
    const file = openLibraryFile(`${header}\n${'1,A,B,read\n'.repeat(MAX_IMPORT_ROWS)}`, 'auto');
    expect(typeof file === 'string' ? file : file.total).toBe(MAX_IMPORT_ROWS);
  });

  it('hands records out a batch at a time, numbered as in the file', () => {
    const file = openLibraryFile(`${header}\n1,A,B,read\n\n2,C,D,read\n3,E,F,read\n`, 'auto');
    if (typeof file === 'string') throw new Error(file);
    expect([...file.batches(2)].map((b) => b.map((r) => [r.row, r.title]))).toEqual([
      [
        [1, 'A'],
        [3, 'C'],
      ],
      [[4, 'E']],
    ]);
  });
});
