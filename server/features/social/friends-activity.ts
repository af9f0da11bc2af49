// Friends Activity: what the readers the caller follows did, newest first, read when asked by fan-in over
// the activities table (migration 0121; docs/community.md says why not fan-out on write), along
// (user_id, created_at, id), the visibility rule deciding per reader and per line; titles, ratings and
// names are looked up for the page's lines alone.
import type { ResponseOf } from '@shared/api/endpoints';
import type { ActivityItem, ActivityKind } from '@shared/api/social';
import type { Queryable } from '../../db/db';
import { one } from '../../db/db';
import { coverUrl } from '../../db/cover-url';
import { lineVisibleSql, readerVisibleSql, visibleSql } from './visibility-sql';

interface LineRow {
  id: string;
  kind: ActivityKind;
  at: string;
  cursor: string;
  user_id: string;
  username: string;
  first_name: string | null;
  last_name: string | null;
  avatar_url: string | null;
  work_id: string | null;
  title: string | null;
  verified: boolean | null;
  cover_url: string | null;
  isbn: string | null;
  rating: string | number | null;
  headline: string | null;
  review_id: string | null;
  shelf_id: string | null;
  shelf_name: string | null;
  book_count: number | null;
  goal_year: number | null;
  goal_target: number | null;
  following: number;
}

export async function friendsActivity(
  q: Queryable,
  viewerId: string,
  input: { limit: number; after?: string | undefined },
  coversBase: string,
): Promise<ResponseOf<'friends-activity'>> {
  const params: unknown[] = [viewerId, input.limit + 1];
  let after = '';
  if (input.after) {
    const [at, id] = input.after.split('|');
    params.push(at, id);
    after = 'and (a.created_at, a.id) < ($3::timestamptz, $4::uuid)';
  }
  const terms = { viewer: '$1::uuid', reader: 'fo.followee_id', eventPublic: 'a.is_public' };
  // Only the `limit` followed readers whose newest visible lines (after the cursor) are newest can hold
  // the page: each of them has a line at least as new as the last of them, and everyone else's lines are
  // older. So each followed reader costs one index probe; the rule's reader half is asked, in that order,
  // only until `limit` readers pass it; and only their lines are read, `limit` each.
  const rows = await q.query<LineRow>(
    `with heads as (
       select fo.followee_id, h.created_at, h.id from public.follows fo
       cross join lateral (
         select a.created_at, a.id from public.activities a
         where a.user_id = fo.followee_id ${after} and ${lineVisibleSql('activity', terms)}
         order by a.created_at desc, a.id desc
         limit 1
       ) h
       where fo.follower_id = $1 and fo.state = 'accepted'
       order by h.created_at desc, h.id desc
       offset 0
     ), chosen as (
       select fo.followee_id from heads fo where ${readerVisibleSql('activity', terms)} limit $2
     ), newest as (
       select a.created_at, a.id from chosen fo
       cross join lateral (
         select a.created_at, a.id from public.activities a
         where a.user_id = fo.followee_id ${after} and ${visibleSql('activity', terms)}
         order by a.created_at desc, a.id desc
         limit $2
       ) a
       order by a.created_at desc, a.id desc
       limit $2
     ), page as (
       select a.* from newest n join public.activities a on a.id = n.id
     )
     select a.id, a.kind, a.created_at as at,
            to_char(a.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || '|' || a.id as cursor,
            p.id as user_id, p.username, p.first_name, p.last_name, p.avatar_url,
            w.id as work_id, w.title, w.verified, e.cover_url, e.isbn,
            r.rating, nullif(r.headline, '') as headline, r.id as review_id,
            s.id as shelf_id, s.name as shelf_name, a.book_count, a.goal_year, a.goal_target,
            (select count(*)::int from public.follows f where f.follower_id = $1 and f.state = 'accepted')
              as following
     from page a
     join public.profiles p on p.id = a.user_id
     left join public.reading_progress_events ev on ev.id = a.event_id
     left join public.reviews rv on rv.id = a.review_id
     left join public.shelves s on s.id = a.shelf_id
     left join public.editions e on e.id = coalesce(ev.edition_id, rv.edition_id,
                                                   case when a.book_count = 1 then a.edition_ids[1] end)
     left join public.works w on w.id = coalesce(ev.work_id, rv.work_id, e.work_id)
     left join public.reviews own on own.id = a.review_id
     left join public.reviews fin on a.kind = 'finish' and fin.user_id = a.user_id and fin.work_id = ev.work_id
     cross join lateral (select coalesce(own.id, fin.id) as id, coalesce(own.rating, fin.rating) as rating,
                                coalesce(own.headline, fin.headline) as headline) r
     order by a.created_at desc, a.id desc`,
    params,
  );
  const shown = rows.slice(0, input.limit);
  const last = shown[shown.length - 1];
  // The count rides on the page's rows; an empty page asks for it alone.
  const following =
    rows[0]?.following ??
    (
      await one<{ n: number }>(
        q,
        `select count(*)::int as n from public.follows where follower_id = $1 and state = 'accepted'`,
        [viewerId],
      )
    ).n;
  return {
    items: shown.map((r) => toItem(r, coversBase)),
    next_cursor: rows.length > input.limit && last ? last.cursor : null,
    following,
  };
}

function toItem(r: LineRow, coversBase: string): ActivityItem {
  return {
    id: r.id,
    kind: r.kind,
    at: new Date(r.at).toISOString(),
    reader: {
      id: r.user_id,
      username: r.username,
      first_name: r.first_name,
      last_name: r.last_name,
      avatar_url: r.avatar_url,
    },
    work:
      r.work_id && r.title
        ? {
            id: r.work_id,
            title: r.title,
            cover_url: coverUrl(r.cover_url, r.isbn, coversBase),
            verified: r.verified !== false,
          }
        : null,
    rating: r.rating === null ? null : Number(r.rating),
    headline: r.headline,
    review_id: r.review_id,
    shelf: r.shelf_id && r.shelf_name ? { id: r.shelf_id, name: r.shelf_name } : null,
    book_count: r.book_count,
    goal:
      r.goal_year !== null && r.goal_target !== null ? { year: r.goal_year, target: r.goal_target } : null,
  };
}
