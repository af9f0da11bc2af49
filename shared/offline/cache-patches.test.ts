import { describe, expect, it } from 'vitest';
import type { CachedAnswer } from '@shared/desktop-bridge';
import { patchesForProgress } from './cache-patches';

const reading: CachedAnswer = {
  name: 'currently-reading',
  payload: {},
  savedAt: '2026-05-01T09:00:00.000Z',
  value: {
    items: [
      {
        edition: { id: 'e1', page_count: 400 },
        event_type: 'progress',
        last_event_at: 'x',
        current_page: 100,
        current_percent: null,
        percent: 25,
      },
      {
        edition: { id: 'e2', page_count: null },
        event_type: 'start',
        last_event_at: 'y',
        current_page: 1,
        current_percent: null,
        percent: 0,
      },
    ],
  },
};
const events = (payload: object): CachedAnswer => ({
  name: 'reading-events',
  payload,
  savedAt: '2026-05-01T09:00:00.000Z',
  value: { events: [{ id: 'old' }], next_cursor: null },
});
const event = (more: object) => ({ id: 'new', work_id: 'w1', edition_id: 'e1', created_at: 'now', ...more });

describe('patchesForProgress', () => {
  it('moves the book’s progress on the dashboard, by page or by percent', () => {
    const [byPage] = patchesForProgress(event({ event_type: 'progress', end_page: 200 }), [reading]);
    expect((byPage?.value as { items: unknown[] }).items[0]).toMatchObject({
      current_page: 200,
      percent: 50,
      last_event_at: 'now',
    });
    const [byPercent] = patchesForProgress(event({ event_type: 'progress', end_percent: 80 }), [reading]);
    expect((byPercent?.value as { items: unknown[] }).items[0]).toMatchObject({
      current_page: null,
      current_percent: 80,
      percent: 80,
    });
  });

  it('a finished book leaves the dashboard; other books stay', () => {
    const [patch] = patchesForProgress(event({ event_type: 'finish' }), [reading]);
    expect((patch?.value as { items: { edition: { id: string } }[] }).items.map((i) => i.edition.id)).toEqual(
      ['e2'],
    );
  });

  it('adds the event to the first page of the book’s events, and leaves other lists alone', () => {
    const patches = patchesForProgress(event({ event_type: 'pause' }), [
      events({ work_id: 'w1' }),
      events({ work_id: 'w2' }),
      events({ work_id: 'w1', after: 'cursor' }),
      events({ types: ['finish'] }),
      events({}),
    ]);
    expect(patches.map((p) => p.payload)).toEqual([{ work_id: 'w1' }, {}]);
    expect((patches[0]?.value as { events: { id: string }[] }).events.map((e) => e.id)).toEqual([
      'new',
      'old',
    ]);
  });
});
