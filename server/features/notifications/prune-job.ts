// Pruning old notifications (issue 27): a recurring durable job (one waiting row on jobs.queue, whichever
// instance claims it) deletes read notifications older than NOTIFICATIONS_KEEP_READ_DAYS and any older than
// NOTIFICATIONS_KEEP_DAYS, oldest first, in batches, so the table stays the size of what readers still look
// at. A notification's age is its created_at, which a collapsed one moves on with each new actor ("Ann and 3
// others liked..."), so a row still gathering likes is young.
import type { Config } from '../../config';
import type { Db } from '../../db/db';
import type { JobHandler } from '../../jobs/job-runner';

export const PRUNE_NOTIFICATIONS_JOB = 'notifications.prune';
/** Once an hour: the ages are in days, so an hour late is nothing, and a run is cheap when little is due. */
export const PRUNE_NOTIFICATIONS_EVERY_MS = 60 * 60 * 1000;
/**
 * Rows per delete: each batch is its own short statement (its own transaction), so a large backlog never
 * holds locks or a snapshot for long, and readers' own writes to the table are not kept waiting.
 */
export const PRUNE_BATCH = 5_000;
/** Batches per run at most; a backlog larger than this goes on in the next run (an hour later). */
export const PRUNE_MAX_BATCHES = 100;

export type NotificationKeep = Pick<Config, 'notificationsKeepReadDays' | 'notificationsKeepDays'>;

/**
 * Deletes the due notifications, batch after batch, until a batch finds fewer than `batch` rows or `maxBatches`
 * have run. Answers how many went. Along notifications_created_idx (migration 0175), oldest first.
 */
export async function pruneNotifications(
  db: Db,
  keep: NotificationKeep,
  { batch = PRUNE_BATCH, maxBatches = PRUNE_MAX_BATCHES } = {},
): Promise<number> {
  let removed = 0;
  for (let i = 0; i < maxBatches; i++) {
    const gone = await db.query<{ id: string }>(
      `delete from public.notifications where id in (
         select n.id from public.notifications n
         where n.created_at < now() - make_interval(days => $1)
           and (n.read_at is not null or n.created_at < now() - make_interval(days => $2))
         order by n.created_at
         limit $3)
       returning id`,
      [
        Math.min(keep.notificationsKeepReadDays, keep.notificationsKeepDays),
        keep.notificationsKeepDays,
        batch,
      ],
    );
    removed += gone.length;
    if (gone.length < batch) break;
  }
  return removed;
}

export function pruneNotificationsJob(deps: { db: Db; config: NotificationKeep }): JobHandler {
  return async () => {
    const removed = await pruneNotifications(deps.db, deps.config);
    if (removed > 0) console.log(`pruned ${removed} old notifications`);
  };
}
