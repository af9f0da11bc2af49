import { describe, expect, it } from 'vitest';
import { previewLibraryFile } from './preview';
import { UNKNOWN_FORMAT_MESSAGE, detectFormat, readLibraryFile } from './read-file';
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
});
