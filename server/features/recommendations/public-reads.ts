// Recommended's public read that the public read cache keeps (server/cache/public-read-def.ts): the
// well-rated-and-popular list every signed-out visitor of /recommended gets, the same for everyone.
import type { SfPublicRead, SfPublicReads } from '../../http/handler-context';
import { POPULAR_TAG, uniqueTags, workTag } from '../../cache/public-read-def';
import { recommendationsHandlers } from './handlers';

/**
 * How long a popular page is kept at most. Which works it holds (POPULAR_TAG) and what each shows of its
 * work (title, authors, rating: the works' tags) are announced; a cover the cover job fetches later changes
 * an edition, which the answer does not name, so only a newly fetched cover can be this late.
 */
export const POPULAR_ANSWER_TTL_MS = 60_000;

const popularWorks: SfPublicRead<'popular-works'> = {
  key: ({ limit, after }) => `${limit}:${after ?? 0}`,
  ttlMs: POPULAR_ANSWER_TTL_MS,
  async load(input, ctx) {
    const answer = await recommendationsHandlers['popular-works'](input, ctx);
    return { answer, tags: uniqueTags([POPULAR_TAG, ...answer.items.map((item) => workTag(item.work_id))]) };
  },
};

export const recommendationsPublicReads = { 'popular-works': popularWorks } satisfies SfPublicReads;
