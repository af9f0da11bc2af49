// The /hometemplate sample's hard-coded data (SPEC.md §1: mock pages with hard-coded sample data that make
// no real calls): three books in different states, two goals and a streak.
import type { ReadingGoal } from '@shared/api/goals';
import type { CurrentlyReadingItem } from '@shared/api/reading';

const sampleItem = (
  n: number,
  title: string,
  author: string,
  pageCount: number | null,
  state: Pick<CurrentlyReadingItem, 'event_type' | 'current_page' | 'current_percent' | 'percent'>,
): CurrentlyReadingItem => ({
  edition: { id: `00000000-0000-4000-8000-00000000010${n}`, title, page_count: pageCount, cover_url: null },
  work: { id: `00000000-0000-4000-8000-00000000020${n}`, title },
  author: { id: `00000000-0000-4000-8000-00000000030${n}`, name: author },
  last_event_at: `2025-01-0${n}T09:00:00.000Z`,
  ...state,
});

export const TEMPLATE_BOOKS: CurrentlyReadingItem[] = [
  sampleItem(1, 'The Name of the Wind', 'Patrick Rothfuss', 662, {
    event_type: 'progress',
    current_page: 248,
    current_percent: null,
    percent: 37,
  }),
  sampleItem(2, 'Dune', 'Frank Herbert', null, {
    event_type: 'progress',
    current_page: null,
    current_percent: 62,
    percent: 62,
  }),
  sampleItem(3, 'Circe', 'Madeline Miller', 393, {
    event_type: 'pause',
    current_page: 120,
    current_percent: null,
    percent: 31,
  }),
];

export const templateGoals = (year: number): ReadingGoal[] => [
  { goal_year: year, goal_type: 'books', target_qty: 24, progress: 9 },
  { goal_year: year, goal_type: 'pages', target_qty: 8000, progress: 2650 },
];

export const TEMPLATE_STREAK = 5;
