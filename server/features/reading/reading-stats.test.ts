// reading-stats and reading-streak through the API. The rules themselves are unit-tested in
// shared/domain/reading-stats.test.ts; these check what a client sees.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../tests/support/test-app';
import { createTestUser } from '../../../tests/support/test-users';
import { addDays, localDay } from '@shared/domain/local-day';
import type { EditionName, TestEdition } from './testing/reading-data';
import { insertEventAt, logEvent, readingTestApp } from './testing/reading-data';

let t: TestApp;
let ed: Record<EditionName, TestEdition>;
beforeAll(async () => {
  ({ t, ed } = await readingTestApp());
});
afterAll(() => t.close());

const stats = async (token: string, body: Record<string, unknown> = {}) => {
  const res = await t.sf('reading-stats', body, token);
  expect(res.status).toBe(200);
  return res.body;
};
const streak = async (token: string, timezone: string) => {
  const res = await t.sf('reading-streak', { timezone }, token);
  expect(res.status).toBe(200);
  return res.body.streak as number;
};

describe('reading-stats', () => {
  it('answers zeros for a new reader', async () => {
    const u = await createTestUser(t);
    expect(await stats(u.token)).toEqual({ books: 0, pages: 0, days: 0, hours: 0 });
  });

  it('counts books by work, pages as a union per edition, active days, and hours from pages', async () => {
    const u = await createTestUser(t);
    const other = await createTestUser(t);
    // Pride and Prejudice (480 pages): read 1-200, re-read 150-250, then 50%-100%, finished.
    await insertEventAt(t, u.id, ed.pride, 'start', '2025-03-01T09:00:00Z');
    await insertEventAt(t, u.id, ed.pride, 'progress', '2025-03-01T21:00:00Z', {
      start_page: 1,
      end_page: 200,
    });
    await insertEventAt(t, u.id, ed.pride, 'pause', '2025-03-02T09:00:00Z');
    await insertEventAt(t, u.id, ed.pride, 'resume', '2025-03-03T09:00:00Z');
    await insertEventAt(t, u.id, ed.pride, 'progress', '2025-03-03T10:00:00Z', {
      start_page: 150,
      end_page: 250,
      is_public: false,
    });
    await insertEventAt(t, u.id, ed.pride, 'finish', '2025-03-04T10:00:00Z', {
      start_percent: 50,
      end_percent: 100,
    });
    // The other edition of the same work, finished too: still one book.
    await insertEventAt(t, u.id, ed.prideModern, 'start', '2025-04-01T10:00:00Z');
    await insertEventAt(t, u.id, ed.prideModern, 'finish', '2025-04-02T10:00:00Z', {
      start_page: 391,
      end_page: 400,
    });
    // Emma abandoned after 40 pages: pages count, the book does not.
    await insertEventAt(t, u.id, ed.emma, 'start', '2025-04-02T11:00:00Z');
    await insertEventAt(t, u.id, ed.emma, 'dnf', '2025-04-02T12:00:00Z', { start_page: 1, end_page: 40 });
    await insertEventAt(t, other.id, ed.omens, 'finish', '2025-04-02T12:00:00Z', {
      start_page: 1,
      end_page: 432,
    });
    // pages: 480 (Pride: 1-250 plus 241-480) + 10 + 40 = 530; days: 03-01, 03-03, 03-04, 04-01, 04-02.
    expect(await stats(u.token)).toEqual({ books: 1, pages: 530, days: 5, hours: 13.3 });
    expect(await stats(other.token)).toEqual({ books: 1, pages: 432, days: 1, hours: 10.8 });
  });

  it('counts local days in the caller’s time zone: 23:30 UTC is the next day in Tokyo', async () => {
    const u = await createTestUser(t);
    await insertEventAt(t, u.id, ed.emma, 'start', '2025-06-10T23:30:00Z');
    await insertEventAt(t, u.id, ed.emma, 'progress', '2025-06-11T10:00:00Z', {
      start_page: 1,
      end_page: 20,
    });
    expect(await stats(u.token)).toMatchObject({ days: 2, pages: 20 });
    expect(await stats(u.token, { timezone: 'UTC' })).toMatchObject({ days: 2 });
    expect(await stats(u.token, { timezone: 'Asia/Tokyo' })).toMatchObject({ days: 1 });
  });

  it('follows deleted logs', async () => {
    const u = await createTestUser(t);
    await logEvent(t, u.token, ed.omens, 'start');
    const finish = await logEvent(t, u.token, ed.omens, 'finish', { start_page: 1 });
    expect(await stats(u.token)).toMatchObject({ books: 1, pages: 432 });
    await t.sf('delete-reading-log', { log_id: finish.body.event.id }, u.token);
    expect(await stats(u.token)).toMatchObject({ books: 0, pages: 0, days: 1 });
  });

  it('refuses an unknown time zone and anonymous callers', async () => {
    const u = await createTestUser(t);
    expect(await t.sf('reading-stats', { timezone: 'Mars/Olympus' }, u.token)).toEqual({
      status: 400,
      body: expect.objectContaining({
        error: 'timezone: must be an IANA time zone name such as Europe/Berlin',
        code: 'invalid_input',
      }),
    });
    expect((await t.sf('reading-stats', {})).status).toBe(401);
  });
});

