import { describe, expect, it } from 'vitest';
import { bellLabel } from './notification-bell';

describe('the bell’s accessible name', () => {
  it('says how many are unread, and past the cap that there are more', () => {
    expect(bellLabel(0)).toBe('Notifications');
    expect(bellLabel(1)).toBe('Notifications, 1 unread');
    expect(bellLabel(99)).toBe('Notifications, 99 unread');
    expect(bellLabel(100)).toBe('Notifications, more than 99 unread');
  });
});
