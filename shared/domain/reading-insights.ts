/**
 * Reading insights on /stats (issue 15): every figure of the period's charts, defined once here and used by
 * the server (reading-insights) and the page. They extend the rules of ./reading-stats.ts: local days in
 * the reader's time zone, books as distinct works finished, pages as the union of page ranges, the reader's
 * own events private ones included. A period is all time or one calendar year of local days; imported
 * (past-dated) events count on their own dates like any other.
 *
 * Where the issue was silent:
 * - Per month (or, for all time, per year): books = distinct works finished in that month; pages = the
 *   union of ranges read in that month. A book finished in two months counts in each, so months may add up
 *   to more than the period.
 * - "The books of the period" are the distinct works finished in it; genres, book lengths, the reader's own
 *   review figures (moods, pace, tone, focus, ratings) and Year in Books read those books.
 * - Genres: each book counts once in each of its genres; the top GENRE_SLICES genres by count (ties by name)
 *   and the rest summed as 'Other'. Books without a genre are left out.
 * - Book lengths: the page count of the edition finished, in LENGTH_BUCKETS; unknown lengths are counted
 *   apart.
 * - Calendar: the active local days of the period (activity as in reading-stats) with their number of
 *   activity events; the current streak is today's (as on the dashboard), the longest is the longest run
 *   of consecutive active days inside the period.
 * - Goals: the period year's goals; progress is cumulative to the end of each month (months after today
 *   have none), the pace line is the target times the fraction of the year elapsed by then. All time has
 *   no goals.
 * - Fastest read: a finish whose reading began with a start of the same work after that work's previous
 *   finish; its length is the local days from start to finish, both counted (1 = started and finished the
 *   same day), the shorter elapsed time first on ties.
 * - DNF count: distinct works with a dnf event in the period.
 * - Ratings: the reader's ratings of the period's books in 0.25 steps, beside each book's community
 *   average (every review of the work, the reader's own included) rounded to the nearest 0.25.
 */
import { MOODS } from './review-options';
import type { VoteShare } from './insights';
import { paceAndFocusSplits, toneAverage, toneLabel } from './insights';
import { addDays, localDay, yearOf } from './local-day';
import type { GoalType, ReadRange, StatsEvent } from './reading-stats';
import {
  GOAL_TYPES,
  hoursForPages,
  isActivity,
  readRanges,
  readingStreak,
  unionLength,
} from './reading-stats';

export type InsightsPeriod = 'all' | number;

export const GENRE_SLICES = 5;
export const OTHER_GENRE = 'Other';
/** Lower bounds of the book-length buckets, in pages; the last one is open-ended. */
export const LENGTH_BUCKETS = [1, 200, 300, 400, 500, 700] as const;
export const RATING_STEP = 0.25;

/** A work as the insights need it (the server reads it from the catalogue). */
export interface InsightWork {
  title: string;
  genres: readonly string[];
  /** In credit order. */
  authors: readonly { id: string; name: string }[];
}

/** The reader's own review of a work. */
export interface InsightOwnReview {
  work_id: string;
  rating: number;
  /** Null where the review does not say (no vote). */
  tone_q: number | null;
  pace_q: number | null;
  story_focus_q: number | null;
  moods: readonly number[];
}

export interface InsightsInput {
  /** All of the reader's events (any order). */
  events: readonly StatsEvent[];
  works: ReadonlyMap<string, InsightWork>;
  /** Cover of each edition, where known. */
  covers: ReadonlyMap<string, string | null>;
  reviews: readonly InsightOwnReview[];
  /** The goals of the period's year (ignored for all time). */
  goals: readonly { goal_type: GoalType; target_qty: number }[];
  /** Community average rating of each work with ratings. */
  communityAverages: ReadonlyMap<string, number>;
  timeZone: string;
  period: InsightsPeriod;
  /** Now, for the current streak and which goal months have passed. */
  now: Date;
}

export interface BookRef {
  work_id: string;
  edition_id: string;
  title: string;
  cover_url: string | null;
}

export interface CountedOption {
  id: number;
  label: string;
  count: number;
}

/** An option's count and whole percent, as the work page's review insights split votes. */
export type SplitOption = VoteShare;

