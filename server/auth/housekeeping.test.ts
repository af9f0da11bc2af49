import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../tests/support/test-app';
import type { TestApp } from '../../tests/support/test-app';
import { createHousekeeping } from './housekeeping';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const count = async (table: string) =>
  Number((await t.deps.db.query<{ n: number }>(`select count(*) as n from ${table}`))[0]?.n);

describe('housekeeping', () => {
  it('removes rate-limit windows, flows and link tokens older than a day, at most once an hour', async () => {
    const { db } = t.deps;
    const [user] = await db.query<{ id: string }>(
      `insert into auth.users (email) values ('old@example.test') returning id`,
    );
    await db.query(`insert into auth.rate_limits (key, window_start, hits) values
      ('old', now() - interval '2 days', 1), ('new', now(), 1)`);
    await db.query(`insert into auth.flow_state (code_challenge, code_challenge_method, provider_type, authentication_method, created_at)
      values ('c', 's256', 'google', 'oauth', now() - interval '2 days'), ('c', 's256', 'google', 'oauth', now())`);
    await db.query(
      `insert into auth.one_time_tokens (user_id, token_type, token_hash, relates_to, expires_at) values
        ($1, 'recovery', 'h1', 'x', now() - interval '2 days'), ($1, 'confirmation', 'h2', 'x', now() + interval '1 hour')`,
      [user?.id],
    );
    let now = Date.now();
    const housekeeping = createHousekeeping(db, () => now);
    await housekeeping.maybeSweep();
    expect([
      await count('auth.rate_limits'),
      await count('auth.flow_state'),
      await count('auth.one_time_tokens'),
    ]).toEqual([1, 1, 1]);

    await db.query(
      `insert into auth.rate_limits (key, window_start, hits) values ('older', now() - interval '3 days', 1)`,
    );
    now += 10 * 60 * 1000;
    await housekeeping.maybeSweep();
    expect(await count('auth.rate_limits')).toBe(2);
    now += 60 * 60 * 1000;
    await housekeeping.maybeSweep();
    expect(await count('auth.rate_limits')).toBe(1);
  });
});
