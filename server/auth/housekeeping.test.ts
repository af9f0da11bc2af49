import { fileStoreFor } from '../storage/file-store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../tests/support/test-app';
import type { TestApp } from '../../tests/support/test-app';
import {
  createHousekeeping,
  RELEASE_UNCONFIRMED_EVERY_MS,
  RELEASE_UNCONFIRMED_JOB,
  releaseUnconfirmedAccounts,
} from './housekeeping';
import { settleJobs } from '../../tests/support/jobs';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const count = async (table: string) =>
  Number((await t.deps.db.query<{ n: number }>(`select count(*) as n from ${table}`))[0]?.n);

describe('housekeeping', () => {
  it('removes rate-limit windows, flows and link tokens older than a day, and expired device tokens, at most once an hour', async () => {
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
    await db.query(
      `insert into auth.device_tokens (token_hash, user_id, expires_at) values
        ('d1', $1, now() - interval '1 second'), ('d2', $1, now() + interval '1 day')`,
      [user?.id],
    );
    let now = Date.now();
    const housekeeping = createHousekeeping(db, () => now);
    await housekeeping.maybeSweep();
    expect([
      await count('auth.rate_limits'),
      await count('auth.flow_state'),
      await count('auth.one_time_tokens'),
      await count('auth.device_tokens'),
    ]).toEqual([1, 1, 1, 1]);

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

describe('releasing unconfirmed accounts', () => {
  const addUser = async (
    email: string,
    username: string,
    {
      ageDays,
      confirmed = false,
      provider = 'email',
    }: { ageDays: number; confirmed?: boolean; provider?: string },
  ) => {
    const { db } = t.deps;
    const [user] = await db.query<{ id: string }>(
      `insert into auth.users (email, email_confirmed_at, created_at)
       values ($1, case when $2 then now() - make_interval(days => $3) end, now() - make_interval(days => $3))
       returning id`,
      [email, confirmed, ageDays],
    );
    await db.query(
      `insert into auth.identities (user_id, provider, provider_id, email) values ($1, $2, $3, $4)`,
      [user?.id, provider, user?.id, email],
    );
    await db.query(
      `insert into public.profiles (id, username, first_name, last_name) values ($1, $2, 'A', 'B')`,
      [user?.id, username],
    );
    return user?.id;
  };
  const usernames = async () =>
    (
      await t.deps.db.query<{ username: string }>('select username from public.profiles order by username')
    ).map((r) => r.username);

  it('deletes accounts left unconfirmed for 7 days, freeing their username and e-mail, and nothing else', async () => {
    await addUser('stale@example.test', 'stale_squatter', { ageDays: 8 });
    await addUser('fresh@example.test', 'fresh_reader', { ageDays: 6 });
    await addUser('confirmed@example.test', 'old_reader', { ageDays: 400, confirmed: true });
    await addUser('google@example.test', 'google_reader', {
      ageDays: 30,
      confirmed: true,
      provider: 'google',
    });
    // Whatever its flags say, an account that has a Google identity is the person's own.
    await addUser('google2@example.test', 'google_unflagged', { ageDays: 30, provider: 'google' });

    expect(await releaseUnconfirmedAccounts(t.deps.db, fileStoreFor(t.deps))).toBe(1);
    expect(await usernames()).toEqual(['fresh_reader', 'google_reader', 'google_unflagged', 'old_reader']);
    expect(
      (await t.deps.db.query(`select 1 from auth.users where email = 'stale@example.test'`)).length,
    ).toBe(0);

    // The name and the address can be registered again by their real owner.
    const again = await t.sf('register-user', {
      email: 'stale@example.test',
      password: 'Str0ng!pass',
      username: 'stale_squatter',
      first_name: 'Real',
      last_name: 'Owner',
    });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
  });

  it('is a durable job every instance keeps scheduled, run again after its interval', async () => {
    await settleJobs(t.deps.db);
    const [job] = await t.deps.db.query<{ kind: string; due_in_minutes: number }>(
      `select kind, extract(epoch from run_at - now()) / 60 as due_in_minutes
         from jobs.queue where kind = $1`,
      [RELEASE_UNCONFIRMED_JOB],
    );
    expect(job?.kind).toBe(RELEASE_UNCONFIRMED_JOB);
    // It ran when the app started, and waits for its next turn.
    expect(Number(job?.due_in_minutes)).toBeGreaterThan(RELEASE_UNCONFIRMED_EVERY_MS / 60_000 - 5);
  });
});
