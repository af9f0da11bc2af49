import { describe, expect, it } from 'vitest';
import { canLogEvent } from '../reading-state';
import type { ReadingState } from '../reading-state';
import { eventsForReads } from './reads';
import type { ImportEvent } from './record';

const types = (events: ImportEvent[]) => events.map((e) => `${e.type}@${e.at.slice(0, 10)}`);

/** Every sequence the importer writes must be one the state machine allows, in increasing time. */
function expectValid(events: ImportEvent[]) {
  let state: ReadingState = null;
  let last = '';
  for (const e of events) {
    expect(canLogEvent(state, e.type)).toBe(true);
    expect(e.at > last).toBe(true);
    state = e.type;
    last = e.at;
  }
}

describe('reads as progress events', () => {
  it('makes each dated read a start and a finish, oldest first', () => {
    const events = eventsForReads(
      'read',
      [
        { start: '2023-04-20', end: '2023-05-02' },
        { start: '2019-02-01', end: '2019-02-20' },
      ],
      300,
      '2019-01-01',
    );
    expect(types(events)).toEqual([
      'start@2019-02-01',
      'finish@2019-02-20',
      'start@2023-04-20',
      'finish@2023-05-02',
    ]);
    expect(events[1]?.end_page).toBe(300);
    expectValid(events);
  });

  it('keeps a same-day read in order', () => {
    const events = eventsForReads('read', [{ start: '2023-03-14', end: '2023-03-14' }], null, null);
    expect(types(events)).toEqual(['start@2023-03-14', 'finish@2023-03-14']);
    expectValid(events);
  });

  it('ends the last read with dnf for did-not-finish', () => {
    const events = eventsForReads('dnf', [{ start: '2024-03-02', end: '2024-03-10' }], 300, null);
    expect(types(events)).toEqual(['start@2024-03-02', 'dnf@2024-03-10']);
    expectValid(events);
  });

  it('leaves a paused book started then paused', () => {
    const events = eventsForReads('paused', [{ start: '2024-06-02', end: null }], 300, '2024-06-01');
    expect(types(events)).toEqual(['start@2024-06-02', 'pause@2024-06-02']);
    expectValid(events);
  });

  it('starts a current read on the day it was added when the file has no start', () => {
    const events = eventsForReads('currently-reading', [], 300, '2024-05-20');
    expect(types(events)).toEqual(['start@2024-05-20']);
    expectValid(events);
  });

  it('writes nothing for an undated read or a to-read book', () => {
    expect(eventsForReads('read', [], 300, '2024-01-01')).toEqual([]);
    expect(eventsForReads('to-read', [], 300, '2024-01-01')).toEqual([]);
  });
});
