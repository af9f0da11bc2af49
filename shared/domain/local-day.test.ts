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

  it('agrees with Intl minute by minute around DST changes, half-hour shifts and odd offsets', () => {
    // What localDay answers without its per-hour offset cache: Intl asked about every instant.
    const intlDay = (ms: number, timeZone: string) =>
      new Intl.DateTimeFormat('en-CA', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      }).format(ms);
    const cases: [string, string][] = [
      ['Europe/Berlin', '2024-03-31T00:00:00Z'], // spring forward at 01:00 UTC
      ['Europe/Berlin', '2024-10-26T22:00:00Z'], // fall back at 01:00 UTC, near local midnight
      ['America/Sao_Paulo', '2018-11-04T01:00:00Z'], // DST began at local midnight (00:00 -> 01:00)
      ['America/Sao_Paulo', '2019-02-17T00:00:00Z'], // DST ended at local midnight (00:00 -> 23:00)
      ['Australia/Lord_Howe', '2024-10-05T14:00:00Z'], // a 30-minute shift in the middle of a UTC hour
      ['Asia/Tehran', '2021-09-21T17:00:00Z'], // back from 24:00 to 23:00 at 19:30 UTC, mid-hour
      ['Asia/Kathmandu', '2025-01-01T17:00:00Z'], // +05:45: local midnight at 18:15 UTC
      ['Pacific/Chatham', '2024-09-28T12:00:00Z'], // +12:45 -> +13:45
      ['America/St_Johns', '2024-03-10T04:00:00Z'], // -03:30 -> -02:30
    ];
    for (const [timeZone, from] of cases) {
      const start = Date.parse(from);
      for (let minute = 0; minute < 6 * 60; minute += 1) {
        const ms = start + minute * 60_000 + 17_000;
        expect(localDay(new Date(ms), timeZone), `${timeZone} at ${new Date(ms).toISOString()}`).toBe(
          intlDay(ms, timeZone),
        );
      }
    }
  });

  it('reads the first century as itself, not as the 1900s', () => {
    expect(localDay('0050-06-01T23:30:00.000Z', 'Asia/Tokyo')).toBe('0050-06-02');
  });

  it('refuses an instant that is not one', () => {
    expect(() => localDay('not a date', 'UTC')).toThrow(RangeError);
  });
});
