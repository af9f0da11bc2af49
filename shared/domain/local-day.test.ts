import { describe, expect, it } from 'vitest';
import { addDays, isValidTimeZone, localDay } from './local-day';

describe('local days', () => {
  it('puts 23:30 UTC on the next day in Tokyo and the same day in New York', () => {
    expect(localDay('2025-03-01T23:30:00.000Z', 'UTC')).toBe('2025-03-01');
    expect(localDay('2025-03-01T23:30:00.000Z', 'Asia/Tokyo')).toBe('2025-03-02');
    expect(localDay('2025-03-02T03:00:00.000Z', 'America/New_York')).toBe('2025-03-01');
  });

  it('crosses month, year and leap-day boundaries', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-01-01', -1)).toBe('2024-12-31');
    expect(addDays('2025-03-01', -1)).toBe('2025-02-28');
  });

  it('knows IANA names and refuses others', () => {
    for (const tz of ['UTC', 'Europe/Berlin', 'Asia/Tokyo', 'America/Argentina/Buenos_Aires']) {
      expect(isValidTimeZone(tz)).toBe(true);
    }
    for (const tz of ['', ' ', 'Mars/Olympus_Mons', 'Europe/Berlin; drop table', 'Asia/Tokio']) {
      expect(isValidTimeZone(tz)).toBe(false);
    }
  });
});
