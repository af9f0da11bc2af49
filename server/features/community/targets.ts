// What a like, comment or report names, looked up for one viewer through the social visibility rule
// (server/features/social/visibility-sql.ts): a review shows its reviewer's card (a confirmed reader not
// blocked either way) on a work the viewer may see; an activity line needs the rule's activity surface. What
// the viewer may not see answers 404, as if it did not exist; a block between the two answers 403.
import { COMMUNITY_MESSAGES } from '@shared/api/community';
import type { Queryable } from '../../db/db';
import { maybeOne } from '../../db/db';
import { forbidden, notFound } from '../../http/errors';
import { WORK_VISIBLE_TO_SQL } from '../catalogue/visibility';
import { isPublicAccount } from '../profiles/public-account';
import { visibleSql } from '../social/visibility-sql';

/** SQL: the review aliased `r` may be seen by the viewer expression `viewer` (null for anonymous). */
export const reviewVisibleSql = (viewer: string) => `(${visibleSql('card', { viewer, reader: 'r.user_id' })}
  and exists (select 1 from public.works vw where vw.id = r.work_id and ${WORK_VISIBLE_TO_SQL('vw', viewer)}))`;

/** SQL: the activity line aliased `a` may be seen by the viewer expression `viewer`. */
export const activityVisibleSql = (viewer: string) =>
  visibleSql('activity', { viewer, reader: 'a.user_id', eventPublic: 'a.is_public' });

/** SQL: the reader `reader` is seen by the viewer on a card (lists of likers and commenters). */
export const readerCardVisibleSql = (viewer: string, reader: string) =>
  visibleSql('card', { viewer, reader });

const blockedEitherWaySql = (viewer: string, reader: string) => `exists (
  select 1 from public.blocks b
  where (b.blocker_id = ${viewer} and b.blocked_id = ${reader}) or (b.blocker_id = ${reader} and b.blocked_id = ${viewer}))`;

interface TargetRow {
  owner_id: string;
  work_id: string | null;
  visible: boolean;
  blocked: boolean;
}

function judged(row: TargetRow | null, missing: string): TargetRow {
  if (!row) throw notFound(missing);
  if (!row.visible) throw row.blocked ? forbidden(COMMUNITY_MESSAGES.blocked) : notFound(missing);
  return row;
}

/** The review `reviewId` as the viewer may act on it; 404 or 403 as above. */
export async function visibleReview(q: Queryable, viewerId: string | null, reviewId: string) {
  const row = await maybeOne<TargetRow>(
    q,
    `select r.user_id as owner_id, r.work_id, ${reviewVisibleSql('$2::uuid')} as visible,
            ${blockedEitherWaySql('$2::uuid', 'r.user_id')} as blocked
     from public.reviews r where r.id = $1`,
    [reviewId, viewerId],
  );
  return judged(row, COMMUNITY_MESSAGES.reviewNotFound);
}

/** The Friends Activity line `activityId` as the viewer may act on it; 404 or 403 as above. */
export async function visibleActivity(q: Queryable, viewerId: string | null, activityId: string) {
  const row = await maybeOne<TargetRow>(
    q,
    `select a.user_id as owner_id, null::uuid as work_id,
            ${activityVisibleSql('$2::uuid')} as visible,
            ${blockedEitherWaySql('$2::uuid', 'a.user_id')} as blocked
     from public.activities a where a.id = $1`,
    [activityId, viewerId],
  );
  return judged(row, COMMUNITY_MESSAGES.activityNotFound);
}

/** An account whose address is unproved is no one to others: it can neither like, comment nor report. */
export async function assertConfirmed(q: Queryable, viewerId: string): Promise<void> {
  const row = await maybeOne<{ ok: boolean }>(q, `select ${isPublicAccount('$1::uuid')} as ok`, [viewerId]);
  if (!row?.ok) throw forbidden(COMMUNITY_MESSAGES.confirmFirst);
}
