import { describe, expect, it } from 'vitest';
import type { InsightsInput, InsightWork } from './reading-insights';
import { computeReadingInsights, longestRun, ratingInsights } from './reading-insights';
import type { StatsEvent } from './reading-stats';
import { statsEvent } from './testing/stats-event';

const ev = statsEvent;

const work = (title: string, genres: string[] = [], authors: [string, string][] = []): InsightWork => ({
  title,
  genres,
  authors: authors.map(([id, name]) => ({ id, name })),
});

function insights(events: StatsEvent[], over: Partial<InsightsInput> = {}) {
  return computeReadingInsights({
    events,
    works: new Map([
      ['work-1', work('One', ['Fantasy'], [['a-1', 'Ann']])],
      ['work-2', work('Two', ['Fantasy', 'Horror'], [['a-1', 'Ann']])],
      ['work-3', work('Three', ['Poetry'], [['a-2', 'Bob']])],
    ]),
    covers: new Map([['ed-1', 'https://covers.example/1.jpg']]),
    reviews: [],
    goals: [],
    communityAverages: new Map(),
    timeZone: 'UTC',
    period: 2025,
    now: new Date('2025-06-15T12:00:00Z'),
    ...over,
  });
}

describe('totals and the timeline', () => {
  it('counts overlapping ranges once in the period, and per month by the union of that month', () => {
    const r = insights([
      ev('start', '2025-01-02T10:00:00Z'),
      ev('progress', '2025-01-03T10:00:00Z', { start_page: 1, end_page: 100 }),
      ev('progress', '2025-02-03T10:00:00Z', { start_page: 50, end_page: 150 }),
      ev('finish', '2025-02-04T10:00:00Z', { end_page: 300 }),
    ]);
    expect(r.totals).toEqual({ books: 1, pages: 300, days: 4, hours: 7.5 });
    expect(r.timeline[0]).toEqual({ label: '2025-01', books: 0, pages: 100 });
    // February re-reads 50-100 (counted again in February's own union) and reads to the end.
    expect(r.timeline[1]).toEqual({ label: '2025-02', books: 1, pages: 251 });
    expect(r.timeline).toHaveLength(12);
  });

  it('converts percent-only events on the edition’s pages, and cannot without a page count', () => {
    const r = insights([
      ev('progress', '2025-03-01T10:00:00Z', { start_percent: 0, end_percent: 25 }),
      ev('progress', '2025-03-02T10:00:00Z', { end_percent: 50 }),
      ev('progress', '2025-03-02T11:00:00Z', {
        edition_id: 'ed-9',
        work_id: 'work-3',
        page_count: null,
        end_percent: 80,
      }),
    ]);
    expect(r.totals.pages).toBe(150);
    expect(r.totals.days).toBe(2);
  });

  it('puts an event on its local day: across a DST change and across the year boundary', () => {
    // 2025-03-30 is the spring-forward day in Europe/Berlin: 22:30 UTC is already 00:30 on the 31st.
    const events = [
      ev('progress', '2025-03-30T21:30:00Z', { start_page: 1, end_page: 10 }),
      ev('progress', '2025-03-30T22:30:00Z', { start_page: 11, end_page: 20 }),
      ev('finish', '2024-12-31T23:30:00Z', { edition_id: 'ed-2', work_id: 'work-2' }),
    ];
    const berlin = insights(events, { timeZone: 'Europe/Berlin' });
    expect(berlin.calendar.days.map((d) => d.day)).toEqual(['2025-01-01', '2025-03-30', '2025-03-31']);
    expect(berlin.totals.books).toBe(1);
    const utc = insights(events, { timeZone: 'UTC' });
    expect(utc.calendar.days.map((d) => d.day)).toEqual(['2025-03-30']);
    expect(utc.totals.books).toBe(0);
    expect(utc.years).toEqual([2025, 2024]);
  });

  it('counts imported past-dated events in their own years, and per year for all time', () => {
    const events = [
      ev('start', '2021-05-01T10:00:00Z'),
      ev('finish', '2021-05-09T10:00:00Z', { end_page: 300 }),
      ev('start', '2025-01-01T10:00:00Z', { edition_id: 'ed-3', work_id: 'work-3', page_count: 120 }),
      ev('finish', '2025-01-05T10:00:00Z', {
        edition_id: 'ed-3',
        work_id: 'work-3',
        page_count: 120,
        end_page: 120,
      }),
    ];
    const year = insights(events);
    expect(year.totals).toMatchObject({ books: 1, pages: 120 });
    const old = insights(events, { period: 2021 });
    expect(old.totals).toMatchObject({ books: 1, pages: 300, days: 2 });
    const all = insights(events, { period: 'all' });
    expect(all.timeline).toEqual([
      { label: '2021', books: 1, pages: 300 },
      { label: '2025', books: 1, pages: 120 },
    ]);
    expect(all.years).toEqual([2025, 2021]);
    expect(all.goals).toEqual([]);
  });
});

