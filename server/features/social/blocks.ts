// Blocks and mutes. A block ends follows and requests both ways in the same transaction, and the visibility
// rule keeps the two apart from then on. It also takes each out of the other's notifications: the rule hides
// them while the block stands, and an unblock should not bring back what one did to the other before.
import type { Db, Queryable } from '../../db/db';
import { otherReader } from './readers';

export async function blockReader(db: Db, viewerId: string, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const { reader } = await otherReader(tx, viewerId, userId);
    await tx.query(
      'insert into public.blocks (blocker_id, blocked_id) values ($1, $2) on conflict do nothing',
      [viewerId, reader.id],
    );
    await tx.query(
      `delete from public.follows
       where (follower_id = $1 and followee_id = $2) or (follower_id = $2 and followee_id = $1)`,
      [viewerId, reader.id],
    );
    // A notification of one of them alone goes; from a collapsed one ("and 3 others") they are taken out.
    await tx.query(
      `delete from public.notifications
       where (recipient_id = $1 and actor_ids = array[$2::uuid]) or (recipient_id = $2 and actor_ids = array[$1::uuid])`,
      [viewerId, reader.id],
    );
    await tx.query(
      `update public.notifications
       set actor_ids = array_remove(actor_ids, case when recipient_id = $1 then $2::uuid else $1::uuid end),
           actor_count = greatest(actor_count - 1, 1)
       where (recipient_id = $1 and $2 = any (actor_ids)) or (recipient_id = $2 and $1 = any (actor_ids))`,
      [viewerId, reader.id],
    );
  });
}

export async function unblockReader(q: Queryable, viewerId: string, userId: string): Promise<void> {
  await q.query('delete from public.blocks where blocker_id = $1 and blocked_id = $2', [viewerId, userId]);
}

export async function muteReader(q: Queryable, viewerId: string, userId: string): Promise<void> {
  const { reader } = await otherReader(q, viewerId, userId);
  await q.query('insert into public.mutes (muter_id, muted_id) values ($1, $2) on conflict do nothing', [
    viewerId,
    reader.id,
  ]);
}

export async function unmuteReader(q: Queryable, viewerId: string, userId: string): Promise<void> {
  await q.query('delete from public.mutes where muter_id = $1 and muted_id = $2', [viewerId, userId]);
}
