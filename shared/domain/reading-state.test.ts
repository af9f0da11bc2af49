import { describe, expect, it } from 'vitest';
import type { ReadingEventType, ReadingState } from './reading-state';
import {
  READING_EVENT_TYPES,
  allowedNextEvents,
  canLogEvent,
  isInProgress,
  transitionErrorMessage,
  workPageAction,
} from './reading-state';

// SPEC.md §4, written out as a table so every pair is checked.
const ALLOWED: Record<string, ReadingEventType[]> = {
  none: ['start'],
  start: ['progress', 'pause', 'finish', 'dnf'],
  progress: ['progress', 'pause', 'finish', 'dnf'],
  pause: ['resume'],
  resume: ['progress', 'pause', 'finish', 'dnf'],
  finish: ['start'],
  dnf: ['start'],
};

describe('reading state machine', () => {
  const states: ReadingState[] = [null, ...READING_EVENT_TYPES];
  for (const state of states) {
    for (const next of READING_EVENT_TYPES) {
      const expected = ALLOWED[state ?? 'none']?.includes(next) ?? false;
      it(`${state ?? 'none'} -> ${next} is ${expected ? 'allowed' : 'refused'}`, () => {
        expect(canLogEvent(state, next)).toBe(expected);
      });
    }
  }

  it('lists the allowed next events in a stable order', () => {
    expect(allowedNextEvents(null)).toEqual(['start']);
    expect(allowedNextEvents('pause')).toEqual(['resume']);
    expect(allowedNextEvents('progress')).toEqual(['progress', 'pause', 'finish', 'dnf']);
  });

  it('counts started, progressing, paused and resumed as in progress, not finished or dnf', () => {
    expect([null, ...READING_EVENT_TYPES].filter(isInProgress)).toEqual([
      'start',
      'progress',
      'pause',
      'resume',
    ]);
  });

  it('explains a refused event with the current state and what may come next', () => {
    expect(transitionErrorMessage('pause', 'progress')).toBe(
      "Cannot log 'progress': this edition is paused. Allowed next: resume.",
    );
    expect(transitionErrorMessage(null, 'finish')).toBe(
      "Cannot log 'finish': this edition is not started. Allowed next: start.",
    );
    expect(transitionErrorMessage('dnf', 'pause')).toBe(
      "Cannot log 'pause': this edition is did not finish. Allowed next: start.",
    );
  });
});

describe('work page action', () => {
  const A = 'edition-a';
  const B = 'edition-b';
  it('offers start when nothing is active', () => {
    expect(workPageAction(A, null, null)).toBe('none');
    expect(workPageAction(A, 'finish', { edition_id: A, event_type: 'finish' })).toBe('none');
    expect(workPageAction(A, 'dnf', { edition_id: B, event_type: 'finish' })).toBe('none');
  });

  it('offers resume when this edition is paused and shows active otherwise', () => {
    expect(workPageAction(A, 'pause', { edition_id: A, event_type: 'pause' })).toBe('paused');
    for (const state of ['start', 'progress', 'resume'] as const) {
      expect(workPageAction(A, state, { edition_id: A, event_type: state })).toBe('active');
    }
  });

  it('hides start while another edition of the work is being read (paused included)', () => {
    expect(workPageAction(A, null, { edition_id: B, event_type: 'progress' })).toBe('another-edition-active');
    expect(workPageAction(A, 'finish', { edition_id: B, event_type: 'pause' })).toBe(
      'another-edition-active',
    );
  });
});
