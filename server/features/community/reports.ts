// Reports of reviews and comments (issue 27) and the admins' queue. One report per reader and target
// (unique keys): reporting again answers ok and changes nothing, and does not count against the day's
// limit. An admin removes the reported text (its reports go with it, by foreign key) or dismisses every open
// report of it; each action is written to admin_audit in the same transaction.
import { COMMUNITY_MESSAGES, MAX_REPORTS_PER_DAY, REPORT_LIMIT_MESSAGE } from '@shared/api/community';
import type { ReportItem, ReportReason } from '@shared/api/community';
import type { ResponseOf } from '@shared/api/endpoints';
import type { Db, Queryable } from '../../db/db';
import { maybeOne } from '../../db/db';
import { notFound } from '../../http/errors';
import { recordAudit } from '../admin/audit';
import { cursorSql } from '../reading/cursor';
import { adminRemoveComment } from './comments';
import { takeLimit } from './limits';
import { assertConfirmed, readerCardVisibleSql, visibleReview } from './targets';

export type ReportInput = { reason: ReportReason; details: string | null } & (
  { review_id: string } | { comment_id: string }
);

export async function report(db: Db, viewerId: string, input: ReportInput): Promise<void> {
  await db.transaction(async (tx) => {
    await assertConfirmed(tx, viewerId);
    const column = 'review_id' in input ? 'review_id' : 'comment_id';
    const targetId = 'review_id' in input ? input.review_id : input.comment_id;
    if ('review_id' in input) await visibleReview(tx, viewerId, input.review_id);
    else await visibleComment(tx, viewerId, input.comment_id);

    const existing = await tx.query(
      `select 1 from public.reports where reporter_id = $1 and ${column} = $2`,
      [viewerId, targetId],
    );
    if (existing.length > 0) return;
    const window = await takeLimit(tx, viewerId, 'report', MAX_REPORTS_PER_DAY, REPORT_LIMIT_MESSAGE);
    const made = await tx.query(
      `insert into public.reports (reporter_id, ${column}, reason, details) values ($1, $2, $3, $4)
       on conflict do nothing returning id`,
      [viewerId, targetId, input.reason, input.details],
    );
    if (made.length > 0) await window.count();
  });
}

/** A comment the viewer may see: on a review they may see, by a reader whose card they may see. */
async function visibleComment(q: Queryable, viewerId: string, commentId: string): Promise<void> {
  const row = await maybeOne<{ review_id: string; visible: boolean }>(
    q,
    `select c.review_id, ${readerCardVisibleSql('$2::uuid', 'c.user_id')} as visible
     from public.review_comments c where c.id = $1`,
    [commentId, viewerId],
  );
  if (!row?.visible) throw notFound(COMMUNITY_MESSAGES.commentNotFound);
  await visibleReview(q, viewerId, row.review_id);
}

interface QueueRow {
  id: string;
  reason: ReportReason;
  details: string | null;
  created_at: string;
  reporter_id: string;
  reporter_username: string;
  reporter_first_name: string | null;
  reporter_last_name: string | null;
  reporter_avatar_url: string | null;
  kind: 'review' | 'comment';
  target_id: string;
  author_id: string;
  author_username: string;
  author_first_name: string | null;
  author_last_name: string | null;
  author_avatar_url: string | null;
  text: string;
  review_id: string;
  work_id: string;
  work_title: string;
  open_reports: number;
  cursor: string;
}

