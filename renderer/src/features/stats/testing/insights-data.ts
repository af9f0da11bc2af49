// A reader's history for the /stats tests, answered through the very figures the server computes
// (shared/domain/reading-insights.ts), so the page is tested against real shapes and real numbers.
import type { ReadingInsightsResponse } from '@shared/api/insights';
import type { InsightsPeriod, InsightWork } from '@shared/domain/reading-insights';
import { computeReadingInsights } from '@shared/domain/reading-insights';
import type { StatsEvent } from '@shared/domain/reading-stats';
import { statsEvent } from '@shared/domain/testing/stats-event';

export const WORKS = {
  dune: '00000000-0000-4000-8000-000000000001',
  emma: '00000000-0000-4000-8000-000000000002',
  omens: '00000000-0000-4000-8000-000000000003',
} as const;
const EDITION = (n: number) => `00000000-0000-4000-9000-00000000000${n}`;
const AUTHOR = '00000000-0000-4000-a000-000000000001';

const event = (
  n: number,
  event_type: StatsEvent['event_type'],
  created_at: string,
  values: Partial<StatsEvent> = {},
): StatsEvent =>
  statsEvent(event_type, created_at, {
    edition_id: EDITION(n),
    work_id: Object.values(WORKS)[n - 1] as string,
    page_count: [600, 474, 432][n - 1] ?? null,
    ...values,
  });

/** Dune in March of the current year; Good Omens two years before. */
export function historyEvents(currentYear: number): StatsEvent[] {
  const y = currentYear;
  return [
    event(3, 'start', `${y - 2}-06-01T10:00:00Z`),
    event(3, 'finish', `${y - 2}-06-04T10:00:00Z`, { start_page: 1, end_page: 432 }),
    event(1, 'start', `${y}-03-01T10:00:00Z`),
    event(1, 'progress', `${y}-03-02T10:00:00Z`, { start_page: 1, end_page: 300 }),
    event(1, 'finish', `${y}-03-03T10:00:00Z`, { end_page: 600 }),
  ];
}

const works = new Map<string, InsightWork>([
  [
    WORKS.dune,
    { title: 'Dune', genres: ['Science Fiction'], authors: [{ id: AUTHOR, name: 'Frank Herbert' }] },
  ],
  [WORKS.emma, { title: 'Emma', genres: ['Classics'], authors: [] }],
  [WORKS.omens, { title: 'Good Omens', genres: ['Fantasy', 'Humor'], authors: [] }],
]);

export function insightsAnswer(
  events: readonly StatsEvent[],
  period: InsightsPeriod,
  now = new Date(),
): ReadingInsightsResponse {
  return computeReadingInsights({
    events,
    works,
    covers: new Map(),
    reviews: [{ work_id: WORKS.dune, rating: 4.5, tone_q: 4, pace_q: 3, story_focus_q: 1, moods: [1, 10] }],
    goals: period === now.getFullYear() ? [{ goal_type: 'books', target_qty: 12 }] : [],
    communityAverages: new Map([[WORKS.dune, 4.2]]),
    timeZone: 'UTC',
    period,
    now,
  });
}
