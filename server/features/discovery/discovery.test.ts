// Trending and New Releases over the API: what the trending job stores from readers' public activity, read
// back as a page; and works by first publication date inside the release window.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleCatalogue } from '../../../tests/fixtures/sample-catalogue';
import { createTestApp } from '../../../tests/support/test-app';
import type { TestApp } from '../../../tests/support/test-app';
import { createTestUser } from '../../../tests/support/test-users';
import { refreshTrending } from './trending-job';

let t: TestApp;
const works: Record<string, { id: string; edition: string }> = {};
const DAY = 86_400_000;

beforeAll(async () => {
  // No worker: the test runs the job itself, at the moment it chooses.
  t = await createTestApp({ seed: sampleCatalogue, jobs: false });
  const rows = await t.deps.db.query<{ title: string; id: string; edition: string }>(
    `select w.title, w.id, (select e.id from public.editions e where e.work_id = w.id limit 1) as edition
     from public.works w`,
  );
  for (const r of rows) works[r.title] = { id: r.id, edition: r.edition };
});
afterAll(() => t.close());

/** A reading event by a new confirmed reader, `daysAgo` in the past (its activity line follows by trigger). */
async function act(title: string, type: 'start' | 'finish', daysAgo: number, isPublic = true) {
  const reader = await createTestUser(t);
  const w = works[title]!;
  await t.deps.db.query(
    `insert into public.reading_progress_events (user_id, edition_id, work_id, event_type, is_public, created_at)
     values ($1, $2, $3, $4, $5, $6)`,
    [reader.id, w.edition, w.id, type, isPublic, new Date(Date.now() - daysAgo * DAY).toISOString()],
  );
  return reader;
}

