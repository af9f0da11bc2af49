// Work ratings under concurrent review writes: on PostgreSQL the calls below really overlap (a pool of
// connections); on PGlite they interleave through its single connection. Either way the totals on the
// work must equal the aggregate over its reviews afterwards.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleCatalogue } from '../../../tests/fixtures/sample-catalogue';
import { createTestApp } from '../../../tests/support/test-app';
import type { TestApp } from '../../../tests/support/test-app';
import { createTestUser } from '../../../tests/support/test-users';
import type { TestUser } from '../../../tests/support/test-users';

let t: TestApp;
let workId: string;
let readers: TestUser[];

const totals = async () => {
  const [row] = await t.deps.db.query<{ count: number; sum: number; real_count: number; real_sum: number }>(
    `select w.rating_count as count, w.rating_sum as sum,
            (select count(*) from reviews r where r.work_id = w.id) as real_count,
            (select coalesce(sum(r.rating), 0) from reviews r where r.work_id = w.id) as real_sum
     from works w where w.id = $1`,
    [workId],
  );
  return row!;
};

const submit = (reader: TestUser, rating: number) =>
  t.sf('submit-review', { work_id: workId, rating }, reader.token);
const reviewIdOf = async (reader: TestUser) =>
  (await t.deps.db.query<{ id: string }>('select id from reviews where user_id = $1', [reader.id]))[0]!.id;

beforeAll(async () => {
  t = await createTestApp({ seed: sampleCatalogue });
  const [work] = await t.deps.db.query<{ id: string }>(`select id from works where title = 'Good Omens'`);
  workId = work!.id;
  readers = await Promise.all(Array.from({ length: 20 }, () => createTestUser(t)));
});
afterAll(() => t.close());

describe('work ratings under concurrent review writes', () => {
  it('counts 20 parallel first reviews exactly', async () => {
    const answers = await Promise.all(readers.map((r, i) => submit(r, ((i % 20) + 1) * 0.25)));
    expect(answers.map((a) => a.status)).toEqual(readers.map(() => 200));
    const after = await totals();
    // 0.25 * (1 + 2 + ... + 20) = 52.5
    expect(after).toEqual({ count: 20, sum: 52.5, real_count: 20, real_sum: 52.5 });
  });

  it('stays exact through parallel resubmits, double submits by one reader, and deletes', async () => {
    const ids = await Promise.all(readers.slice(15).map(reviewIdOf));
    const calls = [
      // Readers 0-9 change their rating; readers 10-14 submit twice at once (one upsert wins, one row).
      ...readers.slice(0, 10).map((r) => submit(r, 5)),
      ...readers.slice(10, 15).flatMap((r) => [submit(r, 1), submit(r, 2)]),
      // Readers 15-19 delete theirs.
      ...readers.slice(15).map((r, i) => t.sf('delete-review', { review_id: ids[i] }, r.token)),
    ];
    const answers = await Promise.all(calls);
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const after = await totals();
    expect(after.count).toBe(15);
    expect(after.real_count).toBe(15);
    expect(after.sum).toBe(after.real_sum);
    // 10 * 5 plus five readers whose last write was 1 or 2.
    expect(after.sum).toBeGreaterThanOrEqual(55);
    expect(after.sum).toBeLessThanOrEqual(60);
  });

  it('stays exact when everyone writes and deletes at once, repeatedly', async () => {
    for (let round = 0; round < 3; round += 1) {
      await Promise.all(
        readers.map(async (r, i) => {
          await submit(r, ((i + round) % 4) + 1);
          if ((i + round) % 3 === 0) await t.sf('delete-review', { review_id: await reviewIdOf(r) }, r.token);
        }),
      );
      const after = await totals();
      expect(after.count).toBe(after.real_count);
      expect(after.sum).toBe(after.real_sum);
    }
  });
});