describe('the books of the period', () => {
  const reRead = [
    ev('start', '2025-01-01T10:00:00Z'),
    ev('finish', '2025-01-10T10:00:00Z'),
    ev('start', '2025-03-01T10:00:00Z'),
    ev('finish', '2025-03-02T18:00:00Z'),
    ev('start', '2025-04-01T10:00:00Z', { edition_id: 'ed-2', work_id: 'work-2', page_count: 500 }),
    ev('dnf', '2025-04-03T10:00:00Z', {
      edition_id: 'ed-2',
      work_id: 'work-2',
      page_count: 500,
      end_page: 40,
    }),
    ev('start', '2025-05-01T10:00:00Z', { edition_id: 'ed-3', work_id: 'work-3', page_count: 90 }),
    ev('finish', '2025-05-20T10:00:00Z', { edition_id: 'ed-3', work_id: 'work-3', page_count: 90 }),
  ];

  it('counts a re-read once in the year but in each month, and a DNF as no book read', () => {
    const r = insights(reRead);
    expect(r.totals.books).toBe(2);
    expect(r.timeline.map((m) => m.books)).toEqual([1, 0, 1, 0, 1, 0, 0, 0, 0, 0, 0, 0]);
    expect(r.yearInBooks.dnf).toBe(1);
    // The DNF's pages still count: 40 of work-2.
    expect(r.timeline[3]?.pages).toBe(40);
  });

  it('Year in Books: first, last, longest, shortest, top author, fastest read (a re-read of 2 days)', () => {
    const r = insights(reRead, {
      reviews: [
        { work_id: 'work-1', rating: 4.5, tone_q: 5, pace_q: 3, story_focus_q: 1, moods: [1, 9] },
        { work_id: 'work-3', rating: 3, tone_q: 4, pace_q: 3, story_focus_q: 2, moods: [9] },
        // A review of the DNF book is not one of the period's books.
        { work_id: 'work-2', rating: 1, tone_q: 1, pace_q: 1, story_focus_q: 1, moods: [3] },
      ],
    });
    const y = r.yearInBooks;
    expect(y.first).toEqual({
      work_id: 'work-1',
      edition_id: 'ed-1',
      title: 'One',
      cover_url: 'https://covers.example/1.jpg',
    });
    expect(y.last?.title).toBe('Three');
    expect(y.longest).toMatchObject({ title: 'One', pages: 300 });
    expect(y.shortest).toMatchObject({ title: 'Three', pages: 90 });
    expect(y.topAuthor).toEqual({ id: 'a-1', name: 'Ann', books: 1 });
    expect(y.fastest).toMatchObject({ title: 'One', days: 2 });
    expect(y.averageRating).toBe(3.75);
    expect(r.reviews.count).toBe(2);
    expect(r.reviews.moods).toEqual([
      { id: 9, label: 'Dark', count: 2 },
      { id: 1, label: 'Adventurous', count: 1 },
    ]);
    expect(r.reviews.pace.find((p) => p.label === 'Fast')).toMatchObject({ count: 2, percent: 100 });
    expect(r.reviews.storyFocus.map((s) => s.percent)).toEqual([50, 50, 0]);
    expect(r.reviews.tone).toEqual({ average: 4.5, label: 'Dark' });
  });

  it('an imported finish-only read counts as finished on its day, with no duration; rating-only reviews are no votes', () => {
    const r = insights(
      [
        // Imported: only a finish date, no start, no pages.
        ev('finish', '2025-03-01T12:00:00Z', { edition_id: 'ed-2', work_id: 'work-2' }),
        ev('start', '2025-04-01T10:00:00Z'),
        ev('finish', '2025-04-03T10:00:00Z', { end_page: 300 }),
      ],
      {
        reviews: [
          { work_id: 'work-2', rating: 4, tone_q: null, pace_q: null, story_focus_q: null, moods: [] },
          { work_id: 'work-1', rating: 5, tone_q: 2, pace_q: 1, story_focus_q: null, moods: [] },
        ],
      },
    );
    expect(r.totals.books).toBe(2);
    expect(r.yearInBooks.fastest).toMatchObject({ title: 'One', days: 3 });
    expect(r.reviews.count).toBe(2);
    expect(r.reviews.pace.map((p) => p.percent)).toEqual([100, 0, 0]);
    expect(r.reviews.storyFocus.every((f) => f.count === 0)).toBe(true);
    expect(r.reviews.tone).toEqual({ average: 2, label: 'Mild' });
  });

  it('genres: top genres by books and the rest as Other; lengths in buckets with unknowns apart', () => {
    const many = new Map<string, InsightWork>();
    const events: StatsEvent[] = [];
    ['A', 'B', 'C', 'D', 'E', 'F', 'G'].forEach((genre, i) => {
      const id = `w-${genre}`;
      many.set(id, work(genre, i < 2 ? [genre, 'Shared'] : [genre]));
      events.push(
        ev('finish', `2025-02-0${i + 1}T10:00:00Z`, {
          work_id: id,
          edition_id: `e-${genre}`,
          page_count: i === 6 ? null : 150 + i * 100,
        }),
      );
    });
    const r = insights(events, { works: many });
    expect(r.genres).toEqual([
      { name: 'Shared', count: 2 },
      { name: 'A', count: 1 },
      { name: 'B', count: 1 },
      { name: 'C', count: 1 },
      { name: 'D', count: 1 },
      { name: 'Other', count: 3 },
    ]);
    expect(r.lengths.buckets.map((b) => [b.label, b.count])).toEqual([
      ['Under 200', 1],
      ['200–299', 1],
      ['300–399', 1],
      ['400–499', 1],
      ['500–699', 2],
      ['700+', 0],
    ]);
    expect(r.lengths.unknown).toBe(1);
  });

  it('is empty, not wrong, for a period without reading', () => {
    const r = insights([], { period: 2023 });
    expect(r.totals).toEqual({ books: 0, pages: 0, days: 0, hours: 0 });
    expect(r.genres).toEqual([]);
    expect(r.reviews.tone).toBeNull();
    expect(r.yearInBooks).toMatchObject({ first: null, fastest: null, topAuthor: null, dnf: 0 });
    expect(r.calendar).toEqual({ days: [], currentStreak: 0, longestStreak: 0 });
    expect(r.years).toEqual([2025]);
  });
});