/** Open reports, oldest first, with the reported text as it stands now. */
export async function reportQueue(
  q: Queryable,
  input: { limit: number; after?: string | undefined },
): Promise<ResponseOf<'report-queue'>> {
  const params: unknown[] = [input.limit + 1];
  let after = '';
  if (input.after) {
    const [at, id] = input.after.split('|');
    params.push(at, id);
    after = 'and (rp.created_at, rp.id) > ($2::timestamptz, $3::uuid)';
  }
  const rows = await q.query<QueueRow>(
    `with page as (
       select * from public.reports rp where rp.status = 'open' ${after}
       order by rp.created_at, rp.id limit $1
     )
     select rp.id, rp.reason, rp.details, rp.created_at, ${cursorSql('rp')} as cursor,
            rep.id as reporter_id, rep.username as reporter_username, rep.first_name as reporter_first_name,
            rep.last_name as reporter_last_name, rep.avatar_url as reporter_avatar_url,
            case when rp.review_id is not null then 'review' else 'comment' end as kind,
            coalesce(rp.review_id, rp.comment_id) as target_id,
            au.id as author_id, au.username as author_username, au.first_name as author_first_name,
            au.last_name as author_last_name, au.avatar_url as author_avatar_url,
            case when rp.review_id is not null
                 then concat_ws(E'\\n\\n', nullif(r.headline, ''), r.review_body)
                 else c.body end as text,
            r.id as review_id, w.id as work_id, w.title as work_title,
            (select count(*)::int from public.reports o
             where o.status = 'open'
               and (o.review_id = rp.review_id or o.comment_id = rp.comment_id)) as open_reports
     from page rp
     join public.profiles rep on rep.id = rp.reporter_id
     left join public.review_comments c on c.id = rp.comment_id
     join public.reviews r on r.id = coalesce(rp.review_id, c.review_id)
     join public.works w on w.id = r.work_id
     join public.profiles au on au.id = coalesce(c.user_id, r.user_id)
     order by rp.created_at, rp.id`,
    params,
  );
  const shown = rows.slice(0, input.limit);
  const last = shown[shown.length - 1];
  return { reports: shown.map(toItem), next_cursor: rows.length > input.limit && last ? last.cursor : null };
}

const card = (
  id: string,
  username: string,
  first: string | null,
  last: string | null,
  avatar: string | null,
) => ({
  id,
  username,
  first_name: first,
  last_name: last,
  avatar_url: avatar,
});

function toItem(r: QueueRow): ReportItem {
  return {
    id: r.id,
    reason: r.reason,
    details: r.details,
    created_at: new Date(r.created_at).toISOString(),
    reporter: card(
      r.reporter_id,
      r.reporter_username,
      r.reporter_first_name,
      r.reporter_last_name,
      r.reporter_avatar_url,
    ),
    target: {
      kind: r.kind,
      id: r.target_id,
      author: card(
        r.author_id,
        r.author_username,
        r.author_first_name,
        r.author_last_name,
        r.author_avatar_url,
      ),
      text: r.text,
      review_id: r.review_id,
      work_id: r.work_id,
      work_title: r.work_title,
    },
    open_reports: r.open_reports,
  };
}

/** Removes the reported review or comment, or dismisses every open report of it; answers the message. */
export async function resolveReport(
  db: Db,
  adminId: string,
  reportId: string,
  action: 'remove' | 'dismiss',
): Promise<string> {
  return db.transaction(async (tx) => {
    const found = await maybeOne<{ review_id: string | null; comment_id: string | null; reason: string }>(
      tx,
      `select review_id, comment_id, reason from public.reports where id = $1 and status = 'open' for update`,
      [reportId],
    );
    if (!found) throw notFound(COMMUNITY_MESSAGES.reportNotFound);
    if (action === 'dismiss') {
      const dismissed = await tx.query<{ id: string }>(
        `update public.reports set status = 'dismissed', handled_by = $2, handled_at = now()
         where status = 'open' and (review_id = $1 or comment_id = $3) returning id`,
        [found.review_id, adminId, found.comment_id],
      );
      await recordAudit(tx, {
        actorId: adminId,
        action: 'dismiss-report',
        targetId: found.review_id ?? (found.comment_id as string),
        before: { reports: dismissed.map((d) => d.id), reason: found.reason },
        after: { status: 'dismissed' },
      });
      return COMMUNITY_MESSAGES.reportDismissed;
    }
    if (found.comment_id) {
      await adminRemoveComment(tx, adminId, found.comment_id, 'remove-reported-comment');
      return COMMUNITY_MESSAGES.commentRemoved;
    }
    const removed = await maybeOne<Record<string, unknown>>(
      tx,
      `delete from public.reviews where id = $1
       returning id, user_id, work_id, rating, headline, review_body`,
      [found.review_id],
    );
    if (!removed) throw notFound(COMMUNITY_MESSAGES.reviewNotFound);
    await recordAudit(tx, {
      actorId: adminId,
      action: 'remove-reported-review',
      targetId: found.review_id as string,
      before: removed,
      after: null,
    });
    return COMMUNITY_MESSAGES.reviewRemoved;
  });
}
