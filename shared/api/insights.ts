// Contract of reading-insights (issue 15): everything the /stats charts show for one period, in one call.
// Every figure is defined in shared/domain/reading-insights.ts.
import { z } from 'zod';
import { GOAL_TYPES } from '../domain/reading-stats';
import type { EndpointDef } from './common';
import { endpoint, id } from './common';
import { timeZone } from './reading';

/** All time, or one calendar year of the reader's local days. */
export const insightsPeriod = z.union([
  z.literal('all'),
  z.number('must be "all" or a year').int('must be "all" or a year').min(1900).max(3000),
]);

const bookRef = z.object({
  work_id: id,
  edition_id: id,
  title: z.string(),
  cover_url: z.string().nullable(),
});
const countedOption = z.object({ id: z.number().int(), label: z.string(), count: z.number().int() });
const splitOption = countedOption.extend({ percent: z.number().int() });

export const readingInsights = z.object({
  period: insightsPeriod,
  years: z.array(z.number().int()),
  totals: z.object({
    books: z.number().int(),
    pages: z.number().int(),
    days: z.number().int(),
    hours: z.number(),
  }),
  timeline: z.array(z.object({ label: z.string(), books: z.number().int(), pages: z.number().int() })),
  genres: z.array(z.object({ name: z.string(), count: z.number().int() })),
  reviews: z.object({
    count: z.number().int(),
    moods: z.array(countedOption),
    pace: z.array(splitOption),
    storyFocus: z.array(splitOption),
    tone: z.object({ average: z.number(), label: z.string() }).nullable(),
  }),
  ratings: z.object({
    bins: z.array(z.object({ rating: z.number(), mine: z.number().int(), community: z.number().int() })),
    myAverage: z.number().nullable(),
    communityAverage: z.number().nullable(),
  }),
  lengths: z.object({
    buckets: z.array(z.object({ label: z.string(), from: z.number().int(), count: z.number().int() })),
    unknown: z.number().int(),
  }),
  calendar: z.object({
    days: z.array(z.object({ day: z.string(), count: z.number().int() })),
    currentStreak: z.number().int(),
    longestStreak: z.number().int(),
  }),
  goals: z.array(
    z.object({
      goal_type: z.enum(GOAL_TYPES),
      target_qty: z.number().int(),
      progress: z.number(),
      months: z.array(z.object({ month: z.string(), progress: z.number().nullable(), pace: z.number() })),
    }),
  ),
  yearInBooks: z.object({
    first: bookRef.nullable(),
    last: bookRef.nullable(),
    longest: bookRef.extend({ pages: z.number().int() }).nullable(),
    shortest: bookRef.extend({ pages: z.number().int() }).nullable(),
    topAuthor: z.object({ id, name: z.string(), books: z.number().int() }).nullable(),
    fastest: bookRef.extend({ days: z.number().int() }).nullable(),
    dnf: z.number().int(),
    averageRating: z.number().nullable(),
  }),
});
export type ReadingInsightsResponse = z.infer<typeof readingInsights>;

export const insightsEndpoints = {
  'reading-insights': endpoint(
    'user',
    z.object({ period: insightsPeriod, timezone: timeZone }),
    readingInsights,
  ),
} satisfies Record<string, EndpointDef>;
