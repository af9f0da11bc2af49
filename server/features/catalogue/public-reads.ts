// The catalogue's public reads that the public read cache keeps (server/cache/public-read-def.ts).
import type { SfPublicRead, SfPublicReads } from '../../http/handler-context';
import { authorTag, SEARCH_TAG, uniqueTags, workTag } from '../../cache/public-read-def';
import { catalogueHandlers } from './handlers';

/**
 * How long a search answer is kept at most. Its order's last tie-break, popularity (rating_count), moves
 * with every review and is not announced; what it matches is (SEARCH_TAG), so only that order can be this
 * stale.
 */
export const SEARCH_ANSWER_TTL_MS = 60_000;

/**
 * Searches: the same for everyone. Readers' queries follow a Zipf law (a few are asked very often), so a
 * bounded cache answers most of them (docs/performance.md measures a Zipf mix of 20,000 queries). An ISBN
 * unknown to the catalogue is imported while it is searched: that insert announces SEARCH_TAG, so its
 * answer ("new_isbn_added") is never kept.
 */
const searchWorks: SfPublicRead<'search-works'> = {
  key: ({ query }) => query,
  ttlMs: SEARCH_ANSWER_TTL_MS,
  async load(input, ctx) {
    return { answer: await catalogueHandlers['search-works'](input, ctx), tags: [SEARCH_TAG] };
  },
};

const workDetails: SfPublicRead<'work-details'> = {
  key: ({ work_id }) => work_id,
  mayShowOnlyToSome: true,
  async load(input, ctx) {
    const work = await catalogueHandlers['work-details'](input, ctx);
    return {
      answer: work,
      tags: uniqueTags([workTag(work.id), ...work.work_authors.map((a) => authorTag(a.authors.id))]),
    };
  },
};

export const cataloguePublicReads = {
  'search-works': searchWorks,
  'work-details': workDetails,
} satisfies SfPublicReads;
