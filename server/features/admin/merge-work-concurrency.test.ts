// Two admins merging two different pairs of works at the same time, whose readers cross: Una reviewed the
// first source and reads the second, Vic the other way round. Every merge statement bumps the reading
// summary version (migration 0060) of the readers it touches, one statement at a time, so without a fixed
// order the first merge held Una's version row and waited for Vic's while the second held Vic's and waited
// for Una's: PostgreSQL broke the deadlock by failing one merge, which answered 500. On PostgreSQL a third
// transaction holds both merges just before the statement where they cross, so the interleaving that
// deadlocked is the one that runs every time; PGlite runs one transaction at a time and just proves both land.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../tests/support/test-app';
import type { TestApp } from '../../../tests/support/test-app';
import { createTestUser } from '../../../tests/support/test-users';
import type { TestUser } from '../../../tests/support/test-users';
import type { InsertedWork } from './testing/records';
import { insertReview, insertWork, logEvent } from './testing/records';

let t: TestApp;
let admin: TestUser;
let una: TestUser;
let vic: TestUser;
let works: Record<'a' | 'b' | 'c' | 'd', InsertedWork>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createTestUser(t, { admin: true });
  una = await createTestUser(t, { username: 'una_merge' });
  vic = await createTestUser(t, { username: 'vic_merge' });
  const db = t.deps.db;
  works = {
    a: await insertWork(db, 'First source'),
    b: await insertWork(db, 'First target'),
    c: await insertWork(db, 'Second source'),
    d: await insertWork(db, 'Second target'),
  };
  await insertReview(db, una.id, works.a.workId, 4, '2024-01-01T00:00:00Z');
  await logEvent(db, una.id, works.c.editionIds[0]!, 'start');
  await insertReview(db, vic.id, works.c.workId, 3, '2024-01-01T00:00:00Z');
  await logEvent(db, vic.id, works.a.editionIds[0]!, 'start');
});
afterAll(() => t.close());

/**
 * Resolves once `n` sessions wait for a lock: the merges, held by the blocker (before the fix both at the
 * editions they move; after it, the second one already at the first one's readers).
 */
async function mergesWaiting(n: number): Promise<void> {
  const end = Date.now() + 20_000;
  for (;;) {
    const [row] = await t.deps.db.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity
       where datname = current_database() and wait_event_type = 'Lock'`,
    );
    if ((row?.n ?? 0) >= n) return;
    if (Date.now() > end) throw new Error(`the merges never got that far (${row?.n ?? 0} waiting)`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('merge-work, two at once', () => {
  it('both merges land, whatever their readers share, and each work ends with its reviews', async () => {
    const db = t.deps.db;
    const merge = (from: InsertedWork, into: InsertedWork) =>
      t.sf('merge-work', { from_work_id: from.workId, into_work_id: into.workId }, admin.token);
    let answers: Awaited<ReturnType<typeof merge>>[];
    if (db.kind === 'postgres') {
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let locked!: () => void;
      const holding = new Promise<void>((resolve) => (locked = resolve));
      const blocker = db.transaction(async (tx) => {
        await tx.query('select 1 from public.editions where work_id in ($1, $2) for update', [
          works.a.workId,
          works.c.workId,
        ]);
        locked();
        await released;
      });
      await holding;
      const both = Promise.all([merge(works.a, works.b), merge(works.c, works.d)]);
      try {
        await mergesWaiting(2);
      } finally {
        release();
        await blocker;
      }
      answers = await both;
    } else {
      answers = await Promise.all([merge(works.a, works.b), merge(works.c, works.d)]);
    }
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const reviews = await db.query<{ user_id: string; work_id: string }>(
      'select user_id, work_id from public.reviews where user_id in ($1, $2) order by rating desc',
      [una.id, vic.id],
    );
    expect(reviews).toEqual([
      { user_id: una.id, work_id: works.b.workId },
      { user_id: vic.id, work_id: works.d.workId },
    ]);
    const gone = await db.query('select id from public.works where id in ($1, $2)', [
      works.a.workId,
      works.c.workId,
    ]);
    expect(gone).toEqual([]);
  });
});