describe('calendar and goals', () => {
  it('longest run inside the period, current streak from today; a pause is not activity', () => {
    const r = insights([
      ev('progress', '2025-02-01T10:00:00Z', { end_page: 10 }),
      ev('progress', '2025-02-02T10:00:00Z', { end_page: 20 }),
      ev('progress', '2025-02-03T10:00:00Z', { end_page: 30 }),
      ev('pause', '2025-02-04T10:00:00Z', { end_page: 30 }),
      ev('progress', '2025-06-14T10:00:00Z', { end_page: 40 }),
      ev('progress', '2025-06-15T09:00:00Z', { end_page: 50 }),
      ev('progress', '2025-06-15T10:00:00Z', { end_page: 60 }),
    ]);
    expect(r.calendar.longestStreak).toBe(3);
    expect(r.calendar.currentStreak).toBe(2);
    expect(r.calendar.days.at(-1)).toEqual({ day: '2025-06-15', count: 2 });
    expect(longestRun(['2024-12-31', '2025-01-01', '2025-01-03'])).toBe(2);
  });

  it('goal progress is cumulative per month up to today, against the even pace', () => {
    const r = insights(
      [
        ev('finish', '2025-01-20T10:00:00Z'),
        ev('finish', '2025-03-20T10:00:00Z', { work_id: 'work-2', edition_id: 'ed-2' }),
        ev('progress', '2025-03-21T10:00:00Z', {
          work_id: 'work-3',
          edition_id: 'ed-3',
          start_page: 1,
          end_page: 40,
        }),
      ],
      {
        goals: [
          { goal_type: 'pages', target_qty: 365 },
          { goal_type: 'books', target_qty: 12 },
        ],
      },
    );
    expect(r.goals.map((g) => g.goal_type)).toEqual(['books', 'pages']);
    const books = r.goals[0];
    expect(books?.progress).toBe(2);
    expect(books?.months.slice(0, 7).map((m) => m.progress)).toEqual([1, 1, 2, 2, 2, 2, null]);
    expect(books?.months[0]?.pace).toBe(1);
    expect(books?.months[11]?.pace).toBe(12);
    expect(r.goals[1]?.months[2]).toEqual({ month: '2025-03', progress: 40, pace: 90 });
  });
});

describe('ratings beside the community', () => {
  it('bins in 0.25 steps and averages both sides', () => {
    const r = ratingInsights(
      [{ rating: 4.25 }, { rating: 5 }],
      ['w1', 'w2', 'w3'],
      new Map([
        ['w1', 4.1],
        ['w2', 3.38],
      ]),
    );
    expect(r.bins).toHaveLength(20);
    expect(r.bins.find((b) => b.rating === 4.25)).toEqual({ rating: 4.25, mine: 1, community: 0 });
    expect(r.bins.find((b) => b.rating === 4)?.community).toBe(1);
    expect(r.bins.find((b) => b.rating === 3.5)?.community).toBe(1);
    expect(r.myAverage).toBe(4.63);
    expect(r.communityAverage).toBe(3.74);
    expect(ratingInsights([], [], new Map())).toMatchObject({ myAverage: null, communityAverage: null });
  });
});
