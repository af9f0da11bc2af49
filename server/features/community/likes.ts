// Likes of reviews and Friends Activity lines (issue 27). A like is one row per reader and target (the
// unique keys of migration 0130), so liking twice or unliking what was never liked changes nothing. Counts
// are read from the target's like index; who liked leaves out readers blocked either way with the caller.
import type { LikeTarget } from '@shared/api/community';
import type { ResponseOf } from '@shared/api/endpoints';
import { COMMUNITY_MESSAGES } from '@shared/api/community';
import type { Queryable } from '../../db/db';
import { one } from '../../db/db';
import { afterCursor, cursorSql, pageOf } from '../reading/cursor';
import type { ReaderCardRow } from '../social/reader-pages';
import type { WriteFacts } from './targets';
import {
  activityVisibleSql,
  judgeWrite,
  readerCardVisibleSql,
  reviewVisibleSql,
  visibleActivity,
  visibleReview,
  writeFactsSql,
} from './targets';

type LikeState = ResponseOf<'like'>;

const column = (target: LikeTarget) => ('review_id' in target ? 'review_id' : 'activity_id');
const targetId = (target: LikeTarget) => ('review_id' in target ? target.review_id : target.activity_id);

async function assertLikeable(q: Queryable, viewerId: string | null, target: LikeTarget): Promise<void> {
  if ('review_id' in target) await visibleReview(q, viewerId, target.review_id);
  else await visibleActivity(q, viewerId, target.activity_id);
}

const kindOf = (target: LikeTarget) => ('review_id' in target ? 'review' : 'activity');
const missingOf = (target: LikeTarget) =>
  'review_id' in target ? COMMUNITY_MESSAGES.reviewNotFound : COMMUNITY_MESSAGES.activityNotFound;

/**
 * One statement, so one round trip: who likes and what is judged, the like is written only when both pass,
 * and the answer counts it (a statement's own insert is not in its snapshot, hence the `made` terms).
 * Judged afterwards in the rule's order; a refused like wrote nothing.
 */
export async function like(q: Queryable, viewerId: string, target: LikeTarget): Promise<LikeState> {
  const col = column(target);
  const row = await one<WriteFacts & LikeState>(
    q,
    `with facts as (${writeFactsSql(kindOf(target))}),
     made as (
       insert into public.likes (user_id, ${col}) select $1, $2 from facts where confirmed and visible
       on conflict do nothing returning 1)
     select f.*,
            exists (select 1 from made)
              or exists (select 1 from public.likes where user_id = $1 and ${col} = $2) as liked,
            (select count(*)::int from made)
              + (select count(*)::int from public.likes where ${col} = $2) as like_count
     from facts f`,
    [viewerId, targetId(target)],
  );
  judgeWrite(row, missingOf(target));
  return { liked: row.liked, like_count: row.like_count };
}

/**
 * Taking a like back needs no sight of the target: a reader may always withdraw what they gave. One
 * statement: the delete and the count left (the snapshot still holds the deleted row, hence `- gone`).
 */
export async function unlike(q: Queryable, viewerId: string, target: LikeTarget): Promise<LikeState> {
  const col = column(target);
  return one<LikeState>(
    q,
    `with gone as (delete from public.likes where user_id = $1 and ${col} = $2 returning 1)
     select false as liked,
            (select count(*)::int from public.likes where ${col} = $2)
              - (select count(*)::int from gone) as like_count`,
    [viewerId, targetId(target)],
  );
}

/**
 * Like counts and the caller's own likes for a page of targets, in one statement along the targets' like
 * indexes. A target the caller may not see answers 0 and not liked, so the call tells nothing about it.
 */
export async function likeStates(
  q: Queryable,
  viewerId: string,
  input: { review_ids: string[]; activity_ids: string[] },
): Promise<ResponseOf<'like-states'>> {
  const likes = await q.query<ResponseOf<'like-states'>['likes'][number]>(
    `select r.id,
            coalesce(${reviewVisibleSql('$1::uuid')}, false) and exists (
              select 1 from public.likes l where l.review_id = r.id and l.user_id = $1) as liked,
            case when ${reviewVisibleSql('$1::uuid')}
                 then (select count(*)::int from public.likes l where l.review_id = r.id) else 0 end as like_count
     from public.reviews r where r.id = any($2::uuid[])
     union all
     select a.id,
            ${activityVisibleSql('$1::uuid')} and exists (
              select 1 from public.likes l where l.activity_id = a.id and l.user_id = $1) as liked,
            case when ${activityVisibleSql('$1::uuid')}
                 then (select count(*)::int from public.likes l where l.activity_id = a.id) else 0 end
     from public.activities a where a.id = any($3::uuid[])`,
    [viewerId, input.review_ids, input.activity_ids],
  );
  return { likes };
}

/** Who liked the target, newest first; the target itself must be one the caller may see. */
export async function likers(
  q: Queryable,
  viewerId: string | null,
  input: LikeTarget & { limit: number; after?: string | undefined },
): Promise<ResponseOf<'likers'>> {
  const target: LikeTarget =
    'review_id' in input ? { review_id: input.review_id } : { activity_id: input.activity_id };
  await assertLikeable(q, viewerId, target);
  const params: unknown[] = [targetId(target), viewerId, input.limit + 1];
  const after = afterCursor('l', input.after, params);
  const rows = await q.query<ReaderCardRow>(
    `select p.id, p.username, p.first_name, p.last_name, p.avatar_url, ${cursorSql('l')} as cursor
     from public.likes l join public.profiles p on p.id = l.user_id
     where l.${column(target)} = $1 ${after ? `and ${after}` : ''}
       and ${readerCardVisibleSql('$2::uuid', 'l.user_id')}
     order by l.created_at desc, l.id desc
     limit $3`,
    params,
  );
  const page = pageOf(rows, input.limit);
  return { readers: page.rows, next_cursor: page.next_cursor };
}
