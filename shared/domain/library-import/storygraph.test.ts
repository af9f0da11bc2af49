import { describe, expect, it } from 'vitest';
import { readLibraryFile } from './read-file';
import type { LibraryFile } from './record';
import { STORYGRAPH_COLUMNS, readContentWarnings, readDatesRead, writeStoryGraph } from './storygraph';

const HEADER = STORYGRAPH_COLUMNS.join(',');
const read = (content: string): LibraryFile => {
  const file = readLibraryFile(content, 'auto');
  if (typeof file === 'string') throw new Error(file);
  return file;
};

describe('StoryGraph export', () => {
  it('reads several reads, a decimal rating, moods, pace, focus, warnings and tags', () => {
    const file = read(
      `${HEADER}\nPride and Prejudice,Jane Austen,,9780141439518,paperback,read,2020/01/01,2023/05/02,"2019/02/01-2019/02/20, 2023/04/20-2023/05/02",2,"reflective, funny, emotional",fast,Character,Yes,Yes,No,Yes,4.3,"Loved it<br/>again","Graphic: Violence; Moderate: Death, Grief; Minor: Animal cruelty",,"classics, favorites",Yes\n`,
    );
    expect(file.format).toBe('storygraph');
    const [pp] = file.records;
    expect(pp?.key).toBe('storygraph:9780141439518');
    expect(pp?.events.map((e) => `${e.type}@${e.at.slice(0, 10)}`)).toEqual([
      'start@2019-02-01',
      'finish@2019-02-20',
      'start@2023-04-20',
      'finish@2023-05-02',
    ]);
    expect(pp?.review).toMatchObject({
      rating: 4.25,
      review_body: 'Loved it\nagain',
      mood_ids: [2, 8],
      pace: 3,
      story_focus: 2,
      content_warnings: { '1': 3, '4': 2 },
    });
    expect(pp?.notes).toEqual([
      "Moods not in Shelfwise's list: funny",
      "Content warnings not in Shelfwise's list: Animal cruelty",
    ]);
    expect(pp?.shelves).toEqual([
      { slug: 'read', name: 'Read', position: null },
      { slug: null, name: 'classics', position: null },
      { slug: 'favorites', name: 'Favorites', position: null },
      { slug: 'owned', name: 'Owned', position: null },
    ]);
  });

  it('maps did-not-finish and paused to SPEC.md §4 states', () => {
    const file = read(
      `${HEADER}\nThe Hobbit,J.R.R. Tolkien,,9780547928227,hardcover,did-not-finish,2024/03/01,,2024/03/02-2024/03/10,0,,,,,,,,,,,,,No\n` +
        `A Game of Thrones,George R.R. Martin,,sg-uid-1,paperback,paused,2024/06/01,,2024/06/02-,0,,,,,,,,,,,,,No\n`,
    );
    const [hobbit, got] = file.records;
    expect(hobbit?.status).toBe('dnf');
    expect(hobbit?.shelves).toEqual([]);
    expect(hobbit?.events.map((e) => e.type)).toEqual(['start', 'dnf']);
    expect(got?.status).toBe('paused');
    expect(got?.key).toBe('storygraph:sg uid 1');
    expect(got?.shelves).toEqual([{ slug: 'currently-reading', name: 'Currently Reading', position: null }]);
    expect(got?.events.map((e) => e.type)).toEqual(['start', 'pause']);
  });

  it('reads date ranges and severity groups', () => {
    expect(readDatesRead('2019/02/01-2019/02/20, 2023/05/02, 2024/01/01-')).toEqual([
      { start: '2019-02-01', end: '2019-02-20' },
      { start: null, end: '2023-05-02' },
      { start: '2024-01-01', end: null },
    ]);
    expect(readContentWarnings('Graphic: Graphic gore, Violence; Minor: Self-harm, Violence')).toEqual({
      warnings: { '8': 3, '1': 3, '6': 1 },
      unknown: [],
    });
  });

  it('writes a file that reads back the same', () => {
    const original = read(
      `${HEADER}\nPride and Prejudice,Jane Austen,,9780141439518,paperback,read,2020/01/01,2023/05/02,"2019/02/01-2019/02/20, 2023/04/20-2023/05/02",2,"reflective, emotional",fast,Character,,,,,4.25,"Loved, ""it""","Graphic: Violence; Moderate: Death",,"classics, favorites",Yes\n` +
        `The Hobbit,J.R.R. Tolkien,,9780547928227,hardcover,did-not-finish,2024/03/01,,2024/03/02-2024/03/10,0,,,,,,,,,,,,,No\n`,
    );
    const again = read(writeStoryGraph(original.records));
    expect(again.records).toEqual(original.records);
  });
});
