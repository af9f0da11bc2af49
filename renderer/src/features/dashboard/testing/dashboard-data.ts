// Answers shaped like the server's, and a backend giving them, for the dashboard's tests only.
import type { ReadingGoal } from '@shared/api/goals';
import type { CurrentlyReadingItem, ReadingEvent } from '@shared/api/reading';
import { screen } from '@testing-library/react';
import { fakeBackend, sessionFor } from '../../../testing/fake-backend';
import type { SfAnswers } from '../../../testing/fake-backend';
import { renderApp } from '../../../testing/render-app';
import type { LogProgressRequest } from '../progress-form';

let counter = 0;
const uuid = (n: number) => `00000000-0000-4000-8000-${n.toString().padStart(12, '0')}`;

export function readingItem(
  overrides: Partial<CurrentlyReadingItem> & { title?: string; pages?: number | null } = {},
) {
  counter += 1;
  const { title = `Book ${counter}`, pages = 300, ...rest } = overrides;
  const page = rest.current_page === undefined ? 50 : rest.current_page;
  const item: CurrentlyReadingItem = {
    edition: { id: uuid(1000 + counter), title, page_count: pages, cover_url: null },
    work: { id: uuid(2000 + counter), title },
    author: { id: uuid(3000 + counter), name: `Author ${counter}` },
    event_type: 'progress',
    last_event_at: '2025-06-01T10:00:00.000Z',
    current_page: 50,
    current_percent: null,
    percent: pages && page ? Math.round((page / pages) * 100) : 0,
    ...rest,
  };
  return item;
}

/** The event the server would answer for a logged request. */
export function eventFor(request: LogProgressRequest): ReadingEvent {
  return {
    id: uuid(9000 + (counter += 1)),
    user_id: uuid(1),
    created_at: new Date().toISOString(),
    event_type: request.event_type,
    start_page: request.start_page ?? null,
    end_page: request.end_page ?? null,
    start_percent: request.start_percent ?? null,
    end_percent: request.end_percent ?? null,
    edition_id: request.edition_id,
    work_id: request.work_id,
    journal_md: request.journal_md ?? null,
    is_public: request.is_public ?? true,
    editions: { id: request.edition_id, title: 'Edition' },
  };
}

/** A signed-in reader's backend with the dashboard's endpoints, keeping goals as the server would. */
export function dashboardBackend(
  options: {
    items?: CurrentlyReadingItem[];
    goals?: ReadingGoal[];
    streak?: number;
    year?: number;
    sf?: SfAnswers;
  } = {},
) {
  const year = options.year ?? 2025;
  let goals = [...(options.goals ?? [])];
  return fakeBackend({
    session: sessionFor(),
    sf: {
      'currently-reading': () => ({ items: options.items ?? [] }),
      'reading-goals': () => ({ year, goals }),
      'reading-streak': () => ({ streak: options.streak ?? 0 }),
      'friends-activity': () => ({ items: [], next_cursor: null, following: 0 }),
      'reader-suggestions': () => ({ readers: [] }),
      'recommended-works': () => ({
        items: [1, 2, 3].map((n) => ({
          work_id: `00000000-0000-4000-8000-00000000070${n}`,
          title: `Recommended ${n}`,
          author_names: 'An Author',
          cover_url: null,
          rating_average: 4.5,
          rating_count: 10,
          rank: n,
          reason_facts: { kind: 'genres' as const, genres: ['Fantasy'] },
          reason: 'In genres you like: Fantasy',
        })),
        next_cursor: null,
        refreshed_at: null,
        new_reader: false,
      }),
      'log-progress-event': (payload) => ({ ok: true, event: eventFor(payload as LogProgressRequest) }),
      'set-reading-goal': (payload) => {
        const { goal_type, target_qty } = payload as Pick<ReadingGoal, 'goal_type' | 'target_qty'>;
        const kept = goals.filter((g) => g.goal_type !== goal_type);
        const progress = goals.find((g) => g.goal_type === goal_type)?.progress ?? 0;
        goals = [...kept, { goal_year: year, goal_type, target_qty, progress }];
        return { ok: true };
      },
      ...options.sf,
    },
  });
}

/**
 * Opens the dashboard and waits for it. Its first mount loads the app's lazy routes, which on a busy
 * machine takes longer than Testing Library's 1 s default.
 */
export async function openDashboard(backend: ReturnType<typeof fakeBackend>, path = '/') {
  const view = renderApp(path, backend);
  await screen.findByRole('heading', { name: 'Reading Dashboard' }, { timeout: 10_000 });
  return view;
}
