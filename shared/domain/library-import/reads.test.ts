import { describe, expect, it } from 'vitest';
import { canLogEvent } from '../reading-state';
import type { ReadingState } from '../reading-state';
import { eventsForReads } from './reads';
import type { ImportEvent } from './record';

const types = (events: ImportEvent[]) => events.map((e) => `${e.type}@${e.at.slice(0, 10)}`);

/**
 * Every sequence the importer writes follows the state machine in increasing time, except that a read
 * known only by its end is that finish (or dnf) alone: the file does not say when it began.
 */
function expectValid(events: ImportEvent[]) {
  let state: ReadingState = null;
  let last = '';
  for (const e of events) {
    const endOnly =
      (e.type === 'finish' || e.type === 'dnf') && (state === null || state === 'finish' || state === 'dnf');
    expect(endOnly || canLogEvent(state, e.type)).toBe(true);
    expect(e.at > last).toBe(true);
    state = e.type;
    last = e.at;
  }
}

describe('reads as progress events', () => {
  it('makes each read with both dates a start and a finish, oldest first, with no pages claimed', () => {
    const events = eventsForReads(
      'read',
      [
        { start: '2023-04-20', end: '2023-05-02' },
        { start: '2019-02-01', end: '2019-02-20' },
      ],
      '2019-01-01',
    );
    expect(types(events)).toEqual([
      'start@2019-02-01',
      'finish@2019-02-20',
      'start@2023-04-20',
      'finish@2023-05-02',
    ]);
    expect(events.every((e) => e.start_page === null && e.end_page === null)).toBe(true);
    expectValid(events);
  });

  it('keeps a same-day read the file dates at both ends in order', () => {
    const events = eventsForReads('read', [{ start: '2023-03-14', end: '2023-03-14' }], null);
    expect(types(events)).toEqual(['start@2023-03-14', 'finish@2023-03-14']);
    expectValid(events);
  });

  it('makes a read with only a finish date that finish alone: no start is invented', () => {
    const events = eventsForReads('read', [{ start: null, end: '2023-05-01' }], '2022-01-01');
    expect(types(events)).toEqual(['finish@2023-05-01']);
    expect(events[0]).toMatchObject({ end_page: null, start_page: null });
    expectValid(events);
  });

  it('ends the last read with dnf for did-not-finish', () => {
    const events = eventsForReads('dnf', [{ start: '2024-03-02', end: '2024-03-10' }], null);
    expect(types(events)).toEqual(['start@2024-03-02', 'dnf@2024-03-10']);
    expectValid(events);
  });

  it('gives an undated did-not-finish its shelving day, without a start', () => {
    const events = eventsForReads('dnf', [], '2024-03-01');
    expect(types(events)).toEqual(['dnf@2024-03-01']);
    expectValid(events);
  });

  it('leaves a paused book started then paused', () => {
    const events = eventsForReads('paused', [{ start: '2024-06-02', end: null }], '2024-06-01');
    expect(types(events)).toEqual(['start@2024-06-02', 'pause@2024-06-02']);
    expectValid(events);
  });

  it('starts a current read on the day it was added when the file has no start', () => {
    const events = eventsForReads('currently-reading', [], '2024-05-20');
    expect(types(events)).toEqual(['start@2024-05-20']);
    expectValid(events);
  });

  it('starts a current read again after an earlier read known by its end', () => {
    const events = eventsForReads('currently-reading', [{ start: null, end: '2021-07-04' }], '2024-05-20');
    expect(types(events)).toEqual(['finish@2021-07-04', 'start@2024-05-20']);
    expectValid(events);
  });

  it('writes nothing for an undated read or a to-read book', () => {
    expect(eventsForReads('read', [], '2024-01-01')).toEqual([]);
    expect(eventsForReads('to-read', [], '2024-01-01')).toEqual([]);
  });
});
