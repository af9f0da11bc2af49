import { describe, expect, it } from 'vitest';
import { CHANGE_GUARD_MS, EDITOR_START_DELAY_MS, acceptsOutsideContent } from './outside-content';

const base = { incoming: '<p>new</p>', shown: '<p>old</p>', focused: false, emittingUntil: 0, now: 1000 };

describe('acceptsOutsideContent', () => {
  it('takes new content when the reader is elsewhere and nothing is being emitted', () => {
    expect(acceptsOutsideContent(base)).toBe(true);
    expect(acceptsOutsideContent({ ...base, incoming: null })).toBe(true);
  });

  it('refuses it while the reader is focused in the editor', () => {
    expect(acceptsOutsideContent({ ...base, focused: true })).toBe(false);
  });

  it('refuses it while a change is being emitted, for the 100 ms guard', () => {
    expect(CHANGE_GUARD_MS).toBe(100);
    expect(acceptsOutsideContent({ ...base, emittingUntil: 1000 + CHANGE_GUARD_MS })).toBe(false);
    expect(acceptsOutsideContent({ ...base, emittingUntil: 999 })).toBe(true);
  });

  it('has nothing to do when the content is what the editor shows', () => {
    expect(acceptsOutsideContent({ ...base, incoming: '<p>old</p>' })).toBe(false);
  });

  it('creates the editor 100 ms after mount', () => {
    expect(EDITOR_START_DELAY_MS).toBe(100);
  });
});
