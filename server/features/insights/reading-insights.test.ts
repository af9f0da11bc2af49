// reading-insights through the API: what the /stats page receives for a reader with a known history. The
// figures' rules are unit-tested in shared/domain/reading-insights.test.ts; these check the wiring (the
// reader's own events and reviews, the catalogue details, the community's ratings) and that the kept
// figures follow every kind of write, including events written straight into the database as a library
// import does.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../tests/support/test-app';
import { createTestUser } from '../../../tests/support/test-users';
import type { EditionName, TestEdition } from '../reading/testing/reading-data';
import { insertEventAt, readingTestApp } from '../reading/testing/reading-data';

let t: TestApp;
let ed: Record<EditionName, TestEdition>;
beforeAll(async () => {
  ({ t, ed } = await readingTestApp());
});
afterAll(() => t.close());

const insights = async (token: string, period: 'all' | number, timezone = 'UTC') => {
  const res = await t.sf('reading-insights', { period, timezone }, token);
  expect(res.status).toBe(200);
  return res.body;
};

/** Two years of reading: 2023 (imported, past-dated) and 2024. */
async function history(userId: string) {
  await insertEventAt(t, userId, ed.omens, 'start', '2023-05-01T10:00:00Z');
  await insertEventAt(t, userId, ed.omens, 'finish', '2023-05-03T10:00:00Z', {
    start_page: 1,
    end_page: 432,
  });
  await insertEventAt(t, userId, ed.pride, 'start', '2024-01-05T10:00:00Z');
  await insertEventAt(t, userId, ed.pride, 'progress', '2024-01-06T10:00:00Z', {
    start_page: 1,
    end_page: 200,
  });
  // A private event counts for its owner.
  await insertEventAt(t, userId, ed.pride, 'finish', '2024-02-10T10:00:00Z', {
    end_page: 480,
    is_public: false,
  });
  await insertEventAt(t, userId, ed.emma, 'start', '2024-03-01T10:00:00Z');
  await insertEventAt(t, userId, ed.emma, 'dnf', '2024-03-02T10:00:00Z', { start_page: 1, end_page: 50 });
}

