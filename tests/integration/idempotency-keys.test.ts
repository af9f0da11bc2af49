// Idempotency keys on /sf/ (issue 18) over real HTTP: a write resent with the same Idempotency-Key (the
// desktop outbox after a lost reply) is done once and answered with the first answer; another key is
// another write. Counted straight from the database.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_IN_PROGRESS, IDEMPOTENCY_KEY_REUSED } from '@shared/api/idempotency';
import { seedCatalogue } from '../../server/db/seed/catalogue';
import { STALE_CLAIM_SECONDS, deleteExpiredKeys, fingerprintOf } from '../../server/http/idempotency';
import { sampleCatalogue } from '../fixtures/sample-catalogue';
import { signedInReader } from '../support/import-flows';
import type { Reader } from '../support/import-flows';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';

let s: TestServer;
let edition: { id: string; work_id: string };
beforeAll(async () => {
  s = await startTestServer();
  await seedCatalogue(s.t.deps.db, sampleCatalogue);
  const [first] = await s.t.deps.db.query<{ id: string; work_id: string }>(
    'select id, work_id from public.editions order by id limit 1',
  );
  if (!first) throw new Error('no catalogue');
  edition = first;
});
afterAll(() => s.close());

/** POST /sf/{name} with the reader's bearer and, when given, a key; answers status, body and replay header. */
async function post(reader: Reader | null, name: string, body: unknown, key?: string) {
  const res = await fetch(`${s.url}/sf/${name}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${reader?.token ?? s.anonKey}`,
      ...(key === undefined ? {} : { 'Idempotency-Key': key }),
    },
    body: JSON.stringify(body),
  });
  return {
    status: res.status,
    body: (await res.json()) as any,
    replayed: res.headers.get('idempotent-replayed'),
  };
}

const start = () => ({
  work_id: edition.work_id,
  edition_id: edition.id,
  event_type: 'start',
  start_page: 1,
});
const progress = (page: number) => ({
  work_id: edition.work_id,
  edition_id: edition.id,
  event_type: 'progress',
  end_page: page,
});

async function eventsOf(reader: Reader): Promise<number> {
  const [row] = await s.t.deps.db.query<{ n: number }>(
    'select count(*)::int as n from public.reading_progress_events where user_id = $1',
    [reader.id],
  );
  return row?.n ?? 0;
}

describe('Idempotency-Key on /sf/ writes', () => {
  it('the same key twice is one event and the same answer; another key is another event', async () => {
    const reader = await signedInReader(s);
    const key = randomUUID();
    const first = await post(reader, 'log-progress-event', start(), key);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.replayed).toBeNull();
    const again = await post(reader, 'log-progress-event', start(), key);
    expect(again).toEqual({ status: 200, body: first.body, replayed: 'true' });
    expect(await eventsOf(reader)).toBe(1);

    const a = await post(reader, 'log-progress-event', progress(20), randomUUID());
    const b = await post(reader, 'log-progress-event', progress(20), randomUUID());
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.event.id).not.toBe(b.body.event.id);
    expect(await eventsOf(reader)).toBe(3);
  });

  it('concurrent repeats do not both apply', async () => {
    const reader = await signedInReader(s);
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => post(reader, 'log-progress-event', start(), key)),
    );
    expect(await eventsOf(reader)).toBe(1);
    const done = answers.filter((a) => a.status === 200);
    expect(done.length).toBeGreaterThan(0);
    for (const a of done) expect(a.body).toEqual(done[0]!.body);
    for (const a of answers.filter((x) => x.status !== 200))
      expect(a).toMatchObject({ status: 409, body: { code: IDEMPOTENCY_IN_PROGRESS } });
    // Once the first is answered, every repeat gets its answer.
    expect((await post(reader, 'log-progress-event', start(), key)).body).toEqual(done[0]!.body);
  });

  it('keys are per reader: another reader’s same key is their own write', async () => {
    const ada = await signedInReader(s);
    const bea = await signedInReader(s);
    const key = 'shared-key.1';
    expect((await post(ada, 'log-progress-event', start(), key)).status).toBe(200);
    const theirs = await post(bea, 'log-progress-event', start(), key);
    expect(theirs).toMatchObject({ status: 200, replayed: null, body: { event: { user_id: bea.id } } });
    expect([await eventsOf(ada), await eventsOf(bea)]).toEqual([1, 1]);
  });

  it('a refused write is not remembered; the same key with another request is refused', async () => {
    const reader = await signedInReader(s);
    const key = randomUUID();
    // Progress before a start is refused by the state machine: nothing is kept for the key.
    const refused = await post(reader, 'log-progress-event', progress(5), key);
    expect(refused.status).toBe(409);
    const kept = await s.t.deps.db.query('select 1 from public.idempotent_calls where key = $1', [key]);
    expect(kept).toEqual([]);
    expect((await post(reader, 'log-progress-event', start(), key)).status).toBe(200);
    const other = await post(reader, 'log-progress-event', progress(9), key);
    expect(other).toMatchObject({ status: 422, body: { code: IDEMPOTENCY_KEY_REUSED } });
    expect(await eventsOf(reader)).toBe(1);
  });

  it('a bad key, or a key without a sign-in, is a 400 and changes nothing', async () => {
    const reader = await signedInReader(s);
    for (const key of ['', 'x'.repeat(101), 'has space', 'ünïcode', 'a/b'])
      expect(await post(reader, 'log-progress-event', start(), key)).toMatchObject({
        status: 400,
        body: { code: 'invalid_input' },
      });
    expect(await eventsOf(reader)).toBe(0);
    const anonymous = await post(null, 'search-works', { query: 'emma' }, 'k1');
    expect(anonymous).toMatchObject({ status: 400, body: { code: 'invalid_input' } });
    expect(anonymous.body.error).toMatch(/Sign in/);
  });

  it('a claim still being answered is a 409 to a repeat; one left by a call that died is taken over', async () => {
    const reader = await signedInReader(s);
    const key = randomUUID();
    // A first call under way: its claim is made, its answer not yet stored.
    await s.t.deps.db.query(
      `insert into public.idempotent_calls (user_id, key, fingerprint) values ($1, $2, $3)`,
      [reader.id, key, fingerprintOf('log-progress-event', start())],
    );
    expect(await post(reader, 'log-progress-event', start(), key)).toMatchObject({
      status: 409,
      body: { code: IDEMPOTENCY_IN_PROGRESS },
    });
    expect(await eventsOf(reader)).toBe(0);
    // The process answering it died: past STALE_CLAIM_SECONDS a repeat does the work, once.
    await s.t.deps.db.query(
      `update public.idempotent_calls set claimed_at = now() - make_interval(secs => $2) where key = $1`,
      [key, STALE_CLAIM_SECONDS + 1],
    );
    const taken = await post(reader, 'log-progress-event', start(), key);
    expect(taken).toMatchObject({ status: 200, replayed: null });
    expect(await post(reader, 'log-progress-event', start(), key)).toEqual({ ...taken, replayed: 'true' });
    expect(await eventsOf(reader)).toBe(1);
  });

  it('keys are kept 24 hours, then cleaned away and free again', async () => {
    const reader = await signedInReader(s);
    const key = randomUUID();
    await post(reader, 'log-progress-event', start(), key);
    await s.t.deps.db.query(
      `update public.idempotent_calls set claimed_at = now() - interval '25 hours' where key = $1`,
      [key],
    );
    expect(await deleteExpiredKeys(s.t.deps.db)).toBeGreaterThanOrEqual(1);
    expect(await s.t.deps.db.query('select 1 from public.idempotent_calls where key = $1', [key])).toEqual(
      [],
    );
  });
});
