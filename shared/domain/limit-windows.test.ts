import { describe, expect, it } from 'vitest';
import { windowStart, withinLimit } from './limit-windows';

describe('limit windows', () => {
  it('counts comments per clock minute', () => {
    expect(windowStart('comment', new Date('2026-03-01T10:15:59.999Z')).toISOString()).toBe(
      '2026-03-01T10:15:00.000Z',
    );
    expect(windowStart('comment', new Date('2026-03-01T10:16:00.000Z')).toISOString()).toBe(
      '2026-03-01T10:16:00.000Z',
    );
  });

  it('counts reports per UTC day, whatever the server time zone', () => {
    expect(windowStart('report', new Date('2026-03-01T23:59:59.999Z')).toISOString()).toBe(
      '2026-03-01T00:00:00.000Z',
    );
    expect(windowStart('report', new Date('2026-03-02T00:00:00.000Z')).toISOString()).toBe(
      '2026-03-02T00:00:00.000Z',
    );
  });

  it('lets the last allowed write through and refuses the next', () => {
    expect(withinLimit(9, 10)).toBe(true);
    expect(withinLimit(10, 10)).toBe(false);
  });
});
