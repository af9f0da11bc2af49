import { describe, expect, it } from 'vitest';
import { formatShortDate } from './format-date';

describe('formatShortDate', () => {
  it('shows short month, day and year', () => {
    expect(formatShortDate('2025-03-04T12:00:00.000Z')).toBe('Mar 4, 2025');
  });

  it('keeps a bare date on its calendar day', () => {
    expect(formatShortDate('2024-12-31')).toBe('Dec 31, 2024');
  });

  it('answers nothing for a missing or unreadable value', () => {
    expect(formatShortDate(null)).toBe('');
    expect(formatShortDate('soon')).toBe('');
  });
});