export interface ReadingInsights {
  period: InsightsPeriod;
  /** Years with activity, newest first, and the current year always. */
  years: number[];
  totals: { books: number; pages: number; days: number; hours: number };
  /** 'YYYY-MM' per month of a year; 'YYYY' per year for all time. */
  timeline: { label: string; books: number; pages: number }[];
  genres: { name: string; count: number }[];
  reviews: {
    count: number;
    moods: CountedOption[];
    pace: SplitOption[];
    storyFocus: SplitOption[];
    tone: { average: number; label: string } | null;
  };
  ratings: {
    /** One bin per 0.25 step from 0.25 to 5. */
    bins: { rating: number; mine: number; community: number }[];
    myAverage: number | null;
    communityAverage: number | null;
  };
  lengths: { buckets: { label: string; from: number; count: number }[]; unknown: number };
  calendar: { days: { day: string; count: number }[]; currentStreak: number; longestStreak: number };
  goals: {
    goal_type: GoalType;
    target_qty: number;
    progress: number;
    months: { month: string; progress: number | null; pace: number }[];
  }[];
  yearInBooks: {
    first: BookRef | null;
    last: BookRef | null;
    longest: (BookRef & { pages: number }) | null;
    shortest: (BookRef & { pages: number }) | null;
    topAuthor: { id: string; name: string; books: number } | null;
    fastest: (BookRef & { days: number }) | null;
    dnf: number;
    averageRating: number | null;
  };
}

const round2 = (n: number) => Math.round(n * 100) / 100;
const nearestStep = (n: number) =>
  Math.min(5, Math.max(RATING_STEP, Math.round(n / RATING_STEP) * RATING_STEP));

interface DatedEvent {
  event: StatsEvent;
  at: number;
  day: string;
}

/** Days of consecutive runs: the longest run in a sorted list of distinct days. */
export function longestRun(sortedDays: readonly string[]): number {
  let best = 0;
  let run = 0;
  let previous: string | null = null;
  for (const day of sortedDays) {
    run = previous !== null && addDays(previous, 1) === day ? run + 1 : 1;
    best = Math.max(best, run);
    previous = day;
  }
  return best;
}

function pagesOf(ranges: readonly ReadRange[]): number {
  return Math.round(unionLength(ranges));
}

function lengthLabel(i: number): string {
  const from = LENGTH_BUCKETS[i] as number;
  const next = LENGTH_BUCKETS[i + 1];
  if (next === undefined) return `${from}+`;
  return i === 0 ? `Under ${next}` : `${from}–${next - 1}`;
}

function bucketOf(pages: number): number {
  let index = 0;
  LENGTH_BUCKETS.forEach((from, i) => {
    if (pages >= from) index = i;
  });
  return index;
}

/**
 * My ratings of the period's books in 0.25 steps beside their community averages, and both means. Kept
 * apart because the community's figures change with other readers' reviews, not with this reader's.
 */
export function ratingInsights(
  reviews: readonly Pick<InsightOwnReview, 'rating'>[],
  workIds: readonly string[],
  communityAverages: ReadonlyMap<string, number>,
): ReadingInsights['ratings'] {
  const bins = Array.from({ length: 5 / RATING_STEP }, (_, i) => ({
    rating: (i + 1) * RATING_STEP,
    mine: 0,
    community: 0,
  }));
  const binOf = (rating: number) => bins[Math.round(nearestStep(rating) / RATING_STEP) - 1];
  for (const r of reviews) {
    const bin = binOf(r.rating);
    if (bin) bin.mine += 1;
  }
  const community: number[] = [];
  for (const workId of workIds) {
    const average = communityAverages.get(workId);
    if (average === undefined) continue;
    community.push(average);
    const bin = binOf(average);
    if (bin) bin.community += 1;
  }
  const mean = (list: readonly number[]) =>
    list.length ? round2(list.reduce((s, n) => s + n, 0) / list.length) : null;
  return { bins, myAverage: mean(reviews.map((r) => r.rating)), communityAverage: mean(community) };
}

