import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../tests/support/test-app';
import type { TestApp } from '../../tests/support/test-app';
import { createApp } from '../app';
import { startPublicReadCache } from '../cache/public-read-cache';
import { createDrain } from './drain';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ jobs: false });
});
afterAll(() => t.close());

const get = async (app: { request(path: string): Response | Promise<Response> }, path: string) => {
  const res = await app.request(path);
  return { status: res.status, body: (await res.json()) as unknown };
};

describe('/health/live and /health/ready', () => {
  it('answer live, and ready with each check, while the database answers and is migrated', async () => {
    const app = createApp(t.deps, { drain: createDrain() });
    expect(await get(app, '/health/live')).toEqual({ status: 200, body: { ok: true } });
    expect(await get(app, '/health/ready')).toEqual({
      status: 200,
      body: {
        ok: true,
        // This app has no public-read cache, so there is no LISTEN connection to want.
        checks: { database: 'ok', migrations: 'ok', cache_listener: 'off', draining: 'ok' },
      },
    });
  });

  it('are not ready while draining, and keep /health as it was', async () => {
    const drain = createDrain();
    const app = createApp(t.deps, { drain });
    drain.begin();
    expect(await get(app, '/health/ready')).toMatchObject({
      status: 503,
      body: { ok: false, checks: { draining: 'failed', database: 'ok' } },
    });
    expect(await get(app, '/health/live')).toEqual({ status: 200, body: { ok: true } });
    expect(await get(app, '/health')).toMatchObject({ status: 200, body: { ok: true } });
  });

  it('are not ready when the database is behind the migrations this build ships', async () => {
    const app = createApp(t.deps);
    const [latest] = await t.deps.db.query<{ version: number; name: string }>(
      'select version, name from public.schema_migrations order by version desc limit 1',
    );
    await t.deps.db.query('delete from public.schema_migrations where version = $1', [latest!.version]);
    try {
      expect(await get(app, '/health/ready')).toMatchObject({
        status: 503,
        body: { ok: false, checks: { database: 'ok', migrations: 'failed' } },
      });
    } finally {
      await t.deps.db.query('insert into public.schema_migrations (version, name) values ($1, $2)', [
        latest!.version,
        latest!.name,
      ]);
    }
    expect((await get(app, '/health/ready')).status).toBe(200);
  });

  it('are ready with the public-read cache listening, and not once its LISTEN connection is gone', async () => {
    const publicReads = await startPublicReadCache(t.deps.db);
    const app = createApp({ ...t.deps, publicReads });
    expect(await get(app, '/health/ready')).toMatchObject({
      status: 200,
      body: { checks: { cache_listener: 'ok' } },
    });
    await publicReads.close();
    expect(await get(app, '/health/ready')).toMatchObject({
      status: 503,
      body: { checks: { cache_listener: 'failed' } },
    });
  });
});
