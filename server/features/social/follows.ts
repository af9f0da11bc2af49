// Following: one way, at once for a reader who lets anyone follow, as a request for one who approves
// followers. Limits are checked in the write's transaction, under a lock on the follower's day row, so
// parallel follows cannot pass them.
import type { ResponseOf } from '@shared/api/endpoints';
import {
  FOLLOW_DAY_LIMIT_MESSAGE,
  FOLLOW_LIMIT_MESSAGE,
  MAX_FOLLOWS,
  MAX_FOLLOWS_PER_DAY,
} from '@shared/api/social';
import type { Db, Queryable } from '../../db/db';
import { maybeOne, one } from '../../db/db';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { isPublicAccount } from '../profiles/public-account';
import { BLOCKED_MESSAGE, READER_NOT_FOUND, otherReader } from './readers';
import { visibleSql } from './visibility-sql';

type FollowState = ResponseOf<'follow-reader'>['state'];

export async function followReader(
  db: Db,
  viewerId: string,
  userId: string,
): Promise<{ state: FollowState }> {
  if (userId === viewerId) throw badRequest('That is you.');
  return db.transaction(async (tx) => {
    // Who follows and whom, in one round trip. An account whose address is unproved is no one to others:
    // it cannot follow either.
    const check = await maybeOne<{
      me: boolean;
      policy: 'anyone' | 'approve' | null;
      visible: boolean | null;
    }>(
      tx,
      `select exists (select 1 from public.profiles m where m.id = $1 and ${isPublicAccount('m.id')}) as me,
              p.follow_policy as policy,
              ${visibleSql('card', { viewer: '$1::uuid', reader: 'p.id' })} as visible
       from (select 1) one
       left join public.profiles p on p.id = $2 and ${isPublicAccount('p.id')}`,
      [viewerId, userId],
    );
    if (!check?.me) throw forbidden('Confirm your e-mail address to follow readers.');
    if (!check.policy) throw notFound(READER_NOT_FOUND);
    if (!check.visible) throw forbidden(BLOCKED_MESSAGE);

    // The day row is the follower's lock: parallel follows by one reader are counted one after another.
    const counts = await one<{ today: number; total: number; existing: FollowState | null }>(
      tx,
      `with day as (
         insert into public.follow_days (user_id, day, count) values ($1, (now() at time zone 'UTC')::date, 0)
         on conflict (user_id, day) do update set count = public.follow_days.count
         returning count)
       select day.count as today,
              (select count(*)::int from public.follows where follower_id = $1) as total,
              (select state from public.follows where follower_id = $1 and followee_id = $2) as existing
       from day`,
      [viewerId, userId],
    );
    if (counts.existing) return { state: counts.existing };
    if (counts.today >= MAX_FOLLOWS_PER_DAY) throw conflict(FOLLOW_DAY_LIMIT_MESSAGE, 'limit_reached');
    if (counts.total >= MAX_FOLLOWS) throw conflict(FOLLOW_LIMIT_MESSAGE, 'limit_reached');

    const state: FollowState = check.policy === 'approve' ? 'requested' : 'accepted';
    // A follow of the same reader made meanwhile (another tab) has already counted: answer its state.
    const made = await one<{ made: number; state: FollowState | null }>(
      tx,
      `with made as (
         insert into public.follows (follower_id, followee_id, state, accepted_at)
         values ($1, $2, $3, case when $3 = 'accepted' then now() end)
         on conflict (follower_id, followee_id) do nothing returning 1),
       counted as (
         update public.follow_days set count = count + 1
         where user_id = $1 and day = (now() at time zone 'UTC')::date and exists (select 1 from made))
       select (select count(*)::int from made) as made,
              (select state from public.follows where follower_id = $1 and followee_id = $2) as state`,
      [viewerId, userId, state],
    );
    return { state: made.made > 0 ? state : (made.state ?? state) };
  });
}

export async function unfollowReader(q: Queryable, viewerId: string, userId: string): Promise<void> {
  await q.query('delete from public.follows where follower_id = $1 and followee_id = $2', [viewerId, userId]);
}

export async function relationship(
  q: Queryable,
  viewerId: string,
  userId: string,
): Promise<ResponseOf<'reader-relationship'>> {
  const { reader } = await otherReader(q, viewerId, userId);
  return one(
    q,
    `select coalesce((select state from public.follows where follower_id = $1 and followee_id = $2), 'none')
              as following,
            exists (select 1 from public.follows
                    where follower_id = $2 and followee_id = $1 and state = 'accepted') as followed_by,
            exists (select 1 from public.blocks where blocker_id = $1 and blocked_id = $2) as blocked,
            exists (select 1 from public.mutes where muter_id = $1 and muted_id = $2) as muted,
            $3::text as follow_policy`,
    [viewerId, reader.id, reader.follow_policy],
  );
}

export async function answerRequest(
  q: Queryable,
  viewerId: string,
  followerId: string,
  approve: boolean,
): Promise<void> {
  const rows = approve
    ? await q.query(
        `update public.follows set state = 'accepted', accepted_at = now()
         where follower_id = $1 and followee_id = $2 and state = 'requested' returning 1`,
        [followerId, viewerId],
      )
    : await q.query(
        `delete from public.follows where follower_id = $1 and followee_id = $2 and state = 'requested'
         returning 1`,
        [followerId, viewerId],
      );
  if (rows.length === 0) throw notFound('There is no request from this reader.');
}

export async function updateFollowPolicy(
  db: Db,
  viewerId: string,
  policy: 'anyone' | 'approve',
): Promise<{ follow_policy: 'anyone' | 'approve' }> {
  return db.transaction(async (tx) => {
    const row = await one<{ follow_policy: 'anyone' | 'approve' }>(
      tx,
      'update public.profiles set follow_policy = $2 where id = $1 returning follow_policy',
      [viewerId, policy],
    );
    if (policy === 'anyone') {
      await tx.query(
        `update public.follows set state = 'accepted', accepted_at = now()
         where followee_id = $1 and state = 'requested'`,
        [viewerId],
      );
    }
    return row;
  });
}
