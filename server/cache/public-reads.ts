// The public reads whose answers are kept in memory (issue 19): what each answer is keyed by, and the tags of
// every row it shows (migration 0095 announces changes by the same tags). An answer is only kept when it is
// the same for every caller who may get it: each is read as an anonymous caller would, and the one part that
// depends on the viewer (work-reviews lists the viewer's own review first) is derived from the cached
// answer per request, never stored.
import type { EndpointName, ParsedRequestOf, ResponseOf } from '@shared/api/endpoints';
import type { PublicContext } from '../http/sf-router';
import { catalogueHandlers } from '../features/catalogue/handlers';
import { profilesHandlers } from '../features/profiles/handlers';
import { reviewsHandlers } from '../features/reviews/handlers';
import { WORK_REVIEWS_LIMIT } from '../features/reviews/queries';
import { readPublicShelf } from '../features/shelves/handlers';

export const workTag = (id: string) => `w:${id}`;
export const editionTag = (id: string) => `e:${id}`;
export const authorTag = (id: string) => `a:${id}`;
export const userTag = (id: string) => `u:${id}`;
/** Any change to what a search can match (migration 0096). */
export const SEARCH_TAG = 's';
/**
 * How long a search answer is kept at most. Its order's last tie-break, popularity (rating_count), moves
 * with every review and is not announced; what it matches is (SEARCH_TAG), so only that order can be this
 * stale.
 */
export const SEARCH_ANSWER_TTL_MS = 60_000;

export interface LoadedRead {
  answer: unknown;
  tags: string[];
}

/** A serialised answer with its reviews' JSON kept apart, so a viewer's order costs no second stringify. */
export interface SerialisedReviews {
  fragments: string[];
  userIds: string[];
}

export interface PublicReadDef<N extends EndpointName> {
  key(input: ParsedRequestOf<N>): string;
  /** Reads the answer every anonymous caller gets (ctx is anonymous), and the tags of what it shows. */
  load(input: ParsedRequestOf<N>, ctx: PublicContext): Promise<LoadedRead>;
  /** Set when the answer differs for a signed-in viewer: see viewerBody. */
  dependsOnViewer?: true;
  /** Kept at most this long, when shorter than the cache's own TTL. */
  ttlMs?: number;
  /**
   * Set when some viewers may see what anonymous callers are told is not found (a reader's unverified work,
   * issue 26): a signed-in caller's 'not found' is then read again as that caller.
   */
  mayShowOnlyToSome?: true;
}

/** Any one of the definitions, for code that picks one by name at run time. */
export interface SomePublicReadDef {
  key(input: never): string;
  load(input: never, ctx: PublicContext): Promise<LoadedRead>;
  dependsOnViewer?: true;
  ttlMs?: number;
  mayShowOnlyToSome?: true;
}

const unique = (tags: string[]) => [...new Set(tags)];

const workDetails: PublicReadDef<'work-details'> = {
  key: ({ work_id }) => work_id,
  mayShowOnlyToSome: true,
  async load(input, ctx) {
    const work = await catalogueHandlers['work-details'](input, ctx);
    return {
      answer: work,
      tags: unique([workTag(work.id), ...work.work_authors.map((a) => authorTag(a.authors.id))]),
    };
  },
};

const workReviews: PublicReadDef<'work-reviews'> = {
  key: ({ work_id }) => work_id,
  dependsOnViewer: true,
  mayShowOnlyToSome: true,
  async load(input, ctx) {
    const answer = await reviewsHandlers['work-reviews'](input, ctx);
    // A review shows its author's username and avatar.
    return {
      answer,
      tags: unique([workTag(input.work_id), ...answer.reviews.map((r) => userTag(r.user_id))]),
    };
  },
};

const publicProfile: PublicReadDef<'public-profile'> = {
  key: ({ username }) => username,
  async load(input, ctx) {
    const answer = await profilesHandlers['public-profile'](input, ctx);
    const reading = answer.reading.flatMap((r) => [
      editionTag(r.edition_id),
      workTag(r.work_id),
      ...(r.author ? [authorTag(r.author.id)] : []),
    ]);
    return { answer, tags: unique([userTag(answer.profile.id), ...reading]) };
  },
};

const publicShelf: PublicReadDef<'public-shelf'> = {
  key: ({ shelf_id, limit, after }) => `${shelf_id}\u0000${limit}\u0000${after ?? ''}`,
  async load(input, ctx) {
    const { answer, ownerId } = await readPublicShelf(ctx.deps, input);
    const items = answer.items.flatMap((item) => [
      editionTag(item.editions.id),
      workTag(item.works.id),
      ...item.editions.edition_authors.map((a) => authorTag(a.authors.id)),
    ]);
    return { answer, tags: unique([userTag(ownerId), ...items]) };
  },
};

/**
 * Searches: the same for everyone. Readers' queries follow a Zipf law (a few are asked very often), so a
 * bounded cache answers most of them (docs/performance.md measures a Zipf mix of 20,000 queries). An ISBN
 * unknown to the catalogue is imported while it is searched: that insert announces SEARCH_TAG, so its
 * answer ("new_isbn_added") is never kept.
 */
const searchWorks: PublicReadDef<'search-works'> = {
  key: ({ query }) => query,
  ttlMs: SEARCH_ANSWER_TTL_MS,
  async load(input, ctx) {
    return { answer: await catalogueHandlers['search-works'](input, ctx), tags: [SEARCH_TAG] };
  },
};

export const PUBLIC_READS = {
  'search-works': searchWorks,
  'work-details': workDetails,
  'work-reviews': workReviews,
  'public-profile': publicProfile,
  'public-shelf': publicShelf,
} satisfies { [N in EndpointName]?: PublicReadDef<N> };

export type PublicReadName = keyof typeof PUBLIC_READS;

export function isPublicRead(name: EndpointName): name is PublicReadName {
  return Object.hasOwn(PUBLIC_READS, name);
}

/** Serialises work-reviews' answer with each review's JSON kept, for viewerReviewsBody. */
export function serialiseReviews(answer: ResponseOf<'work-reviews'>): {
  json: string;
  parts: SerialisedReviews;
} {
  const fragments = answer.reviews.map((r) => JSON.stringify(r));
  return {
    json: `{"reviews":[${fragments.join(',')}]}`,
    parts: { fragments, userIds: answer.reviews.map((r) => r.user_id) },
  };
}

/**
 * work-reviews as `viewerId` gets it, from the anonymous answer: their own review (at most one per work)
 * first, the rest in the same order, exactly as listWorkReviews orders for a viewer. 'same' when that is
 * the anonymous answer itself; null when it cannot be told from it: the anonymous list is cut at the limit
 * and the viewer's review may lie beyond it.
 */
export function viewerReviewsBody(parts: SerialisedReviews, viewerId: string): string | 'same' | null {
  const own = parts.userIds.indexOf(viewerId);
  if (own === -1) return parts.userIds.length < WORK_REVIEWS_LIMIT ? 'same' : null;
  if (own === 0) return 'same';
  const ordered = [parts.fragments[own], ...parts.fragments.filter((_, i) => i !== own)];
  return `{"reviews":[${ordered.join(',')}]}`;
}
