// One progress event as the reading figures read it (shared/domain/reading-stats.ts), for tests: an event of
// a 300-page edition of one work, with no pages or percent unless `values` gives them.
import type { StatsEvent } from '../reading-stats';

export const statsEvent = (
  event_type: StatsEvent['event_type'],
  created_at: string,
  values: Partial<StatsEvent> = {},
): StatsEvent => ({
  edition_id: 'ed-1',
  work_id: 'work-1',
  page_count: 300,
  start_page: null,
  end_page: null,
  start_percent: null,
  end_percent: null,
  event_type,
  created_at,
  ...values,
});
