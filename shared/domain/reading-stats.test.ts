import { describe, expect, it } from 'vitest';
import {
  computeReadingStats,
  goalPace,
  goalPercent,
  hoursForPages,
  pagesPerDay,
  readingStreak,
} from './reading-stats';
import { statsEvent } from './testing/stats-event';

const ev = statsEvent;

const day = (d: string, time = '12:00') => `2025-${d}T${time}:00.000Z`;

describe('books read', () => {
  it('counts distinct works with a finish; editions of one work and re-reads count once', () => {
    const events = [
      ev('start', day('01-01')),
      ev('finish', day('01-10')),
      ev('start', day('02-01')),
      ev('finish', day('02-10')),
      ev('start', day('03-01'), { edition_id: 'ed-2' }),
      ev('finish', day('03-05'), { edition_id: 'ed-2' }),
      ev('start', day('04-01'), { edition_id: 'ed-3', work_id: 'work-3' }),
      ev('dnf', day('04-02'), { edition_id: 'ed-3', work_id: 'work-3' }),
    ];
    expect(computeReadingStats(events, 'UTC').books).toBe(1);
  });

  it('counts a re-read again in a later year', () => {
    const events = [
      ev('finish', '2024-06-01T12:00:00.000Z'),
      ev('start', '2025-01-02T12:00:00.000Z'),
      ev('finish', '2025-02-01T12:00:00.000Z'),
    ];
    expect(computeReadingStats(events, 'UTC', 2024).books).toBe(1);
    expect(computeReadingStats(events, 'UTC', 2025).books).toBe(1);
    expect(computeReadingStats(events, 'UTC').books).toBe(1);
  });
});

describe('pages read', () => {
  it('counts the union of page ranges per edition', () => {
    const events = [
      ev('start', day('01-01')),
      ev('progress', day('01-02'), { start_page: 1, end_page: 100 }),
      ev('progress', day('01-03'), { start_page: 50, end_page: 150 }),
      ev('progress', day('01-04'), { start_page: 1, end_page: 20 }),
      ev('progress', day('01-04'), { edition_id: 'ed-2', start_page: 1, end_page: 10 }),
    ];
    expect(computeReadingStats(events, 'UTC').pages).toBe(160);
  });

  it('mixes percentages and pages of one edition through its page count', () => {
    const events = [
      ev('progress', day('01-02'), { start_page: 1, end_page: 150 }),
      ev('progress', day('01-03'), { start_percent: 25, end_percent: 75 }),
    ];
    expect(computeReadingStats(events, 'UTC').pages).toBe(225);
  });

  it('counts 0 pages for percentages of an edition without a page count', () => {
    const events = [ev('progress', day('01-02'), { page_count: null, start_percent: 0, end_percent: 50 })];
    expect(computeReadingStats(events, 'UTC').pages).toBe(0);
  });

  it('reads an end-only event from the previous position and a finish without a start to the end', () => {
    const events = [
      ev('start', day('01-01')),
      ev('progress', day('01-02'), { end_page: 40 }),
      ev('progress', day('01-03'), { end_page: 90 }),
      ev('pause', day('01-04')),
      ev('resume', day('01-05')),
      ev('finish', day('01-06'), { end_page: 300 }),
    ];
    expect(computeReadingStats(events, 'UTC').pages).toBe(300);
  });

  it('takes a start page as the position and an end-only event going backwards as one page', () => {
    const events = [
      ev('start', day('01-01'), { start_page: 101 }),
      ev('progress', day('01-02'), { end_page: 150 }),
      ev('progress', day('01-03'), { end_page: 10 }),
    ];
    expect(computeReadingStats(events, 'UTC').pages).toBe(51);
  });

  it('clips ranges to the page count and counts a dnf', () => {
    const events = [ev('dnf', day('01-02'), { page_count: 100, start_page: 90, end_page: 250 })];
    expect(computeReadingStats(events, 'UTC').pages).toBe(11);
  });

  it('attributes each range to its local day, so a year counts only what was read in it', () => {
    const events = [
      ev('start', '2024-12-30T12:00:00.000Z'),
      ev('progress', '2024-12-31T12:00:00.000Z', { end_page: 100 }),
      ev('progress', '2025-01-02T12:00:00.000Z', { end_page: 160 }),
      ev('progress', '2025-01-03T12:00:00.000Z', { start_page: 1, end_page: 50 }),
    ];
    expect(computeReadingStats(events, 'UTC', 2024).pages).toBe(100);
    expect(computeReadingStats(events, 'UTC', 2025).pages).toBe(110);
    expect(computeReadingStats(events, 'UTC').pages).toBe(160);
  });
});

