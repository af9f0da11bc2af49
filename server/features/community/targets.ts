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

export interface TargetRow {
  owner_id: string;
  work_id: string | null;
  visible: boolean;
  blocked: boolean;
}

/** Throws 404 (absent, or not to be seen) or 403 (a block between the two) unless the viewer may act on it. */
export function judged(row: TargetRow | null, missing: string): TargetRow {
  if (!row) throw notFound(missing);
  if (!row.visible) throw row.blocked ? forbidden(COMMUNITY_MESSAGES.blocked) : notFound(missing);
  return row;
}

/**
 * SQL, no row or one: the review (`kind` 'review') or activity line whose id is the expression `id`, as the
 * viewer expression `viewer` may act on it (owner_id, work_id, visible, blocked). Writes embed it in their
 * own statement, so judging the target costs no round trip of its own.
 */
export function targetFactsSql(kind: 'review' | 'activity', id: string, viewer: string): string {
  return kind === 'review'
    ? `select r.user_id as owner_id, r.work_id, ${reviewVisibleSql(viewer)} as visible,
              ${blockedEitherWaySql(viewer, 'r.user_id')} as blocked
       from public.reviews r where r.id = ${id}`
    : `select a.user_id as owner_id, null::uuid as work_id, ${activityVisibleSql(viewer)} as visible,
              ${blockedEitherWaySql(viewer, 'a.user_id')} as blocked
       from public.activities a where a.id = ${id}`;
}

/** The review `reviewId` as the viewer may act on it; 404 or 403 as above. */
export async function visibleReview(q: Queryable, viewerId: string | null, reviewId: string) {
  const row = await maybeOne<TargetRow>(q, targetFactsSql('review', '$1::uuid', '$2::uuid'), [
    reviewId,
    viewerId,
  ]);
  return judged(row, COMMUNITY_MESSAGES.reviewNotFound);
}

/** The Friends Activity line `activityId` as the viewer may act on it; 404 or 403 as above. */
export async function visibleActivity(q: Queryable, viewerId: string | null, activityId: string) {
  const row = await maybeOne<TargetRow>(q, targetFactsSql('activity', '$1::uuid', '$2::uuid'), [
    activityId,
    viewerId,
  ]);
  return judged(row, COMMUNITY_MESSAGES.activityNotFound);
}

/** An account whose address is unproved is no one to others: it can neither like, comment nor report. */
export async function assertConfirmed(q: Queryable, viewerId: string): Promise<void> {
  const row = await maybeOne<{ ok: boolean }>(q, `select ${confirmedSql('$1::uuid')} as ok`, [viewerId]);
  assertConfirmedFact(row?.ok ?? false);
}

/** SQL: the account `viewer` is confirmed (may like, comment and report). */
export const confirmedSql = (viewer: string) => isPublicAccount(viewer);

/** Throws 403 for an unconfirmed account, from a fact read within the write's own statement. */
export function assertConfirmedFact(confirmed: boolean): void {
  if (!confirmed) throw forbidden(COMMUNITY_MESSAGES.confirmFirst);
}

/**
 * The facts a one-statement write selects about the viewer and its target, as
 * `(select 1) one left join (targetFactsSql) t on true`: confirmed, and the target row's facts (all null
 * when there is no such target).
 */
export interface WriteFacts {
  confirmed: boolean;
  owner_id: string | null;
  work_id: string | null;
  visible: boolean | null;
  blocked: boolean | null;
}

/** Judges a one-statement write's facts in the order the rule gives: confirmed first, then the target. */
export function judgeWrite(facts: WriteFacts, missing: string): void {
  assertConfirmedFact(facts.confirmed);
  judged(
    facts.owner_id === null
      ? null
      : {
          owner_id: facts.owner_id,
          work_id: facts.work_id,
          visible: !!facts.visible,
          blocked: !!facts.blocked,
        },
    missing,
  );
}

/** SQL of the facts CTE's body for a one-statement write on the target `$2` by the viewer `$1`. */
export function writeFactsSql(kind: 'review' | 'activity'): string {
  return `select ${confirmedSql('$1::uuid')} as confirmed, t.owner_id, t.work_id, t.visible, t.blocked
          from (select 1) one left join (${targetFactsSql(kind, '$2::uuid', '$1::uuid')}) t on true`;
}
