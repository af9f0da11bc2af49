// The public profile page (/user/{username}): what anyone may see of a reader whose account is public (its
// e-mail confirmed). Shelves are public, counted without what private reading events put on them; of the
// reading progress only events marked public count, so a private update (is_public false) never shows here,
// not even indirectly through the "currently reading" list, its progress or the shelf counts.
import { PUBLIC_PROFILE_SHELVES_LIMIT, PUBLIC_READING_LIMIT } from '@shared/api/profiles';
import type { ResponseOf } from '@shared/api/endpoints';
import type { Queryable } from '../../db/db';
import { notFound } from '../../http/errors';
import { coverUrl } from '../../db/cover-url';
import { publicShelvesWithCounts } from '../shelves/shelf-reads';
import { isPublicAccount } from './public-account';

type PublicProfile = ResponseOf<'public-profile'>;

interface ReadingRow {
  edition_id: string;
  work_id: string;
  title: string;
  page_count: number | null;
  cover_url: string | null;
  isbn: string | null;
  author: { id: string; name: string } | null;
  percent: number | null;
  page: number | null;
}

const firstAuthor = (
  join: 'edition_authors' | 'work_authors',
  key: 'edition_id' | 'work_id',
  owner: string,
) => `
  (select json_build_object('id', a.id, 'name', a.name)
   from public.${join} x join public.authors a on a.id = x.author_id
   where x.${key} = ${owner} order by x.position, a.name limit 1)`;

/**
 * Editions whose latest public event is not finish/dnf, newest first, with the position of the latest
 * public event since the latest public start that has one, so a pause without a position keeps the last.
 */
async function currentlyReading(q: Queryable, userId: string): Promise<ReadingRow[]> {
  return q.query<ReadingRow>(
    `with latest as (
       select distinct on (ev.edition_id) ev.edition_id, ev.work_id, ev.event_type, ev.created_at
       from public.reading_progress_events ev
       where ev.user_id = $1 and ev.is_public
       order by ev.edition_id, ev.created_at desc, ev.id desc
     ), reading as (
       select * from latest where event_type not in ('finish', 'dnf') order by created_at desc limit $2
     )
     select r.edition_id, r.work_id, e.title, e.page_count, e.cover_url, e.isbn,
            coalesce(${firstAuthor('edition_authors', 'edition_id', 'e.id')},
                     ${firstAuthor('work_authors', 'work_id', 'r.work_id')}) as author,
            pos.percent, pos.page
     from reading r
     join public.editions e on e.id = r.edition_id
     left join lateral (
       select coalesce(p.end_percent, p.start_percent) as percent, coalesce(p.end_page, p.start_page) as page
       from public.reading_progress_events p
       where p.user_id = $1 and p.edition_id = r.edition_id and p.is_public
         and coalesce(p.end_percent, p.start_percent, p.end_page, p.start_page) is not null
         and p.created_at >= coalesce(
           (select max(s.created_at) from public.reading_progress_events s
            where s.user_id = $1 and s.edition_id = r.edition_id and s.is_public and s.event_type = 'start'),
           '-infinity'::timestamptz)
       order by p.created_at desc, p.id desc
       limit 1
     ) pos on true
     order by r.created_at desc, r.edition_id`,
    [userId, PUBLIC_READING_LIMIT],
  );
}

/** Percent if known, else page / page_count; 0 when neither is known; always a whole number 0..100. */
export function progressPercent(
  percent: number | null,
  page: number | null,
  pageCount: number | null,
): number {
  const raw = percent ?? (page !== null && pageCount ? (page / pageCount) * 100 : 0);
  return Math.min(100, Math.max(0, Math.round(raw)));
}

/**
 * The profile as anyone sees it (`full` false: a reader who approves followers shows only the header), or
 * in full (`full` true: for that reader and their followers, decided by the caller through the visibility
 * rule, server/features/social/follower-profile.ts).
 */
export async function publicProfile(
  q: Queryable,
  username: string,
  coversBase: string,
  full = false,
): Promise<PublicProfile> {
  const profiles = await q.query<
    PublicProfile['profile'] & { restricted: boolean; followers: number; following: number }
  >(
    `select p.id, p.username, p.first_name, p.last_name, p.avatar_url, p.follow_policy = 'approve' as restricted,
            (select count(*)::int from public.follows f where f.followee_id = p.id and f.state = 'accepted')
              as followers,
            (select count(*)::int from public.follows f where f.follower_id = p.id and f.state = 'accepted')
              as following
     from public.profiles p
     where lower(p.username) = lower($1) and ${isPublicAccount('p.id')}`,
    [username],
  );
  const row = profiles[0];
  if (!row) throw notFound('Profile not found');
  const { restricted, followers, following, ...profile } = row;
  const header = { profile, followers, following, restricted: restricted && !full };
  if (header.restricted) {
    return {
      ...header,
      shelves: [],
      shelves_total: 0,
      reading: [],
      reviews: 0,
      ratings: 0,
      avg_rating: null,
    };
  }

  const [shelves, reading, stats] = await Promise.all([
    publicShelvesWithCounts(q, profile.id, PUBLIC_PROFILE_SHELVES_LIMIT),
    currentlyReading(q, profile.id),
    q.query<{ reviews: number; ratings: number; avg_rating: number | null }>(
      `select count(*) filter (where headline <> '' or coalesce(review_body, '') <> '')::int as reviews,
              count(*)::int as ratings, round(avg(rating), 2) as avg_rating
       from public.reviews where user_id = $1`,
      [profile.id],
    ),
  ]);
  const { reviews = 0, ratings = 0, avg_rating = null } = stats[0] ?? {};
  return {
    ...header,
    shelves: shelves.shelves,
    shelves_total: shelves.total,
    reading: reading.map((r) => ({
      edition_id: r.edition_id,
      work_id: r.work_id,
      title: r.title,
      author: r.author,
      cover_url: coverUrl(r.cover_url, r.isbn, coversBase),
      page_count: r.page_count,
      progress_percent: progressPercent(r.percent, r.page, r.page_count),
    })),
    reviews,
    ratings,
    avg_rating,
  };
}
