import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TestApp } from '../../../tests/support/test-app';
import { createTestUser } from '../../../tests/support/test-users';
import { localDay } from '@shared/domain/local-day';
import type { EditionName, TestEdition } from '../reading/testing/reading-data';
import { insertEventAt, logEvent, readingTestApp } from '../reading/testing/reading-data';

let t: TestApp;
let ed: Record<EditionName, TestEdition>;
beforeAll(async () => {
  ({ t, ed } = await readingTestApp());
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

const thisYear = () => new Date().getUTCFullYear();
const setGoal = (
  token: string | undefined,
  goal_type: string,
  target_qty: unknown,
  goal_year: unknown = thisYear(),
) => t.sf('set-reading-goal', { goal_year, goal_type, target_qty }, token);
const goals = async (token: string, timezone = 'UTC') => {
  const res = await t.sf('reading-goals', { timezone }, token);
  expect(res.status).toBe(200);
  return res.body;
};

describe('set-reading-goal and reading-goals', () => {
  it('answers no goals for the current year at first', async () => {
    const u = await createTestUser(t);
    expect(await goals(u.token)).toEqual({
      year: Number(localDay(new Date(), 'UTC').slice(0, 4)),
      goals: [],
    });
  });

  it('upserts one goal per type per year and lists them books, pages, hours', async () => {
    const u = await createTestUser(t);
    const year = Number(localDay(new Date(), 'UTC').slice(0, 4));
    expect(await setGoal(u.token, 'hours', 50, year)).toEqual({ status: 200, body: { ok: true } });
    expect((await setGoal(u.token, 'books', 12, year)).status).toBe(200);
    expect((await setGoal(u.token, 'books', 24, year)).status).toBe(200);
    expect((await setGoal(u.token, 'pages', 5000, year)).status).toBe(200);
    expect((await goals(u.token)).goals).toEqual([
      { goal_year: year, goal_type: 'books', target_qty: 24, progress: 0 },
      { goal_year: year, goal_type: 'pages', target_qty: 5000, progress: 0 },
      { goal_year: year, goal_type: 'hours', target_qty: 50, progress: 0 },
    ]);
    const rows = await t.deps.db.query('select 1 from reading_goals where user_id = $1', [u.id]);
    expect(rows).toHaveLength(3);
  });

  it('accepts the current year and one either side, and lists only the current year', async () => {
    const u = await createTestUser(t);
    const year = thisYear();
    expect((await setGoal(u.token, 'books', 5, year - 1)).status).toBe(200);
    expect((await setGoal(u.token, 'books', 7, year + 1)).status).toBe(200);
    const listed = await goals(u.token);
    expect(listed.goals.map((g: any) => g.goal_year)).not.toContain(year - 1);
    for (const bad of [year - 2, year + 2, 1999]) {
      expect(await setGoal(u.token, 'books', 5, bad)).toEqual({
        status: 400,
        body: {
          error: `Goal year must be the current year (${year - 1} to ${year + 1}).`,
          code: 'invalid_input',
        },
      });
    }
  });

  it('refuses targets that are not positive whole numbers and unknown types, storing nothing', async () => {
    const u = await createTestUser(t);
    for (const target of [0, -3, 1.5, '5', null]) {
      expect(await setGoal(u.token, 'books', target)).toEqual({
        status: 400,
        body: expect.objectContaining({
          error: 'target_qty: Target must be a positive whole number',
          code: 'invalid_input',
        }),
      });
    }
    expect((await setGoal(u.token, 'books', 1_000_001)).body.error).toBe(
      'target_qty: Target must be at most 1000000',
    );
    expect((await setGoal(u.token, 'minutes', 5)).status).toBe(400);
    expect((await setGoal(u.token, 'books', 5, 'this year')).status).toBe(400);
    expect(await t.deps.db.query('select 1 from reading_goals where user_id = $1', [u.id])).toEqual([]);
  });

  it('keeps goals per reader and refuses anonymous callers and unknown time zones', async () => {
    const a = await createTestUser(t);
    const b = await createTestUser(t);
    await setGoal(a.token, 'books', 10);
    expect((await goals(b.token)).goals).toEqual([]);
    expect((await setGoal(undefined, 'books', 10)).status).toBe(401);
    expect((await t.sf('reading-goals', { timezone: 'UTC' })).status).toBe(401);
    expect((await t.sf('reading-goals', { timezone: 'Nowhere/Town' }, a.token)).status).toBe(400);
    expect((await t.sf('reading-goals', {}, a.token)).status).toBe(400);
  });
});

describe('goals, stats and streak agree', () => {
  it('on the same events: this year’s goals equal the stats less earlier years; the streak is within the days', async () => {
    const u = await createTestUser(t);
    const year = Number(localDay(new Date(), 'UTC').slice(0, 4));
    for (const type of ['books', 'pages', 'hours']) await setGoal(u.token, type, 100, year);
    // An earlier year's reading: in the stats, not in this year's goals.
    await insertEventAt(t, u.id, ed.emma, 'start', '2020-06-01T10:00:00Z');
    await insertEventAt(t, u.id, ed.emma, 'finish', '2020-06-02T10:00:00Z', { start_page: 1, end_page: 474 });
    // Today through the API: Pride finished (pages 1-240 then 50%-100% = 480), Good Omens 40 pages.
    await logEvent(t, u.token, ed.pride, 'start');
    await logEvent(t, u.token, ed.pride, 'progress', { start_page: 1, end_page: 240, is_public: false });
    await logEvent(t, u.token, ed.pride, 'finish', { start_percent: 50 });
    await logEvent(t, u.token, ed.omens, 'start');
    await logEvent(t, u.token, ed.omens, 'progress', { start_page: 1, end_page: 40 });

    const all = (await t.sf('reading-stats', { timezone: 'UTC' }, u.token)).body;
    expect(all).toEqual({ books: 2, pages: 994, days: 3, hours: 24.9 });
    const { goals: list } = await goals(u.token);
    const progress = Object.fromEntries(list.map((g: any) => [g.goal_type, g.progress]));
    expect(progress).toEqual({ books: all.books - 1, pages: all.pages - 474, hours: 13 });
    expect(progress.hours).toBe(Math.round((progress.pages / 40) * 10) / 10);
    const streak = (await t.sf('reading-streak', { timezone: 'UTC' }, u.token)).body.streak;
    expect(streak).toBe(1);
    expect(streak).toBeLessThanOrEqual(all.days);
  });

  it('counts this year’s pages from where last year’s events left the reader, as the whole history does', async () => {
    const u = await createTestUser(t);
    const y = thisYear();
    await setGoal(u.token, 'pages', 1000);
    // Pride (480 pages): 1-100 last December, a pause, then to page 150 and to 50% this January.
    await insertEventAt(t, u.id, ed.pride, 'progress', `${y - 1}-12-20T10:00:00Z`, {
      start_page: 1,
      end_page: 100,
    });
    await insertEventAt(t, u.id, ed.pride, 'pause', `${y - 1}-12-25T10:00:00Z`);
    await insertEventAt(t, u.id, ed.pride, 'progress', `${y}-01-10T10:00:00Z`, { end_page: 150 });
    await insertEventAt(t, u.id, ed.pride, 'progress', `${y}-01-11T10:00:00Z`, { end_percent: 50 });
    // Emma: started at page 200 two years ago, read to 210 this year.
    await insertEventAt(t, u.id, ed.emma, 'start', `${y - 2}-06-01T10:00:00Z`, { start_page: 200 });
    await insertEventAt(t, u.id, ed.emma, 'progress', `${y}-01-12T10:00:00Z`, { end_page: 210 });
    // 150-100 + 240-150 + 210-199 = 151.
    const body = await goals(u.token);
    expect(body.goals).toEqual([{ goal_year: y, goal_type: 'pages', target_qty: 1000, progress: 151 }]);
    const insights = await t.sf('reading-insights', { period: y, timezone: 'UTC' }, u.token);
    expect(insights.body.totals.pages).toBe(151);
  });

  it('puts a book finished at 23:30 UTC on 31 December into the next year’s goal in Tokyo', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-12-31T23:45:00Z')); // 2026-01-01 08:45 in Tokyo
    const u = await createTestUser(t);
    for (const year of [2025, 2026]) expect((await setGoal(u.token, 'books', 10, year)).status).toBe(200);
    await insertEventAt(t, u.id, ed.wuthering, 'start', '2025-12-31T10:00:00Z');
    await insertEventAt(t, u.id, ed.wuthering, 'finish', '2025-12-31T23:30:00Z', {
      start_page: 1,
      end_page: 416,
    });

    expect(await goals(u.token, 'UTC')).toEqual({
      year: 2025,
      goals: [{ goal_year: 2025, goal_type: 'books', target_qty: 10, progress: 1 }],
    });
    expect(await goals(u.token, 'Asia/Tokyo')).toEqual({
      year: 2026,
      goals: [{ goal_year: 2026, goal_type: 'books', target_qty: 10, progress: 1 }],
    });
    // Tokyo's 2026 began at 15:00 UTC: the start (19:00 on 31 December there) is in 2025, the finish in 2026.
    // The start read no pages, so only the finish's day is a reading day for the streak (not for the days).
    const tokyo = (await t.sf('reading-streak', { timezone: 'Asia/Tokyo' }, u.token)).body.streak;
    const utc = (await t.sf('reading-streak', { timezone: 'UTC' }, u.token)).body.streak;
    expect([utc, tokyo]).toEqual([1, 1]);
    expect((await t.sf('reading-stats', { timezone: 'Asia/Tokyo' }, u.token)).body.days).toBe(2);
    expect((await t.sf('reading-stats', { timezone: 'UTC' }, u.token)).body.days).toBe(1);
  });
});
