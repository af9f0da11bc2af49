import { notFound } from '../../http/errors';
import type { reviewsEndpoints } from '@shared/api/reviews';
import type { AreaHandlers } from '../../http/handler-context';
import { assertWorkVisible } from '../catalogue/visibility';
import { deleteOwnReview, listWorkReviews, upsertReview } from './queries';

export const reviewsHandlers = {
  async 'work-reviews'({ work_id }, { deps, user }) {
    await assertWorkVisible(deps.db, work_id, user?.userId ?? null);
    const reviews = await listWorkReviews(deps.db, work_id, user?.userId ?? null);
    if (!reviews) throw notFound('Work not found');
    return { reviews };
  },

  async 'submit-review'(input, { deps, user }) {
    const review_id = await upsertReview(deps.db, user.userId, input);
    return { ok: true, review_id };
  },

  // Another reader's review answers the same 404 as a missing one: it is not ours to delete, and its
  // existence is no business of this call. Admins have no moderation rights here (SPEC.md §6).
  async 'delete-review'({ review_id }, { deps, user }) {
    if (!(await deleteOwnReview(deps.db, user.userId, review_id))) throw notFound('Review not found');
    return { ok: true };
  },
} satisfies AreaHandlers<typeof reviewsEndpoints>;
