// Test helper, not used by the app: reading logs and a signed-in fake backend for the page's tests.
import { screen } from '@testing-library/react';
import type { ReadingLog } from '@shared/api/reading';
import { fakeBackend, sessionFor } from '../../../testing/fake-backend';
import type { SfAnswers } from '../../../testing/fake-backend';

export function makeLog(n: number, values: Partial<ReadingLog> = {}): ReadingLog {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    created_at: `2025-03-0${n}T12:00:00.000Z`,
    event_type: 'progress',
    journal_md: null,
    start_page: null,
    end_page: null,
    start_percent: null,
    end_percent: null,
    is_public: true,
    work_id: '11111111-1111-4111-8111-111111111111',
    editions: { id: '22222222-2222-4222-8222-222222222222', title: `Book ${n}`, cover_url: null },
    imported: false,
    read_started_at: null,
    ...values,
  };
}

export const middlemarch = makeLog(4, {
  start_page: 10,
  end_page: 30,
  journal_md: '<p>Chapter one</p>',
  editions: { id: '33333333-3333-4333-8333-333333333333', title: 'Middlemarch', cover_url: null },
});
export const gilgamesh = makeLog(3, {
  start_percent: 5,
  end_percent: null,
  editions: { id: '44444444-4444-4444-8444-444444444444', title: 'The Epic of Gilgamesh', cover_url: null },
});
export const untitled = makeLog(2, {
  editions: { id: '55555555-5555-4555-8555-555555555555', title: '', cover_url: null },
});

export type Answers = SfAnswers;

export function signedIn(logs: ReadingLog[], more: Answers = {}) {
  return fakeBackend({
    session: sessionFor(),
    sf: {
      'list-reading-logs': () => ({ logs, next_cursor: null }),
      'update-reading-log': () => ({ ok: true }),
      'delete-reading-log': () => ({ ok: true }),
      ...more,
    },
  });
}

export const saveStatus = () => screen.getByRole('status', { name: 'Save status' });
// Generous waits: the page's code loads lazily, and the test machine is shared.
export const SLOW = { timeout: 5000 };
export const logList = () => screen.findByRole('list', { name: 'Reading logs' }, SLOW);
export const detailHeading = (name: string) => screen.findByRole('heading', { level: 2, name }, SLOW);

/** Autosave waits 2 s after the last change. */
export const AUTOSAVE_WAIT = { timeout: 6000 };
