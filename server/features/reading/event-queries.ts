// Reads of a reader's own progress events: the full event (reading-events, log-progress-event's answer)
// and the reading-log view of it. Newest first by (created_at, id), served by the 0015 indexes.
import type { ReadingEvent, ReadingLog } from '@shared/api/reading';
import type { ReadingEventType } from '@shared/domain/reading-state';
import type { Queryable } from '../../db/db';
import { coverUrl } from '../../db/cover-url';
import { afterCursor, cursorSql, pageOf } from './cursor';

const EVENT_COLUMNS = `e.id, e.user_id, e.created_at, e.event_type, e.start_page, e.end_page, e.start_percent,
  e.end_percent, e.edition_id, e.work_id, e.journal_md, e.is_public`;

export async function findEvent(
  db: Queryable,
  userId: string,
  eventId: string,
): Promise<ReadingEvent | null> {
  const rows = await db.query<ReadingEvent>(
    `select ${EVENT_COLUMNS}, json_build_object('id', ed.id, 'title', ed.title) as editions
     from public.reading_progress_events e join public.editions ed on ed.id = e.edition_id
     where e.id = $1 and e.user_id = $2`,
    [eventId, userId],
  );
  return rows[0] ?? null;
}

export interface EventFilter {
  types?: ReadingEventType[] | undefined;
  edition_id?: string | undefined;
  work_id?: string | undefined;
  limit: number;
  after?: string | undefined;
}

export async function listEvents(
  db: Queryable,
  userId: string,
  filter: EventFilter,
): Promise<{ events: ReadingEvent[]; next_cursor: string | null }> {
  const params: unknown[] = [userId];
  const where = ['e.user_id = $1'];
  if (filter.types) {
    params.push(filter.types);
    where.push(`e.event_type = any($${params.length}::text[])`);
  }
  if (filter.edition_id) {
    params.push(filter.edition_id);
    where.push(`e.edition_id = $${params.length}`);
  }
  if (filter.work_id) {
    params.push(filter.work_id);
    where.push(`e.work_id = $${params.length}`);
  }
  const cursor = afterCursor('e', filter.after, params);
  if (cursor) where.push(cursor);
  params.push(filter.limit + 1);
  const rows = await db.query<ReadingEvent & { cursor: string }>(
    `select ${EVENT_COLUMNS}, json_build_object('id', ed.id, 'title', ed.title) as editions, ${cursorSql('e')} as cursor
     from public.reading_progress_events e join public.editions ed on ed.id = e.edition_id
     where ${where.join(' and ')}
     order by e.created_at desc, e.id desc
     limit $${params.length}`,
    params,
  );
  const { rows: events, next_cursor } = pageOf(rows, filter.limit);
  return { events, next_cursor };
}

/**
 * The imported start just before an imported end on the same edition: the start of that read. Both
 * lookups walk reading_events_user_edition_idx from the event, one row each.
 */
export const PREVIOUS_ON_EDITION = `(
    select p.created_at, p.id, p.event_type, p.imported_read from public.reading_progress_events p
    where p.user_id = e.user_id and p.edition_id = e.edition_id and (p.created_at, p.id) < (e.created_at, e.id)
    order by p.created_at desc, p.id desc limit 1
  ) p where e.imported_read and e.event_type in ('finish', 'dnf') and p.imported_read and p.event_type = 'start'`;

/** Whether an imported start's next event on the edition is an imported end, whose line stands for both. */
const IMPORTED_END_FOLLOWS = `select 1 from (
    select n.event_type, n.imported_read from public.reading_progress_events n
    where n.user_id = e.user_id and n.edition_id = e.edition_id and (n.created_at, n.id) > (e.created_at, e.id)
    order by n.created_at, n.id limit 1
  ) n where n.imported_read and n.event_type in ('finish', 'dnf')`;

type LogRow = Omit<ReadingLog, 'editions'> & {
  edition_id: string;
  edition_title: string;
  cover_url: string | null;
  isbn: string | null;
  cursor: string;
};

export async function listReadingLogs(
  db: Queryable,
  userId: string,
  page: { limit: number; after?: string | undefined },
  coversBase: string,
): Promise<{ logs: ReadingLog[]; next_cursor: string | null }> {
  const params: unknown[] = [userId];
  const cursor = afterCursor('e', page.after, params);
  params.push(page.limit + 1);
  // An imported read is one line (issue 25): its end carries the start's date, and the start itself,
  // when the file gave one, is folded into that line rather than listed as an empty "Started".
  const rows = await db.query<LogRow>(
    `select e.id, e.created_at, e.event_type, e.journal_md, e.start_page, e.end_page, e.start_percent,
            e.end_percent, e.is_public, e.work_id, ed.id as edition_id, ed.title as edition_title,
            ed.cover_url, ed.isbn, e.imported_read as imported, ${cursorSql('e')} as cursor,
            (select p.created_at from ${PREVIOUS_ON_EDITION} limit 1) as read_started_at
     from public.reading_progress_events e join public.editions ed on ed.id = e.edition_id
     where e.user_id = $1 ${cursor ? `and ${cursor}` : ''}
       and not (e.imported_read and e.event_type = 'start' and exists (${IMPORTED_END_FOLLOWS}))
     order by e.created_at desc, e.id desc
     limit $${params.length}`,
    params,
  );
  const { rows: logs, next_cursor } = pageOf(rows, page.limit);
  return {
    next_cursor,
    logs: logs.map(({ edition_id, edition_title, cover_url, isbn, ...log }) => ({
      ...log,
      editions: { id: edition_id, title: edition_title, cover_url: coverUrl(cover_url, isbn, coversBase) },
    })),
  };
}