describe('reading-streak', () => {
  it('counts consecutive active days ending today, or yesterday, else 0', async () => {
    const now = new Date();
    const today = localDay(now, 'UTC');
    const noon = (offset: number) => `${addDays(today, offset)}T12:00:00Z`;

    const a = await createTestUser(t);
    await insertEventAt(t, a.id, ed.pride, 'start', noon(-3));
    await insertEventAt(t, a.id, ed.pride, 'progress', noon(-2));
    await insertEventAt(t, a.id, ed.pride, 'progress', noon(-1));
    // The start read no pages: its day is not a reading day.
    expect(await streak(a.token, 'UTC')).toBe(2);
    await insertEventAt(t, a.id, ed.pride, 'progress', now.toISOString());
    expect(await streak(a.token, 'UTC')).toBe(3);

    const b = await createTestUser(t);
    await insertEventAt(t, b.id, ed.pride, 'progress', noon(-2));
    await insertEventAt(t, b.id, ed.pride, 'pause', noon(-1)); // a pause is not reading
    expect(await streak(b.token, 'UTC')).toBe(0);

    const c = await createTestUser(t);
    expect(await streak(c.token, 'UTC')).toBe(0);
  });

  it('reads days in the caller’s time zone: 23:30 UTC is the next day in Tokyo', async () => {
    const u = await createTestUser(t);
    const tokyoToday = localDay(new Date(), 'Asia/Tokyo');
    const base = addDays(tokyoToday, -2);
    await insertEventAt(t, u.id, ed.emma, 'progress', `${base}T14:00:00Z`); // Tokyo: base, 23:00
    await insertEventAt(t, u.id, ed.emma, 'progress', `${base}T23:30:00Z`); // Tokyo: base + 1 (yesterday), 08:30
    expect(await streak(u.token, 'Asia/Tokyo')).toBe(2);
    // In UTC both are on `base`, which is yesterday only while UTC is a day behind Tokyo.
    const utcToday = localDay(new Date(), 'UTC');
    expect(await streak(u.token, 'UTC')).toBe(utcToday === addDays(tokyoToday, -1) ? 1 : 0);
  });

  it('refuses a missing or unknown time zone and anonymous callers', async () => {
    const u = await createTestUser(t);
    for (const body of [{}, { timezone: '' }, { timezone: 'Europe/Atlantis' }, { timezone: 5 }]) {
      const res = await t.sf('reading-streak', body, u.token);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('invalid_input');
    }
    expect((await t.sf('reading-streak', { timezone: 'UTC' })).status).toBe(401);
  });
});
