import { describe, expect, it } from 'vitest';
import { releaseLine } from './release-date';

describe('releaseLine', () => {
  it('says published for today and before, coming after', () => {
    expect(releaseLine('2026-03-03', '2026-11-27')).toBe('Published 3 March 2026');
    expect(releaseLine('2026-11-27', '2026-11-27')).toBe('Published 27 November 2026');
    expect(releaseLine('2027-01-15', '2026-11-27')).toBe('Coming 15 January 2027');
  });
});
