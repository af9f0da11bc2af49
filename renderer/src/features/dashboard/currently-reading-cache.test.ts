import { describe, expect, it } from 'vitest';
import { applyLoggedEvent } from './currently-reading-cache';
import { eventFor, readingItem } from './testing/dashboard-data';

describe('applyLoggedEvent', () => {
  const first = readingItem({ pages: 200, current_page: 20, percent: 10 });
  const second = readingItem({ pages: 400, current_page: 100, percent: 25 });
  const ids = (item: typeof first) => ({ work_id: item.work.id, edition_id: item.edition.id });

  it('moves the book to the top with its new page and rounded percent', () => {
    const event = eventFor({ ...ids(second), event_type: 'progress', start_page: 100, end_page: 201 });
    const [top, next] = applyLoggedEvent([first, second], event);
    expect(top).toMatchObject({
      edition: second.edition,
      event_type: 'progress',
      current_page: 201,
      current_percent: null,
      percent: 50,
    });
    expect(top?.last_event_at).toBe(event.created_at);
    expect(next).toBe(first);
  });

  it('takes a recorded percentage as it is', () => {
    const event = eventFor({ ...ids(first), event_type: 'progress', start_percent: 10, end_percent: 66.6 });
    expect(applyLoggedEvent([first], event)[0]).toMatchObject({
      current_page: null,
      current_percent: 66.6,
      percent: 67,
    });
  });

  it('keeps the last location through a pause or resume without one', () => {
    const event = eventFor({ ...ids(first), event_type: 'pause' });
    expect(applyLoggedEvent([first], event)[0]).toMatchObject({
      event_type: 'pause',
      current_page: 20,
      percent: 10,
    });
  });

  it('removes a finished or abandoned book', () => {
    expect(
      applyLoggedEvent([first, second], eventFor({ ...ids(first), event_type: 'finish', end_page: 200 })),
    ).toEqual([second]);
    expect(applyLoggedEvent([first, second], eventFor({ ...ids(second), event_type: 'dnf' }))).toEqual([
      first,
    ]);
  });
});
