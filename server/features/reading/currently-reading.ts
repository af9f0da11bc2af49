// The dashboard's Currently Reading list: editions whose latest event is not finish/dnf, newest first. One
// statement: the latest event per edition by `distinct on` over (user_id, edition_id, created_at desc, id
// desc), then per listed edition (at most `limit`) the current reading's start, its latest location and
// the first author through lateral joins.
import type { CurrentlyReadingItem } from '@shared/api/reading';
import { currentProgress } from '@shared/domain/progress';
import type { ReadingEventType } from '@shared/domain/reading-state';
import type { Queryable } from '../../db/db';
import { coverUrl } from '../../db/cover-url';

export const DASHBOARD_LIMIT = 10;

interface Row {
  event_type: ReadingEventType;
  last_event_at: string;
  edition_id: string;
  edition_title: string;
  page_count: number | null;
  cover_url: string | null;
  isbn: string | null;
  work_id: string;
  work_title: string;
  author_id: string | null;
  author_name: string | null;
  start_page: number | null;
  end_page: number | null;
  start_percent: number | null;
  end_percent: number | null;
}

/**
 * `publicOnly` reads only public events, as others may see them (a public profile): private updates then
 * neither appear nor move the progress shown.
 */
export async function listCurrentlyReading(
  db: Queryable,
  userId: string,
  options: { coversBase: string; publicOnly?: boolean; limit?: number },
): Promise<CurrentlyReadingItem[]> {
  const visible = (alias: string) => (options.publicOnly ? `and ${alias}.is_public` : '');
  const rows = await db.query<Row>(
    `with latest as (
       select distinct on (e.edition_id) e.id, e.edition_id, e.event_type, e.created_at
       from public.reading_progress_events e
       where e.user_id = $1 ${visible('e')}
       order by e.edition_id, e.created_at desc, e.id desc
     ), reading as (
       select * from latest where event_type not in ('finish', 'dnf')
       order by created_at desc, id desc limit $2
     )
     select r.event_type, r.created_at as last_event_at, ed.id as edition_id, ed.title as edition_title,
            ed.page_count, ed.cover_url, ed.isbn, w.id as work_id, w.title as work_title,
            au.id as author_id, au.name as author_name,
            pos.start_page, pos.end_page, pos.start_percent, pos.end_percent
     from reading r
     join public.editions ed on ed.id = r.edition_id
     join public.works w on w.id = ed.work_id
     left join lateral (
       select s.created_at, s.id from public.reading_progress_events s
       where s.user_id = $1 and s.edition_id = r.edition_id and s.event_type = 'start' ${visible('s')}
       order by s.created_at desc, s.id desc limit 1
     ) st on true
     left join lateral (
       select p.start_page, p.end_page, p.start_percent, p.end_percent from public.reading_progress_events p
       where p.user_id = $1 and p.edition_id = r.edition_id ${visible('p')}
         and (p.start_page is not null or p.end_page is not null
              or p.start_percent is not null or p.end_percent is not null)
         and (st.id is null or (p.created_at, p.id) >= (st.created_at, st.id))
       order by p.created_at desc, p.id desc limit 1
     ) pos on true
     left join lateral (
       select a.id, a.name from (
         select ea.author_id, 0 as source, ea.position from public.edition_authors ea where ea.edition_id = ed.id
         union all
         select wa.author_id, 1, wa.position from public.work_authors wa where wa.work_id = w.id
       ) x join public.authors a on a.id = x.author_id
       order by x.source, x.position, a.name limit 1
     ) au on true
     order by r.created_at desc, r.id desc`,
    [userId, options.limit ?? DASHBOARD_LIMIT],
  );
  return rows.map((r) => {
    const hasPosition = [r.start_page, r.end_page, r.start_percent, r.end_percent].some((v) => v != null);
    const progress = currentProgress(hasPosition ? r : null, r.page_count);
    return {
      edition: {
        id: r.edition_id,
        title: r.edition_title,
        page_count: r.page_count,
        cover_url: coverUrl(r.cover_url, r.isbn, options.coversBase),
      },
      work: { id: r.work_id, title: r.work_title },
      author: r.author_id && r.author_name ? { id: r.author_id, name: r.author_name } : null,
      event_type: r.event_type,
      last_event_at: r.last_event_at,
      current_page: progress.page,
      current_percent: progress.exact_percent,
      percent: progress.percent,
    };
  });
}
