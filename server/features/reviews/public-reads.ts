// A work's reviews as the public read cache keeps them (server/cache/public-read-def.ts): one answer shared
// by every caller, from which a signed-in viewer's own order (their review first) is derived per request.
import type { ResponseOf } from '@shared/api/endpoints';
import type { SfPublicRead, SfPublicReads } from '../../http/handler-context';
import { uniqueTags, userTag, workTag } from '../../cache/public-read-def';
import { reviewsHandlers } from './handlers';
import { WORK_REVIEWS_LIMIT } from './queries';

/** A serialised answer with its reviews' JSON kept apart, so a viewer's order costs no second stringify. */
export interface SerialisedReviews {
  fragments: string[];
  userIds: string[];
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

const workReviews: SfPublicRead<'work-reviews'> = {
  key: ({ work_id }) => work_id,
  viewerVariant: { split: serialiseReviews, bodyFor: viewerReviewsBody },
  mayShowOnlyToSome: true,
  async load(input, ctx) {
    const answer = await reviewsHandlers['work-reviews'](input, ctx);
    // A review shows its author's username and avatar.
    return {
      answer,
      tags: uniqueTags([workTag(input.work_id), ...answer.reviews.map((r) => userTag(r.user_id))]),
    };
  },
};

export const reviewsPublicReads = { 'work-reviews': workReviews } satisfies SfPublicReads;