export function computeReadingInsights(input: InsightsInput): ReadingInsights {
  const { timeZone, period, now } = input;
  const today = localDay(now, timeZone);
  const currentYear = yearOf(today);
  const inPeriod = (day: string) => period === 'all' || yearOf(day) === period;
  const unitOf = (day: string) => (period === 'all' ? day.slice(0, 4) : day.slice(0, 7));

  const dated: DatedEvent[] = input.events
    .map((event) => {
      const at = Date.parse(event.created_at);
      return { event, at, day: localDay(event.created_at, timeZone) };
    })
    .sort((a, b) => a.at - b.at);

  const years = new Set<number>([currentYear]);
  const activeDays = new Map<string, number>();
  for (const d of dated) {
    if (!isActivity(d.event.event_type)) continue;
    years.add(yearOf(d.day));
    if (inPeriod(d.day)) activeDays.set(d.day, (activeDays.get(d.day) ?? 0) + 1);
  }

  const ranges = readRanges(input.events, timeZone);
  const periodRanges = ranges.filter((r) => inPeriod(r.day));
  const pages = pagesOf(periodRanges);

  // Finishes of the period, oldest first; the book is the work, its edition the one finished.
  const finishes = dated.filter((d) => d.event.event_type === 'finish' && inPeriod(d.day));
  const finishedWorks = new Map<string, DatedEvent>(); // latest finish per work
  for (const f of finishes) finishedWorks.set(f.event.work_id, f);

  const ref = (d: DatedEvent): BookRef => ({
    work_id: d.event.work_id,
    edition_id: d.event.edition_id,
    title: input.works.get(d.event.work_id)?.title ?? '',
    cover_url: input.covers.get(d.event.edition_id) ?? null,
  });

  // Timeline: every month of the year, or every year with activity for all time.
  const units =
    period === 'all'
      ? [...years].sort((a, b) => a - b).map(String)
      : Array.from({ length: 12 }, (_, m) => `${period}-${String(m + 1).padStart(2, '0')}`);
  const booksByUnit = new Map<string, Set<string>>();
  for (const f of finishes) {
    const unit = unitOf(f.day);
    const set = booksByUnit.get(unit) ?? new Set<string>();
    set.add(f.event.work_id);
    booksByUnit.set(unit, set);
  }
  const rangesByUnit = new Map<string, ReadRange[]>();
  for (const r of periodRanges) {
    const unit = unitOf(r.day);
    const list = rangesByUnit.get(unit);
    if (list) list.push(r);
    else rangesByUnit.set(unit, [r]);
  }
  const timeline = units.map((label) => ({
    label,
    books: booksByUnit.get(label)?.size ?? 0,
    pages: pagesOf(rangesByUnit.get(label) ?? []),
  }));

  // Genres of the books finished.
  const genreCounts = new Map<string, number>();
  for (const workId of finishedWorks.keys()) {
    for (const genre of new Set(input.works.get(workId)?.genres ?? [])) {
      genreCounts.set(genre, (genreCounts.get(genre) ?? 0) + 1);
    }
  }
  const sortedGenres = [...genreCounts]
    .map(([name, count]) => ({ name, count }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
  const genres = sortedGenres.slice(0, GENRE_SLICES);
  const rest = sortedGenres.slice(GENRE_SLICES).reduce((sum, g) => sum + g.count, 0);
  if (rest > 0) genres.push({ name: OTHER_GENRE, count: rest });

  // The reader's reviews of the period's books.
  const reviews = input.reviews.filter((r) => finishedWorks.has(r.work_id));
  const moods = MOODS.map((m) => ({
    id: m.id,
    label: m.label,
    count: reviews.filter((r) => r.moods.includes(m.id)).length,
  }));
  const tone = toneAverage(reviews);

  const ratings = ratingInsights(reviews, [...finishedWorks.keys()], input.communityAverages);
  const myAverage = ratings.myAverage;

  // Book lengths of the books finished (the edition of the latest finish).
  const lengthCounts = LENGTH_BUCKETS.map(() => 0);
  let unknownLength = 0;
  const sized: (BookRef & { pages: number })[] = [];
  for (const f of finishedWorks.values()) {
    const count = f.event.page_count;
    if (!count) {
      unknownLength += 1;
      continue;
    }
    const index = bucketOf(count);
    lengthCounts[index] = (lengthCounts[index] ?? 0) + 1;
    sized.push({ ...ref(f), pages: count });
  }

  // Calendar and streaks.
  const calendarDays = [...activeDays]
    .map(([day, count]) => ({ day, count }))
    .sort((a, b) => (a.day < b.day ? -1 : 1));
  const currentStreak = readingStreak(input.events, timeZone, now);

  // Goals of the year, cumulative per month against the even pace.
  const goals =
    period === 'all'
      ? []
      : [...input.goals]
          .sort((a, b) => GOAL_TYPES.indexOf(a.goal_type) - GOAL_TYPES.indexOf(b.goal_type))
          .map((goal) => {
            const yearStart = Date.UTC(period, 0, 1);
            const yearLength = Date.UTC(period + 1, 0, 1) - yearStart;
            const months = Array.from({ length: 12 }, (_, m) => {
              const month = `${period}-${String(m + 1).padStart(2, '0')}`;
              const lastDay = addDays(
                `${period + (m === 11 ? 1 : 0)}-${String(m === 11 ? 1 : m + 2).padStart(2, '0')}-01`,
                -1,
              );
              const through = lastDay < today ? lastDay : today;
              const pace =
                Math.round(((goal.target_qty * (Date.UTC(period, m + 1, 1) - yearStart)) / yearLength) * 10) /
                10;
              if (month > today.slice(0, 7)) return { month, progress: null, pace };
              return { month, progress: cumulative(goal.goal_type, through), pace };
            });
            const progress = cumulative(
              goal.goal_type,
              today < `${period + 1}-01-01` ? today : `${period}-12-31`,
            );
            return { goal_type: goal.goal_type, target_qty: goal.target_qty, progress, months };
          });
  function cumulative(type: GoalType, through: string): number {
    const from = `${period}-01-01`;
    if (type === 'books') {
      return new Set(finishes.filter((f) => f.day >= from && f.day <= through).map((f) => f.event.work_id))
        .size;
    }
    const p = pagesOf(periodRanges.filter((r) => r.day <= through));
    return type === 'pages' ? p : hoursForPages(p);
  }

  // Year in Books.
  const firstFinish = finishes[0];
  const lastFinish = finishes[finishes.length - 1];
  const bySize = [...sized].sort((a, b) => a.pages - b.pages || a.title.localeCompare(b.title));
  const authorBooks = new Map<string, { id: string; name: string; books: number }>();
  for (const workId of finishedWorks.keys()) {
    for (const author of input.works.get(workId)?.authors ?? []) {
      const entry = authorBooks.get(author.id) ?? { id: author.id, name: author.name, books: 0 };
      entry.books += 1;
      authorBooks.set(author.id, entry);
    }
  }
  const topAuthor =
    [...authorBooks.values()].sort((a, b) => b.books - a.books || a.name.localeCompare(b.name))[0] ?? null;

  let fastest: { finish: DatedEvent; days: number; ms: number } | null = null;
  const openStart = new Map<string, DatedEvent>(); // the start of each work's reading in progress
  for (const d of dated) {
    const workId = d.event.work_id;
    if (d.event.event_type === 'start') {
      if (!openStart.has(workId)) openStart.set(workId, d);
    } else if (d.event.event_type === 'finish') {
      const start = openStart.get(workId);
      openStart.delete(workId);
      if (!start || !inPeriod(d.day)) continue;
      const days = Math.round((Date.parse(d.day) - Date.parse(start.day)) / 86_400_000) + 1;
      const ms = d.at - start.at;
      if (!fastest || days < fastest.days || (days === fastest.days && ms < fastest.ms)) {
        fastest = { finish: d, days, ms };
      }
    } else if (d.event.event_type === 'dnf') {
      openStart.delete(workId);
    }
  }

  const dnfWorks = new Set(
    dated.filter((d) => d.event.event_type === 'dnf' && inPeriod(d.day)).map((d) => d.event.work_id),
  );
  const longest = bySize[bySize.length - 1];
  const shortest = bySize[0];

  return {
    period,
    years: [...years].sort((a, b) => b - a),
    totals: { books: finishedWorks.size, pages, days: activeDays.size, hours: hoursForPages(pages) },
    timeline,
    genres,
    reviews: {
      count: reviews.length,
      moods: moods.filter((m) => m.count > 0).sort((a, b) => b.count - a.count || a.id - b.id),
      ...paceAndFocusSplits(reviews),
      tone: tone === null ? null : { average: round2(tone), label: toneLabel(tone) },
    },
    ratings,
    lengths: {
      buckets: LENGTH_BUCKETS.map((from, i) => ({
        label: lengthLabel(i),
        from,
        count: lengthCounts[i] ?? 0,
      })),
      unknown: unknownLength,
    },
    calendar: {
      days: calendarDays,
      currentStreak,
      longestStreak: longestRun(calendarDays.map((d) => d.day)),
    },
    goals,
    yearInBooks: {
      first: firstFinish ? ref(firstFinish) : null,
      last: lastFinish ? ref(lastFinish) : null,
      longest: longest ?? null,
      shortest: shortest ?? null,
      topAuthor,
      fastest: fastest ? { ...ref(fastest.finish), days: fastest.days } : null,
      dnf: dnfWorks.size,
      averageRating: myAverage,
    },
  };
}