describe('reading-insights', () => {
  it('answers each period’s figures from the reader’s own history, with book details', async () => {
    const u = await createTestUser(t);
    const other = await createTestUser(t);
    await history(u.id);
    await insertEventAt(t, other.id, ed.wuthering, 'finish', '2024-02-01T10:00:00Z', { end_page: 416 });

    const y2024 = await insights(u.token, 2024);
    expect(y2024.years.slice(-2)).toEqual([2024, 2023]);
    expect(y2024.totals).toEqual({ books: 1, pages: 530, days: 5, hours: 13.3 });
    expect(y2024.timeline.slice(0, 3)).toEqual([
      { label: '2024-01', books: 0, pages: 200 },
      { label: '2024-02', books: 1, pages: 280 },
      { label: '2024-03', books: 0, pages: 50 },
    ]);
    expect(y2024.genres).toEqual([
      { name: 'Classics', count: 1 },
      { name: 'Romance', count: 1 },
    ]);
    expect(y2024.yearInBooks).toMatchObject({
      first: { work_id: ed.pride.work_id, edition_id: ed.pride.id, title: 'Pride and Prejudice' },
      longest: { title: 'Pride and Prejudice', pages: 480 },
      topAuthor: { name: 'Jane Austen', books: 1 },
      fastest: { title: 'Pride and Prejudice', days: 37 },
      dnf: 1,
    });
    // Covers come from our own origin, as on every other screen, never the cover source's (the CSP blocks it).
    expect(y2024.yearInBooks.first?.cover_url?.startsWith(`${t.deps.config.publicUrl}/covers/`)).toBe(true);
    expect(y2024.yearInBooks.first?.cover_url).not.toContain(t.deps.config.coversUrl);
    expect(y2024.calendar.days.map((d: { day: string }) => d.day)).toEqual([
      '2024-01-05',
      '2024-01-06',
      '2024-02-10',
      '2024-03-01',
      '2024-03-02',
    ]);
    expect(y2024.calendar.longestStreak).toBe(2);

    // Switching the period changes every figure.
    const y2023 = await insights(u.token, 2023);
    expect(y2023.totals).toEqual({ books: 1, pages: 432, days: 2, hours: 10.8 });
    expect(y2023.yearInBooks.first?.title).toBe('Good Omens');
    expect(y2023.yearInBooks.topAuthor).toMatchObject({ books: 1 });
    expect(y2023.genres.map((g: { name: string }) => g.name)).toEqual(['Fantasy', 'Humor']);
    const all = await insights(u.token, 'all');
    expect(all.totals).toMatchObject({ books: 2, pages: 962 });
    expect(
      all.timeline.filter((p: { books: number }) => p.books > 0).map((p: { label: string }) => p.label),
    ).toEqual(['2023', '2024']);

    // The other reader sees only their own.
    expect((await insights(other.token, 2024)).totals).toMatchObject({ books: 1, pages: 416 });
  });

  it('follows every write its figures read: events written straight into the database, reviews, goals and the catalogue', async () => {
    const u = await createTestUser(t);
    const fan = await createTestUser(t);
    await history(u.id);
    expect((await insights(u.token, 2024)).totals.books).toBe(1);

    // An imported past-dated finish, written without the API.
    await insertEventAt(t, u.id, ed.wuthering, 'finish', '2024-06-01T10:00:00Z', { end_page: 416 });
    const after = await insights(u.token, 2024);
    expect(after.totals.books).toBe(2);
    expect(after.lengths.buckets.find((b: { label: string }) => b.label === '400–499')?.count).toBe(2);

    // The reader's review: moods, pace, tone, focus and the rating; another reader's moves the community's.
    const review = await t.sf(
      'submit-review',
      {
        work_id: ed.wuthering.work_id,
        rating: 4.5,
        headline: 'Stormy',
        tone: 5,
        pace: 1,
        story_focus: 2,
        mood_ids: [2, 9],
      },
      u.token,
    );
    expect(review.status).toBe(200);
    let r = await insights(u.token, 2024);
    expect(r.reviews.count).toBe(1);
    expect(r.reviews.moods.map((m: { label: string }) => m.label)).toEqual(['Emotional', 'Dark']);
    expect(r.reviews.tone).toEqual({ average: 5, label: 'Dark' });
    expect(r.reviews.pace.find((p: { label: string }) => p.label === 'Slow')?.percent).toBe(100);
    expect(r.ratings.myAverage).toBe(4.5);
    expect(r.yearInBooks.averageRating).toBe(4.5);
    await t.sf(
      'submit-review',
      { work_id: ed.wuthering.work_id, rating: 2.5, headline: 'Gloomy' },
      fan.token,
    );
    r = await insights(u.token, 2024);
    expect(r.ratings.communityAverage).toBe(3.5);
    expect(r.ratings.bins.find((b: { rating: number }) => b.rating === 3.5)?.community).toBe(1);

    // A goal of the year, then a catalogue edit of a book's page count.
    const year = new Date().getUTCFullYear();
    expect(
      (await t.sf('set-reading-goal', { goal_year: year, goal_type: 'books', target_qty: 3 }, u.token))
        .status,
    ).toBe(200);
    const now = await insights(u.token, year);
    expect(now.goals).toHaveLength(1);
    expect(now.goals[0]).toMatchObject({ goal_type: 'books', target_qty: 3 });
    expect(now.goals[0]?.months).toHaveLength(12);

    await t.deps.db.query('update public.editions set page_count = 500 where id = $1', [ed.wuthering.id]);
    r = await insights(u.token, 2024);
    expect(r.yearInBooks.longest).toMatchObject({ title: 'Wuthering Heights', pages: 500 });
    await t.deps.db.query('update public.editions set page_count = 416 where id = $1', [ed.wuthering.id]);
  });

  it('refuses a bad period or time zone and anonymous callers, changing nothing', async () => {
    const u = await createTestUser(t);
    for (const body of [
      { period: 'last year', timezone: 'UTC' },
      { period: 2024.5, timezone: 'UTC' },
      { period: 2024, timezone: 'Mars/Olympus' },
      { period: 2024 },
    ]) {
      const res = await t.sf('reading-insights', body, u.token);
      expect(res.status).toBe(400);
    }
    expect((await t.sf('reading-insights', { period: 'all', timezone: 'UTC' })).status).toBe(401);
  });
});
