import { describe, expect, it } from 'vitest';
import { firstOpenLibrarySeries, parseOpenLibrarySeries, seriesLabel, splitSeries } from './series';

describe('splitSeries', () => {
  it('takes the Goodreads series suffix off the title and keeps name and position', () => {
    expect(splitSeries('A Wizard of Earthsea (Earthsea Cycle, #1)')).toEqual({
      title: 'A Wizard of Earthsea',
      series: { name: 'Earthsea Cycle', position: '1' },
    });
    expect(splitSeries('The Left Hand of Darkness (Hainish Cycle, #4)').title).toBe(
      'The Left Hand of Darkness',
    );
    expect(splitSeries('New Spring (The Wheel of Time, #0.5)').series).toEqual({
      name: 'The Wheel of Time',
      position: '0.5',
    });
    expect(splitSeries('The Complete Trilogy (Foo #1-3)').series).toEqual({ name: 'Foo', position: '1-3' });
    expect(splitSeries('Harry Potter and the Goblet of Fire (Harry Potter  #4)').series?.name).toBe(
      'Harry Potter',
    );
  });

  it('keeps parentheses that are part of the title, and titles without a suffix', () => {
    for (const title of [
      'The Annotated Alice (Definitive Edition)',
      'Dune',
      'Catch-22',
      '(Untitled)',
      'Book #1',
      'Notes (on #hashtags) and more',
    ]) {
      expect(splitSeries(title)).toEqual({ title, series: null });
    }
  });

  it('labels a place as the work page shows it', () => {
    expect(seriesLabel({ name: 'Earthsea Cycle', position: '1' })).toBe('Earthsea Cycle #1');
    expect(seriesLabel({ name: 'Discworld', position: null })).toBe('Discworld');
  });
});

describe('parseOpenLibrarySeries', () => {
  it("reads the shapes Open Library's editions write", () => {
    expect(parseOpenLibrarySeries('Earthsea Cycle ; 1')).toEqual({ name: 'Earthsea Cycle', position: '1' });
    expect(parseOpenLibrarySeries('Hainish Cycle, #4')).toEqual({ name: 'Hainish Cycle', position: '4' });
    expect(parseOpenLibrarySeries('The Earthsea cycle -- bk. 2')).toEqual({
      name: 'The Earthsea cycle',
      position: '2',
    });
    expect(parseOpenLibrarySeries('(Foundation series ; 3)')).toEqual({ name: 'Foundation', position: '3' });
    expect(parseOpenLibrarySeries('The Wheel of Time, book 0.5')).toEqual({
      name: 'The Wheel of Time',
      position: '0.5',
    });
    expect(parseOpenLibrarySeries('Dune chronicles, no. 1-3')).toEqual({
      name: 'Dune chronicles',
      position: '1-3',
    });
  });

  it("leaves publishers' lines and unnumbered names out", () => {
    expect(parseOpenLibrarySeries('Penguin classics ; 12')).toBeNull();
    expect(parseOpenLibrarySeries('Ace science fiction ; 47')).toBeNull();
    expect(parseOpenLibrarySeries("Everyman's library ; 123")).toBeNull();
    expect(parseOpenLibrarySeries('Discworld series')).toBeNull();
    expect(parseOpenLibrarySeries('SF Masterworks ; 7')).toBeNull();
    expect(parseOpenLibrarySeries('Some long-running line ; 212')).toBeNull();
    expect(parseOpenLibrarySeries('')).toBeNull();
  });

  it('takes the first string that names a series', () => {
    expect(firstOpenLibrarySeries(['Penguin classics ; 12', 'Earthsea Cycle ; 1'])).toEqual({
      name: 'Earthsea Cycle',
      position: '1',
    });
    expect(firstOpenLibrarySeries([])).toBeNull();
  });
});
