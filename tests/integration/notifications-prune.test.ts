// Pruning old notifications (issue 27) over a real server: notifications made by real follows, aged as time
// passing would (their times moved back), then the recurring durable job run through the queue as its
// schedule would run it: read ones past NOTIFICATIONS_KEEP_READ_DAYS and any past NOTIFICATIONS_KEEP_DAYS
// go, everything younger stays, and a backlog larger than a batch goes in several batches.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRUNE_NOTIFICATIONS_JOB, pruneNotifications } from '../../server/features/notifications/prune-job';
import { settleJobs } from '../support/jobs';
import { socialReader } from '../support/social-flows';
import type { SocialReader } from '../support/social-flows';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

/** `recipient`'s notifications about new followers, by follower id. */
async function notificationsOf(recipient: SocialReader): Promise<string[]> {
  const rows = await s.t.deps.db.query<{ subject_id: string }>(
    'select subject_id from public.notifications where recipient_id = $1 order by subject_id',
    [recipient.id],
  );
  return rows.map((r) => r.subject_id);
}

/** Followers of `recipient`, each leaving one "new follower" notification. */
async function followersOf(recipient: SocialReader, n: number): Promise<SocialReader[]> {
  const followers: SocialReader[] = [];
  for (let i = 0; i < n; i++) {
    const f = await socialReader(s);
    expect((await s.sf('follow-reader', { user_id: recipient.id }, f.token)).status).toBe(200);
    followers.push(f);
  }
  return followers;
}

/** Moves the notification about `follower` back `days` days, read or not. */
async function age(recipient: SocialReader, follower: SocialReader, days: number, read: boolean) {
  await s.t.deps.db.query(
    `update public.notifications
        set created_at = now() - make_interval(days => $3),
            read_at = case when $4 then now() - make_interval(days => $3) end
      where recipient_id = $1 and subject_id = $2`,
    [recipient.id, follower.id, days, read],
  );
}

describe('pruning notifications', () => {
  it('deletes read ones past the read age and any past the full age, on the queue, and keeps the rest', async () => {
    const { notificationsKeepReadDays: readDays, notificationsKeepDays: allDays } = s.t.deps.config;
    expect(readDays).toBeLessThan(allDays);
    const ben = await socialReader(s);
    const [oldRead, youngRead, oldUnread, ancientUnread, ancientRead, fresh] = await followersOf(ben, 6);
    await age(ben, oldRead!, readDays + 1, true);
    await age(ben, youngRead!, readDays - 1, true);
    await age(ben, oldUnread!, allDays - 1, false);
    await age(ben, ancientUnread!, allDays + 1, false);
    await age(ben, ancientRead!, allDays + 1, true);
    // fresh: unread, just made.
    expect(await notificationsOf(ben)).toHaveLength(6);

    await s.t.deps.db.query('update jobs.queue set run_at = now() where kind = $1', [
      PRUNE_NOTIFICATIONS_JOB,
    ]);
    s.t.deps.jobs.wake();
    await settleJobs(s.t.deps.db);

    expect(await notificationsOf(ben)).toEqual([youngRead!.id, oldUnread!.id, fresh!.id].sort());
    // The job is still scheduled for its next run.
    const [waiting] = await s.t.deps.db.query<{ n: number }>(
      'select count(*)::int as n from jobs.queue where kind = $1 and failed_at is null',
      [PRUNE_NOTIFICATIONS_JOB],
    );
    expect(waiting?.n).toBe(1);
  });

  it('works through a backlog in batches, oldest first, and stops at the run limit', async () => {
    // Ages past anything the other test leaves behind, so only these five are due.
    const keep = { notificationsKeepReadDays: 999, notificationsKeepDays: 999 };
    const ann = await socialReader(s);
    const followers = await followersOf(ann, 5);
    for (const [i, f] of followers.entries()) await age(ann, f, 1004 - i, false);

    // Two batches of two at most: the four oldest go, the youngest of the five stays for the next run.
    expect(await pruneNotifications(s.t.deps.db, keep, { batch: 2, maxBatches: 2 })).toBe(4);
    expect(await notificationsOf(ann)).toEqual([followers[4]!.id]);
    expect(await pruneNotifications(s.t.deps.db, keep, { batch: 2, maxBatches: 2 })).toBe(1);
    expect(await notificationsOf(ann)).toEqual([]);
  });
});