const trending = async (body: Record<string, unknown> = {}) => {
  const res = await t.sf('trending-works', body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
const titles = (items: { title: string }[]) => items.map((i) => i.title);

describe('trending-works before the job first runs', () => {
  it('is empty, with no refresh time', async () => {
    expect(await trending()).toEqual({ items: [], next_cursor: null, refreshed_at: null });
  });
});

describe('trending-works', () => {
  beforeAll(async () => {
    // Emma: a burst six days ago, bigger than Good Omens' fresh one, which the decay ranks above it.
    for (let i = 0; i < 5; i++) await act('Emma', 'start', 6);
    for (let i = 0; i < 3; i++) await act('Good Omens', 'start', 0.1);
    await act('Good Omens', 'finish', 0.2);
    // Only in the month: ten days ago.
    await act('Pride and Prejudice', 'finish', 10);
    // Private events and unconfirmed readers count for nothing.
    for (let i = 0; i < 4; i++) await act('Wuthering Heights', 'finish', 0.1, false);
    const unconfirmed = await act('Wuthering Heights', 'finish', 0.1);
    await t.deps.db.query('update auth.users set email_confirmed_at = null where id = $1', [unconfirmed.id]);
    await refreshTrending(t.deps.db);
  });

  it('ranks recent public activity with decay, and says truly what is trending', async () => {
    const week = await trending();
    expect(titles(week.items)).toEqual(['Good Omens', 'Emma']);
    const [omens, emma] = week.items;
    expect(omens!.readers).toEqual({ start: 3, finish: 1, review: 0, shelve: 0 });
    expect(emma!.readers).toEqual({ start: 5, finish: 0, review: 0, shelve: 0 });
    expect(omens).toMatchObject({ rank: 1, author_names: expect.any(String), rating_count: 0 });
    expect(omens!.cover_url).toMatch(/^http/);
    expect(week.refreshed_at).not.toBeNull();
  });

  it('keeps older activity for the month only', async () => {
    expect(titles((await trending({ period: 'month' })).items)).toEqual([
      'Good Omens',
      'Emma',
      'Pride and Prejudice',
    ]);
  });

  it('filters by genre, and refuses a genre that does not exist', async () => {
    const { genres } = (await t.sf('discovery-genres', {})).body;
    const id = (name: string) => genres.find((g) => g.name === name)!.id;
    expect(titles((await trending({ genre_id: id('Classics') })).items)).toEqual(['Emma']);
    expect(titles((await trending({ genre_id: id('Humor') })).items)).toEqual(['Good Omens']);
    const unknown = await t.sf('trending-works', { genre_id: 999_999 });
    expect(unknown).toMatchObject({ status: 404, body: { error: 'Genre not found' } });
  });

  it('pages by rank', async () => {
    const first = await trending({ limit: 1 });
    expect(titles(first.items)).toEqual(['Good Omens']);
    expect(first.next_cursor).toBe(1);
    const second = await trending({ limit: 1, after: first.next_cursor });
    expect(titles(second.items)).toEqual(['Emma']);
    expect(second.next_cursor).toBeNull();
  });

  it('drops a work that stops being verified at once, before the next run', async () => {
    await t.deps.db.query('update public.works set verified = false where id = $1', [works['Emma']!.id]);
    try {
      expect(titles((await trending()).items)).toEqual(['Good Omens']);
    } finally {
      await t.deps.db.query('update public.works set verified = true where id = $1', [works['Emma']!.id]);
    }
  });

  it('refuses a period it does not know', async () => {
    const res = await t.sf('trending-works', { period: 'year' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('invalid_input');
  });
});

describe('new-releases', () => {
  const isoDay = (monthsFromNow: number) => {
    const d = new Date();
    d.setUTCDate(1);
    d.setUTCMonth(d.getUTCMonth() + monthsFromNow);
    return d.toISOString().slice(0, 10);
  };

  beforeAll(async () => {
    const setDate = (title: string, date: string | null) =>
      t.deps.db.query('update public.works set date = $2, date_string = null where id = $1', [
        works[title]!.id,
        date,
      ]);
    await setDate('Pride and Prejudice', isoDay(-2));
    await setDate('Good Omens', isoDay(2));
    await setDate('Emma', isoDay(-14)); // too old
    await setDate('Wuthering Heights', null); // unknown: left out, not guessed
  });

  it('lists works of the last 12 months and the coming 3, newest first, with their dates', async () => {
    const res = await t.sf('new-releases', {});
    expect(res.status).toBe(200);
    expect(res.body.items.map((i) => [i.title, i.date])).toEqual([
      ['Good Omens', isoDay(2)],
      ['Pride and Prejudice', isoDay(-2)],
    ]);
  });

  it('leaves out what is more than 3 months ahead', async () => {
    await t.deps.db.query('update public.works set date = $2 where id = $1', [
      works['Good Omens']!.id,
      isoDay(5),
    ]);
    try {
      expect(titles((await t.sf('new-releases', {})).body.items)).toEqual(['Pride and Prejudice']);
    } finally {
      await t.deps.db.query('update public.works set date = $2 where id = $1', [
        works['Good Omens']!.id,
        isoDay(2),
      ]);
    }
  });

  it('filters by genre and pages by date', async () => {
    const { genres } = (await t.sf('discovery-genres', {})).body;
    const classics = genres.find((g) => g.name === 'Classics')!.id;
    expect(titles((await t.sf('new-releases', { genre_id: classics })).body.items)).toEqual([
      'Pride and Prejudice',
    ]);
    const first = await t.sf('new-releases', { limit: 1 });
    expect(titles(first.body.items)).toEqual(['Good Omens']);
    const second = await t.sf('new-releases', { limit: 1, after: first.body.next_cursor });
    expect(titles(second.body.items)).toEqual(['Pride and Prejudice']);
    expect(second.body.next_cursor).toBeNull();
    for (const after of [
      'not-a-cursor',
      `2026-02-30|${works['Emma']!.id}`,
      '2026-01-01|------------------------------------',
      `2026-01-01|${works['Emma']!.id}|x`,
    ]) {
      expect((await t.sf('new-releases', { after })).status, after).toBe(400);
    }
  });
});
