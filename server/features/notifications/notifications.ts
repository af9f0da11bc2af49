// Reading notifications (written by the triggers of migration 0145): the unread count, the list and marking
// read. Who did it is shown only as the visibility rule's 'notification' surface allows (a block either way,
// a mute or an unconfirmed account hides it), checked here on read so a block made later hides it at once.
import type { ResponseOf } from '@shared/api/endpoints';
import { UNREAD_COUNT_CAP } from '@shared/api/notifications';
import type { NotificationItem, NotificationKind } from '@shared/api/notifications';
import type { Queryable } from '../../db/db';
import { one } from '../../db/db';
import { notFound } from '../../http/errors';
import { visibleSql } from '../social/visibility-sql';

// A collapsed notification is shown by its newest actor the rule lets the reader see; one whose actors are
// all hidden is not shown (nor counted).
const actorShown = visibleSql('notification', { viewer: '$1::uuid', reader: 'na.actor' });
const shownSql = `exists (select 1 from unnest(n.actor_ids) na(actor) where ${actorShown})`;
const newestShownActor = `lateral (
  select na.actor from unnest(n.actor_ids) with ordinality na(actor, i) where ${actorShown}
  order by na.i limit 1) v`;

/** Unread notifications up to the cap: a range of the partial unread index, never the whole history. */
export async function unreadCount(q: Queryable, viewerId: string): Promise<number> {
  const row = await one<{ unread: number }>(
    q,
    `select count(*)::int as unread from (
       select 1 from public.notifications n
       where n.recipient_id = $1 and n.read_at is null and ${shownSql}
       limit $2) shown`,
    [viewerId, UNREAD_COUNT_CAP],
  );
  return row.unread;
}

interface Row {
  id: string;
  kind: NotificationKind;
  at: string;
  cursor: string;
  read: boolean;
  actor_count: number;
  actor_id: string;
  username: string;
  first_name: string | null;
  last_name: string | null;
  avatar_url: string | null;
  review_id: string | null;
  review_work_id: string | null;
  review_title: string | null;
  activity_id: string | null;
  activity_work_id: string | null;
  activity_title: string | null;
}

export async function listNotifications(
  q: Queryable,
  viewerId: string,
  input: { limit: number; after?: string | undefined },
): Promise<ResponseOf<'notifications'>> {
  const params: unknown[] = [viewerId, input.limit + 1];
  let after = '';
  if (input.after) {
    const [at, id] = input.after.split('|');
    params.push(at, id);
    after = 'and (n.created_at, n.id) < ($3::timestamptz, $4::uuid)';
  }
  // The page is chosen along (recipient_id, created_at, id) first; only its rows are joined to their
  // subjects. An activity line's work comes from its event or review, as Friends Activity reads it.
  const rows = await q.query<Row>(
    `with page as (
       select n.* from public.notifications n
       where n.recipient_id = $1 ${after} and ${shownSql}
       order by n.created_at desc, n.id desc
       limit $2
     )
     select n.id, n.kind, n.created_at as at, n.read_at is not null as read, n.actor_count,
            to_char(n.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || '|' || n.id as cursor,
            p.id as actor_id, p.username, p.first_name, p.last_name, p.avatar_url,
            r.id as review_id, rw.id as review_work_id, rw.title as review_title,
            a.id as activity_id, aw.id as activity_work_id, aw.title as activity_title
     from page n
     cross join ${newestShownActor}
     join public.profiles p on p.id = v.actor
     left join public.reviews r on r.id = n.review_id
     left join public.works rw on rw.id = r.work_id
     left join public.activities a on a.id = n.activity_id
     left join public.reading_progress_events ev on ev.id = a.event_id
     left join public.reviews ar on ar.id = a.review_id
     left join public.works aw on aw.id = coalesce(ev.work_id, ar.work_id)
     order by n.created_at desc, n.id desc`,
    params,
  );
  const shown = rows.slice(0, input.limit);
  const last = shown[shown.length - 1];
  return {
    items: shown.map(toItem),
    next_cursor: rows.length > input.limit && last ? last.cursor : null,
  };
}

function toItem(r: Row): NotificationItem {
  return {
    id: r.id,
    kind: r.kind,
    at: new Date(r.at).toISOString(),
    read: r.read,
    actor: {
      id: r.actor_id,
      username: r.username,
      first_name: r.first_name,
      last_name: r.last_name,
      avatar_url: r.avatar_url,
    },
    others: r.actor_count - 1,
    review:
      r.review_id && r.review_work_id && r.review_title !== null
        ? { id: r.review_id, work_id: r.review_work_id, title: r.review_title }
        : null,
    activity: r.activity_id
      ? {
          id: r.activity_id,
          work:
            r.activity_work_id && r.activity_title !== null
              ? { id: r.activity_work_id, title: r.activity_title }
              : null,
        }
      : null,
  };
}

export async function markRead(q: Queryable, viewerId: string, notificationId: string): Promise<void> {
  const rows = await q.query(
    `update public.notifications set read_at = coalesce(read_at, now())
     where id = $1 and recipient_id = $2 returning 1`,
    [notificationId, viewerId],
  );
  if (rows.length === 0) throw notFound('Notification not found');
}

export async function markAllRead(q: Queryable, viewerId: string): Promise<void> {
  await q.query(
    'update public.notifications set read_at = now() where recipient_id = $1 and read_at is null',
    [viewerId],
  );
}
