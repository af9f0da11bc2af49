// The events stats, goals and the streak are computed from (shared/domain/reading-stats.ts): all of the
// reader's events, private ones included, oldest first, each with its edition's page count.
import type { StatsEvent } from '@shared/domain/reading-stats';
import type { Queryable } from '../../db/db';

export function loadStatsEvents(db: Queryable, userId: string): Promise<StatsEvent[]> {
  return db.query<StatsEvent>(
    `select e.edition_id, e.work_id, e.event_type, e.created_at, e.start_page, e.end_page, e.start_percent,
            e.end_percent, ed.page_count
     from public.reading_progress_events e join public.editions ed on ed.id = e.edition_id
     where e.user_id = $1
     order by e.created_at, e.id`,
    [userId],
  );
}
