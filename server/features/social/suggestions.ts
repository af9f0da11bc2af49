// "Readers you may like": readers who finished or rated many of the books the caller finished or rated, then
// readers followed by those the caller follows. Read when asked, from bounded inputs (the caller's latest
// books and follows), each candidate passing the visibility rule's suggestion surface.
import type { ResponseOf } from '@shared/api/endpoints';
import { SUGGESTIONS_LIMIT } from '@shared/api/social';
import type { Queryable } from '../../db/db';
import { visibleSql } from './visibility-sql';

/** How many of the caller's latest books and follows are looked through. */
const MY_BOOKS = 200;
const MY_FOLLOWS = 200;

interface Row {
  id: string;
  username: string;
  first_name: string | null;
  last_name: string | null;
  avatar_url: string | null;
  reason: 'shared_books' | 'followed_by_following';
  count: number;
}

export async function readerSuggestions(
  q: Queryable,
  viewerId: string,
): Promise<ResponseOf<'reader-suggestions'>> {
  const rows = await q.query<Row>(
    `with my_books as (
       select work_id from (
         select work_id, created_at from public.reading_progress_events
         where user_id = $1 and event_type = 'finish'
         union all
         select work_id, created_at from public.reviews where user_id = $1
       ) b group by work_id order by max(created_at) desc limit ${MY_BOOKS}
     ), shared as (
       select o.user_id, count(distinct o.work_id)::int as n from (
         select ev.user_id, ev.work_id from public.reading_progress_events ev
         join my_books m on m.work_id = ev.work_id
         where ev.event_type = 'finish' and ev.is_public
         union all
         select r.user_id, r.work_id from public.reviews r join my_books m on m.work_id = r.work_id
       ) o group by o.user_id
     ), my_follows as (
       select followee_id from public.follows where follower_id = $1 and state = 'accepted'
       order by accepted_at desc limit ${MY_FOLLOWS}
     ), second as (
       select f.followee_id as user_id, count(*)::int as n
       from my_follows m join public.follows f on f.follower_id = m.followee_id and f.state = 'accepted'
       group by f.followee_id
     ), candidates as (
       select user_id, 'shared_books' as reason, n, 0 as rank from shared
       union all
       select user_id, 'followed_by_following', n, 1 from second
     ), best as (
       select distinct on (c.user_id) c.user_id, c.reason, c.n, c.rank from candidates c
       where c.user_id <> $1
         and not exists (select 1 from public.follows f where f.follower_id = $1 and f.followee_id = c.user_id)
       order by c.user_id, c.rank, c.n desc
     )
     select p.id, p.username, p.first_name, p.last_name, p.avatar_url, b.reason, b.n as count
     from best b join public.profiles p on p.id = b.user_id
     where ${visibleSql('suggestion', { viewer: '$1::uuid', reader: 'p.id' })}
     order by b.rank, b.n desc, p.username
     limit ${SUGGESTIONS_LIMIT}`,
    [viewerId],
  );
  return {
    readers: rows.map(({ reason, count, ...reader }) => ({ reader, reason, count })),
  };
}
