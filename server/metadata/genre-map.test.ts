import { describe, expect, it } from 'vitest';
import { GENRES, mapSubjectsToGenres, MAX_GENRES } from './genre-map';

describe('mapSubjectsToGenres', () => {
  it.each([
    [['Fiction, science fiction, general'], ['Science Fiction']],
    [['Detective and mystery stories'], ['Mystery']],
    [['Love stories'], ['Romance']],
    [['Juvenile fiction'], ["Children's"]],
    [['Fantasy fiction'], ['Fantasy']],
    [['Dystopias'], ['Dystopian']],
    [['Comic books, strips, etc.'], ['Graphic Novel']],
    [['Biography'], ['Biography']],
    [['Autobiography'], ['Memoir']],
    [['Ghost stories'], ['Horror']],
    [['Spy stories'], ['Thriller']],
    [['Fiction, historical'], ['Historical Fiction']],
    [['Great Britain -- History -- Tudors, 1485-1603 -- Fiction'], ['Historical Fiction']],
    [['Young adult fiction'], ['Young Adult']],
    [['American poetry'], ['Poetry']],
    [['English drama'], ['Drama']],
    [['Short stories'], ['Short Stories']],
    [['Wit and humor'], ['Humor']],
    [['Adventure stories'], ['Adventure']],
    [['Classic Literature'], ['Classics']],
    [['Philosophy'], ['Philosophy']],
    [['Astronomy'], ['Science']],
    [['Self-help techniques'], ['Self-Help']],
    [['World War, 1939-1945 -- History'], ['History']],
    [['Fiction, literary'], ['Literary Fiction']],
    [['Nonfiction'], ['Nonfiction']],
  ])('%j -> %j', (subjects, expected) => {
    expect(mapSubjectsToGenres(subjects)).toEqual(expected);
  });

  it('only ever answers with the shared vocabulary, at most three, without duplicates', () => {
    const everything = [
      'Science fiction',
      'Fantasy fiction',
      'Horror tales',
      'Detective and mystery stories',
      'Love stories',
      'Poetry',
      'Biography',
      'History',
      'Comic books, strips, etc.',
      'Fiction, science fiction, general',
    ];
    const genres = mapSubjectsToGenres(everything);
    expect(genres).toHaveLength(MAX_GENRES);
    expect(new Set(genres).size).toBe(genres.length);
    for (const genre of genres) expect(GENRES).toContain(genre);
  });

  it('ranks by how many subjects agree, independent of subject order', () => {
    const subjects = ['Dystopias', 'Science fiction', 'Fiction, science fiction, general', 'Climate change'];
    expect(mapSubjectsToGenres(subjects)).toEqual(['Science Fiction', 'Dystopian']);
    expect(mapSubjectsToGenres([...subjects].reverse())).toEqual(['Science Fiction', 'Dystopian']);
  });

  it('is case- and whitespace-insensitive and ignores repeated subjects', () => {
    expect(mapSubjectsToGenres(['  SCIENCE   FICTION ', 'science fiction', 'Dystopias'])).toEqual([
      'Science Fiction',
      'Dystopian',
    ]);
  });

  it('does not read genre words inside unrelated headings', () => {
    expect(mapSubjectsToGenres(['Science fiction'])).not.toContain('Science');
    expect(mapSubjectsToGenres(['Political science'])).toEqual([]);
    expect(mapSubjectsToGenres(['Romance languages'])).toEqual([]);
    expect(mapSubjectsToGenres(['Juvenile delinquency'])).toEqual([]);
    expect(mapSubjectsToGenres(['Fiction, biographical'])).not.toContain('Biography');
    expect(mapSubjectsToGenres(['Magic tricks'])).toEqual([]);
  });

  it('treats loose topic words as genre only when the subject is fiction', () => {
    expect(mapSubjectsToGenres(['Space flight'])).toEqual([]);
    expect(mapSubjectsToGenres(['Space flight -- Fiction'])).toEqual(['Science Fiction']);
    expect(mapSubjectsToGenres(['Murder -- Fiction'])).toEqual(['Mystery']);
  });

  it('drops nonfiction shelves from novels whose subjects describe their setting', () => {
    expect(mapSubjectsToGenres(['History', 'Astronomy', 'Fiction, science fiction, general'])).toEqual([
      'Science Fiction',
    ]);
  });

  it('skips literary criticism headings', () => {
    expect(mapSubjectsToGenres(['Science fiction -- History and criticism'])).toEqual([]);
  });

  it('prefers Young Adult over the Juvenile fiction tag that teen novels also carry', () => {
    expect(mapSubjectsToGenres(['Juvenile fiction', 'Young adult fiction', 'Dystopias'])).toEqual([
      'Dystopian',
      'Young Adult',
    ]);
  });

  it('uses weak signals such as "Fiction, general" only when nothing specific matched', () => {
    expect(mapSubjectsToGenres(['Fiction, general'])).toEqual(['Literary Fiction']);
    expect(mapSubjectsToGenres(['Fiction, general', 'Horror fiction'])).toEqual(['Horror']);
  });

  it('returns nothing for no or unhelpful subjects', () => {
    expect(mapSubjectsToGenres([])).toEqual([]);
    expect(mapSubjectsToGenres(['', 'Accessible book', 'Protected DAISY'])).toEqual([]);
  });
});