describe('days, hours and the streak', () => {
  it('counts distinct active local days; a pause is not activity', () => {
    const events = [
      ev('start', day('01-01', '08:00')),
      ev('progress', day('01-01', '20:00'), { start_page: 1, end_page: 80 }),
      ev('pause', day('01-02')),
      ev('resume', day('01-03')),
    ];
    expect(computeReadingStats(events, 'UTC')).toEqual({ books: 0, pages: 80, days: 2, hours: 2 });
  });

  it('moves 23:30 UTC to the next day in Tokyo, also across a year', () => {
    const events = [ev('progress', '2024-12-31T23:30:00.000Z', { start_page: 1, end_page: 40 })];
    expect(computeReadingStats(events, 'UTC', 2024)).toMatchObject({ pages: 40, days: 1 });
    expect(computeReadingStats(events, 'Asia/Tokyo', 2024)).toMatchObject({ pages: 0, days: 0 });
    expect(computeReadingStats(events, 'Asia/Tokyo', 2025)).toMatchObject({ pages: 40, days: 1 });
  });

  it('estimates hours from pages at the stated pace', () => {
    expect(hoursForPages(0)).toBe(0);
    expect(hoursForPages(100)).toBe(2.5);
    expect(hoursForPages(33)).toBe(0.8);
  });

  it('counts consecutive active days alive today or yesterday', () => {
    const now = new Date('2025-05-10T15:00:00.000Z');
    const events = [
      ev('progress', '2025-05-10T09:00:00.000Z'),
      ev('progress', '2025-05-09T09:00:00.000Z'),
      ev('resume', '2025-05-08T09:00:00.000Z'),
      ev('progress', '2025-05-06T09:00:00.000Z'),
    ];
    expect(readingStreak(events, 'UTC', now)).toBe(3);
    expect(readingStreak(events.slice(1), 'UTC', now)).toBe(2);
    expect(readingStreak(events.slice(2), 'UTC', now)).toBe(0);
    expect(readingStreak([ev('pause', '2025-05-10T09:00:00.000Z')], 'UTC', now)).toBe(0);
    expect(readingStreak([], 'UTC', now)).toBe(0);
  });

  it('does not count a start that records no pages as a reading day', () => {
    const now = new Date('2025-05-10T15:00:00.000Z');
    const started = ev('start', '2025-05-10T09:00:00.000Z', { start_page: 1 });
    expect(readingStreak([started], 'UTC', now)).toBe(0);
    expect(readingStreak([ev('start', '2025-05-10T09:00:00.000Z')], 'UTC', now)).toBe(0);
    expect(readingStreak([ev('start', '2025-05-10T09:00:00.000Z', { start_percent: 0 })], 'UTC', now)).toBe(
      0,
    );
    // Yesterday's reading stays alive, and today's empty start adds nothing to it.
    expect(readingStreak([started, ev('progress', '2025-05-09T09:00:00.000Z')], 'UTC', now)).toBe(1);
    // A start that records a range read (an import, say) is reading.
    const read = { start_page: 1, end_page: 40 };
    expect(readingStreak([ev('start', '2025-05-10T09:00:00.000Z', read)], 'UTC', now)).toBe(1);
    const percent = { start_percent: 0, end_percent: 10 };
    expect(readingStreak([ev('start', '2025-05-10T09:00:00.000Z', percent)], 'UTC', now)).toBe(1);
  });

  it('reads the streak in the caller time zone', () => {
    const now = new Date('2025-05-10T16:00:00.000Z'); // 01:00 on 05-11 in Tokyo
    const events = [ev('progress', '2025-05-09T23:30:00.000Z'), ev('progress', '2025-05-09T10:00:00.000Z')];
    expect(readingStreak(events, 'UTC', now)).toBe(1);
    expect(readingStreak(events, 'Asia/Tokyo', now)).toBe(2);
  });
});

describe('client helpers', () => {
  it('rounds pages per day and treats non-numbers as 0', () => {
    expect(pagesPerDay({ pages: 100, days: 3 })).toBe(33);
    expect(pagesPerDay({ pages: 100, days: 0 })).toBe(0);
    expect(pagesPerDay({ pages: 'x', days: 2 })).toBe(0);
  });

  it('caps goal percent at 100 and measures pace against the elapsed year', () => {
    expect(goalPercent(10, 25)).toBe(100);
    expect(goalPercent(12, 3)).toBe(25);
    expect(goalPace(365, 10, '2025-01-10')).toBe(0);
    expect(goalPace(365, 20, '2025-01-10')).toBe(10);
    expect(goalPace(52, 0, '2025-12-31')).toBe(-52);
  });
});
