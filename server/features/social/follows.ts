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
import { conflict, forbidden, notFound } from '../../http/errors';
import { isPublicAccount } from '../profiles/public-account';
import { followableReader, otherReader } from './readers';

type FollowState = ResponseOf<'follow-reader'>['state'];

export async function followReader(
  db: Db,
  viewerId: string,
  userId: string,
): Promise<{ state: FollowState }> {
  return db.transaction(async (tx) => {
    // An account whose address is unproved is no one to others: it cannot follow either.
    const me = await maybeOne(
      tx,
      `select 1 from public.profiles p where p.id = $1 and ${isPublicAccount('p.id')}`,
      [viewerId],
    );
    if (!me) throw forbidden('Confirm your e-mail address to follow readers.');
    const reader = await followableReader(tx, viewerId, userId);
    const existing = await maybeOne<{ state: FollowState }>(
      tx,
      'select state from public.follows where follower_id = $1 and followee_id = $2',
      [viewerId, reader.id],
    );
    if (existing) return { state: existing.state };

    // The day row is the follower's lock: parallel follows by one reader are counted one after another.
    const day = await one<{ count: number }>(
      tx,
      `insert into public.follow_days (user_id, day, count) values ($1, (now() at time zone 'UTC')::date, 0)
       on conflict (user_id, day) do update set count = public.follow_days.count
       returning count`,
      [viewerId],
    );
    if (day.count >= MAX_FOLLOWS_PER_DAY) throw conflict(FOLLOW_DAY_LIMIT_MESSAGE, 'limit_reached');
    const total = await one<{ n: number }>(
      tx,
      'select count(*)::int as n from public.follows where follower_id = $1',
      [viewerId],
    );
    if (total.n >= MAX_FOLLOWS) throw conflict(FOLLOW_LIMIT_MESSAGE, 'limit_reached');

    const state: FollowState = reader.follow_policy === 'approve' ? 'requested' : 'accepted';
    await tx.query(
      `insert into public.follows (follower_id, followee_id, state, accepted_at)
       values ($1, $2, $3, case when $3 = 'accepted' then now() end)`,
      [viewerId, reader.id, state],
    );
    await tx.query(
      `update public.follow_days set count = count + 1
       where user_id = $1 and day = (now() at time zone 'UTC')::date`,
      [viewerId],
    );
    return { state };
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
