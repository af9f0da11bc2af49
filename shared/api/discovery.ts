// Contracts of the discovery pages (issue 28): Trending and New Releases, read from what the discovery
// jobs stored (server/features/discovery), so a page read is one index lookup.
import { z } from 'zod';
import { empty, endpoint, id } from './common';
import type { EndpointDef } from './common';
import { genre } from './catalogue';
import { TREND_KINDS, TRENDING_PERIODS } from '../domain/trending';

export const DISCOVERY_PAGE = 24;
const pageLimit = z.number().int().min(1).max(60).default(DISCOVERY_PAGE);
/** A genre's id from discovery-genres; absent or null means every genre. */
const genreFilter = z.number().int().min(1).max(2_147_483_647).nullish();

export const trendingPeriod = z.enum(TRENDING_PERIODS);
export const trendKind = z.enum(TREND_KINDS);

/** What every discovery card shows: the book, its cover and the community's rating. */
export const discoveryBook = z.object({
  work_id: id,
  title: z.string(),
  author_names: z.string(),
  cover_url: z.string().nullable(),
  rating_average: z.number().nullable(),
  rating_count: z.number().int(),
});
export type DiscoveryBook = z.infer<typeof discoveryBook>;

export const trendingItem = discoveryBook.extend({
  rank: z.number().int().positive(),
  /** Distinct readers who did each thing in public within the period (the line names the largest). */
  readers: z.object({
    start: z.number().int().nonnegative(),
    finish: z.number().int().nonnegative(),
    review: z.number().int().nonnegative(),
    shelve: z.number().int().nonnegative(),
  }),
});
export type TrendingItem = z.infer<typeof trendingItem>;

export const releaseItem = discoveryBook.extend({
  /** The first publication date (YYYY-MM-DD) and how the catalogue states it ("March 2026"). */
  date: z.string(),
  date_string: z.string().nullable(),
});
export type ReleaseItem = z.infer<typeof releaseItem>;

/** A real calendar day written YYYY-MM-DD, and a UUID: what the database will take without an error. */
function isReleaseCursor(value: string): boolean {
  const [day, workId, ...rest] = value.split('|');
  if (rest.length > 0 || day === undefined || workId === undefined) return false;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || day < '0001-01-01') return false;
  const parsed = new Date(`${day}T00:00:00Z`);
  return (
    !Number.isNaN(parsed.getTime()) &&
    parsed.toISOString().slice(0, 10) === day &&
    id.safeParse(workId).success
  );
}

/** New Releases pages by (date, work id), newest first: the last card's pair. */
export const releaseCursor = z.string().max(60).refine(isReleaseCursor, 'is not a cursor from this API');

export const discoveryEndpoints = {
  /** Every genre a discovery page can be filtered by, by name. */
  'discovery-genres': endpoint('public', empty, z.object({ genres: z.array(genre) })),
  /**
   * Works ranked by recent public activity, with time decay, as last computed by the trending job
   * (refreshed_at; null before its first run). `after` is the last card's rank.
   */
  'trending-works': endpoint(
    'public',
    z
      .object({
        period: trendingPeriod.default('week'),
        genre_id: genreFilter,
        limit: pageLimit,
        after: z.number().int().min(0).max(1_000_000).optional(),
      })
      .strict(),
    z.object({
      items: z.array(trendingItem),
      next_cursor: z.number().int().nullable(),
      refreshed_at: z.string().nullable(),
    }),
  ),
  /** Works first published in the last 12 months or the coming 3, newest first; undated works are left out. */
  'new-releases': endpoint(
    'public',
    z.object({ genre_id: genreFilter, limit: pageLimit, after: releaseCursor.optional() }).strict(),
    z.object({ items: z.array(releaseItem), next_cursor: z.string().nullable() }),
  ),
} satisfies Record<string, EndpointDef>;
