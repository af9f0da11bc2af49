import { describe, expect, it } from 'vitest';
import { datesWords, matchWords, ratingWords, readsWords, shelfWords } from './preview-words';

describe('preview words', () => {
  it('names the built-in shelf a status lands on, then the custom shelves', () => {
    expect(shelfWords({ status: 'to-be-read', custom_shelves: [] })).toBe('To Be Read');
    expect(shelfWords({ status: 'read', custom_shelves: ['classics', 'gifts'] })).toBe(
      'Read, classics, gifts',
    );
    expect(shelfWords({ status: 'dnf', custom_shelves: [] })).toBe('Did not finish');
    expect(shelfWords({ status: 'paused', custom_shelves: [] })).toBe('Currently Reading (paused)');
    expect(shelfWords({ status: null, custom_shelves: ['owned-ebooks'] })).toBe('owned-ebooks');
    expect(shelfWords({ status: null, custom_shelves: [] })).toBe('No shelf');
  });

  it('names every shelf the file puts the row on, built-in ones too, when the preview lists them', () => {
    expect(
      shelfWords({
        status: 'to-be-read',
        custom_shelves: ['book club'],
        shelves: ['To Be Read', 'book club', 'Owned'],
      }),
    ).toBe('To Be Read, book club, Owned');
    expect(
      shelfWords({
        status: 'paused',
        custom_shelves: ['fantasy'],
        shelves: ['Currently Reading', 'fantasy'],
      }),
    ).toBe('Currently Reading (paused), fantasy');
    expect(shelfWords({ status: 'dnf', custom_shelves: [], shelves: [] })).toBe('Did not finish');
    expect(shelfWords({ status: null, custom_shelves: [], shelves: [] })).toBe('No shelf');
  });

  it('counts reads and reads 0 stars as unrated', () => {
    expect(readsWords(0)).toBe('No dates');
    expect(readsWords(1)).toBe('1 read');
    expect(readsWords(3)).toBe('3 reads');
    expect(ratingWords(null)).toBe('Unrated');
    expect(ratingWords(0)).toBe('Unrated');
    expect(ratingWords(3.75)).toBe('3.75 of 5');
  });

  it('says what the importer tries first: ISBN-13, then ISBN-10, then title and author', () => {
    expect(matchWords({ isbn13: '9780141439518', isbn10: '0141439513' })).toBe('ISBN-13 9780141439518');
    expect(matchWords({ isbn13: null, isbn10: '0141439513' })).toBe('ISBN-10 0141439513');
    expect(matchWords({ isbn13: null, isbn10: null })).toBe('Title and author');
  });
});

describe('datesWords', () => {
  it('puts each read on a line of its own, in the words of what it becomes', () => {
    expect(
      datesWords([
        { type: 'start', on: '2019-02-01' },
        { type: 'finish', on: '2019-02-20' },
        { type: 'start', on: '2023-05-10' },
        { type: 'finish', on: '2023-05-10' },
      ]),
    ).toEqual(['Feb 1, 2019 – Feb 20, 2019', 'Finished May 10, 2023']);
  });

  it('says how a read that did not finish ended', () => {
    expect(
      datesWords([
        { type: 'start', on: '2024-03-02' },
        { type: 'dnf', on: '2024-03-10' },
      ]),
    ).toEqual(['Mar 2, 2024 – Mar 10, 2024, did not finish']);
    expect(
      datesWords([
        { type: 'start', on: '2024-06-02' },
        { type: 'pause', on: '2024-06-02' },
      ]),
    ).toEqual(['Started Jun 2, 2024, paused Jun 2, 2024']);
    expect(datesWords([{ type: 'start', on: '2024-01-05' }])).toEqual(['Started Jan 5, 2024']);
    expect(datesWords([{ type: 'finish', on: '2024-01-05' }])).toEqual(['Finished Jan 5, 2024']);
  });

  it('has no dates to show for a row without them', () => {
    expect(datesWords([])).toEqual(['No dates']);
    expect(datesWords(undefined)).toEqual(['No dates']);
  });
});
