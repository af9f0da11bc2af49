// Likes of reviews and Friends Activity lines (issue 27). A like is one row per reader and target (the
// unique keys of migration 0130), so liking twice or unliking what was never liked changes nothing. Counts
// are read from the target's like index; who liked leaves out readers blocked either way with the caller.
import type { LikeTarget } from '@shared/api/community';
import type { ResponseOf } from '@shared/api/endpoints';
import type { Db, Queryable } from '../../db/db';
import { one } from '../../db/db';
import { afterCursor, cursorSql, pageOf } from '../reading/cursor';
import type { ReaderCardRow } from '../social/reader-pages';
import {
  activityVisibleSql,
  assertConfirmed,
  readerCardVisibleSql,
  reviewVisibleSql,
  visibleActivity,
  visibleReview,
} from './targets';

type LikeState = ResponseOf<'like'>;

const column = (target: LikeTarget) => ('review_id' in target ? 'review_id' : 'activity_id');
const targetId = (target: LikeTarget) => ('review_id' in target ? target.review_id : target.activity_id);

async function assertLikeable(q: Queryable, viewerId: string | null, target: LikeTarget): Promise<void> {
  if ('review_id' in target) await visibleReview(q, viewerId, target.review_id);
  else await visibleActivity(q, viewerId, target.activity_id);
}

async function stateOf(q: Queryable, viewerId: string, target: LikeTarget): Promise<LikeState> {
  const col = column(target);
  return one<LikeState>(
    q,
    `select exists (select 1 from public.likes where user_id = $1 and ${col} = $2) as liked,
            (select count(*)::int from public.likes where ${col} = $2) as like_count`,
    [viewerId, targetId(target)],
  );
}

export async function like(db: Db, viewerId: string, target: LikeTarget): Promise<LikeState> {
  return db.transaction(async (tx) => {
    await assertConfirmed(tx, viewerId);
    await assertLikeable(tx, viewerId, target);
    await tx.query(
      `insert into public.likes (user_id, ${column(target)}) values ($1, $2) on conflict do nothing`,
      [viewerId, targetId(target)],
    );
    return stateOf(tx, viewerId, target);
  });
}

/** Taking a like back needs no sight of the target: a reader may always withdraw what they gave. */
export async function unlike(db: Db, viewerId: string, target: LikeTarget): Promise<LikeState> {
  return db.transaction(async (tx) => {
    await tx.query(`delete from public.likes where user_id = $1 and ${column(target)} = $2`, [
      viewerId,
      targetId(target),
    ]);
    return stateOf(tx, viewerId, target);
  });
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
