import { describe, expect, it } from 'vitest';
import { acceptsOutsideContent } from './outside-content';

const base = { incoming: '<p>new</p>', shown: '<p>old</p>', focused: false, emittingUntil: 0, now: 1000 };

describe('acceptsOutsideContent', () => {
  it('takes new content when the reader is elsewhere and nothing is being emitted', () => {
    expect(acceptsOutsideContent(base)).toBe(true);
    expect(acceptsOutsideContent({ ...base, incoming: null })).toBe(true);
  });

  it('refuses it while the reader is focused in the editor', () => {
    expect(acceptsOutsideContent({ ...base, focused: true })).toBe(false);
  });

  // The editor sets emittingUntil to infinity while it hands a change out, then to 100 ms after; that
  // timing is journal-editor.test.tsx's. Here: refused until that moment, taken from it on.
  it('refuses it while a change is being emitted and until the guard ends', () => {
    expect(acceptsOutsideContent({ ...base, emittingUntil: Number.POSITIVE_INFINITY })).toBe(false);
    expect(acceptsOutsideContent({ ...base, emittingUntil: 1001 })).toBe(false);
    expect(acceptsOutsideContent({ ...base, emittingUntil: 1000 })).toBe(true);
    expect(acceptsOutsideContent({ ...base, emittingUntil: 999 })).toBe(true);
  });

  it('has nothing to do when the content is what the editor shows', () => {
    expect(acceptsOutsideContent({ ...base, incoming: '<p>old</p>' })).toBe(false);
  });
});
