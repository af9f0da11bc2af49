// Trending and New Releases over real HTTP (issue 28), with a small community signed in by supabase-js:
// public starts and finishes make a book trend and private ones change nothing anyone sees; the durable
// job on the queue computes the ranking; a burst fades as it ages (the events' times are moved back, as
// time passing would); New Releases lists works by their dates and leaves undated ones out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TrendingItem } from '@shared/api/discovery';
import { TRENDING_JOB } from '../../server/features/discovery/trending-job';
import { settleJobs } from '../support/jobs';
import { signedInReader } from '../support/import-flows';
import type { Reader } from '../support/import-flows';
import { sampleEditions } from '../support/social-flows';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';
import { createTestUser } from '../support/test-users';

let s: TestServer;
let books: { id: string; work_id: string; title: string }[];
beforeAll(async () => {
  s = await startTestServer();
  books = await sampleEditions(s);
});
afterAll(() => s.close());

const book = (i: number) => books[i]!;

async function log(r: Reader, i: number, event_type: 'start' | 'finish', is_public = true) {
  const res = await s.sf(
    'log-progress-event',
    { work_id: book(i).work_id, edition_id: book(i).id, event_type, is_public },
    r.token,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** Runs the recurring trending job now, through the queue as its schedule would. */
async function runTrendingJob() {
  await s.t.deps.db.query(`update jobs.queue set run_at = now() where kind = $1`, [TRENDING_JOB]);
  s.t.deps.jobs.wake();
  await settleJobs(s.t.deps.db);
}

/** Trending as a signed-out visitor asks for it: "title: line counts". */
async function trending(period: 'week' | 'month' = 'week') {
  const res = await s.sf('trending-works', { period });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.items as TrendingItem[]).map(
    (i) => `${i.title}: ${i.readers.start} started, ${i.readers.finish} finished`,
  );
}

/** Moves a book's reading events `days` into the past, as if that much time had gone by. */
const age = (i: number, days: number) =>
  s.t.deps.db.query(
    `update public.reading_progress_events set created_at = now() - make_interval(days => $2) where work_id = $1`,
    [book(i).work_id, days],
  );

describe('trending', () => {
  it('ranks public activity, ignores private events, and fades a burst as it ages', async () => {
    const readers = await Promise.all([1, 2, 3, 4, 5].map(() => signedInReader(s)));
    for (const r of readers.slice(0, 3)) await log(r, 0, 'start');
    for (const r of readers) {
      await log(r, 1, 'start', false);
      await log(r, 1, 'finish', false);
    }
    await runTrendingJob();
    expect(await trending()).toEqual([`${book(0).title}: 3 started, 0 finished`]);

    // Six days later, two fresh starts of another book outweigh the fading three.
    await age(0, 6);
    for (const r of readers.slice(3)) await log(r, 2, 'start');
    await runTrendingJob();
    expect(await trending()).toEqual([
      `${book(2).title}: 2 started, 0 finished`,
      `${book(0).title}: 3 started, 0 finished`,
    ]);

    // After ten days the first burst has left the week, and is still in the month.
    await age(0, 10);
    await runTrendingJob();
    expect(await trending()).toEqual([`${book(2).title}: 2 started, 0 finished`]);
    expect(await trending('month')).toContain(`${book(0).title}: 3 started, 0 finished`);
  });
});

describe('new releases', () => {
  it('lists what an admin dates within the window, newest first, and leaves undated works out', async () => {
    const admin = await createTestUser(s.t, { admin: true });
    const monthsFromNow = (n: number) => {
      const d = new Date();
      d.setUTCDate(1);
      d.setUTCMonth(d.getUTCMonth() + n);
      return d.toISOString().slice(0, 10);
    };
    const date = async (i: number, iso: string) => {
      const res = await s.sf(
        'set-work-date',
        { work_id: book(i).work_id, lock: true, date: iso, date_string: iso },
        admin.token,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    };
    await date(0, monthsFromNow(-3));
    await date(1, monthsFromNow(1));
    await date(2, monthsFromNow(-20));
    const res = await s.sf('new-releases', {});
    expect(res.status).toBe(200);
    expect(res.body.items.map((i: { title: string; date: string }) => [i.title, i.date])).toEqual([
      [book(1).title, monthsFromNow(1)],
      [book(0).title, monthsFromNow(-3)],
    ]);
  });
});
