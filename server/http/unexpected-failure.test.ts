// What callers and the log see when the database fails: an outage is a 503 with Retry-After on every
// router (never a 500), and a failed statement a 500 whose one log line carries no values.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../../tests/support/test-app';
import type { TestApp } from '../../tests/support/test-app';
import { createTestUser } from '../../tests/support/test-users';
import type { TestUser } from '../../tests/support/test-users';
import { createApp } from '../app';
import type { Db } from '../db/db';
import { DatabaseUnavailableError } from '../db/database-unavailable';

/** A database that fails every statement with `error`. */
function failingDb(kind: Db['kind'], error: () => unknown): Db {
  const fail = async (): Promise<never> => {
    throw error();
  };
  return { kind, query: fail, exec: fail, transaction: fail, close: async () => undefined };
}

const refused = () =>
  new DatabaseUnavailableError(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }));
/** What PostgreSQL answers a NUL in a text parameter: its message quotes the caller's text. */
const nulInText = () =>
  Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00 near "my secret review"'), {
    code: '22021',
    where: "unnamed portal parameter $2 = 'my secret review'",
  });

let t: TestApp;
let user: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  user = await createTestUser(t);
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

const appWith = (db: Db) => createApp({ ...t.deps, db });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const listShelves = (app: ReturnType<typeof appWith>) =>
  app.request('/sf/list-shelves', {
    method: 'POST',
    headers: { ...bearer(user.token), 'content-type': 'application/json' },
    body: '{}',
  });

describe('while the database is unavailable', () => {
  it('every router answers 503 with Retry-After in its own format, and /health names the database', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const app = appWith(failingDb('postgres', refused));
    const json = { 'content-type': 'application/json' };

    const sf = await app.request('/sf/list-shelves', {
      method: 'POST',
      headers: { ...json, ...bearer(user.token) },
      body: '{}',
    });
    expect(sf.status).toBe(503);
    expect(sf.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await sf.json()).toEqual({ error: expect.any(String), code: 'unavailable' });

    const auth = await app.request('/auth/v1/user', {
      headers: { ...bearer(user.token), apikey: t.deps.keys.anonKey, 'x-supabase-api-version': '2024-01-01' },
    });
    expect(auth.status).toBe(503);
    expect(auth.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await auth.json()).toEqual({ code: 'unavailable', message: expect.any(String) });

    const storage = await app.request(`/storage/v1/object/avatars/${user.id}/avatar.png`, {
      method: 'POST',
      headers: { ...bearer(user.token), 'content-type': 'image/png' },
      body: new Uint8Array([137, 80, 78, 71]),
    });
    expect(storage.status).toBe(503);
    expect(storage.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await storage.json()).toMatchObject({ statusCode: '503', error: 'unavailable' });

    const health = await app.request('/health');
    expect(health.status).toBe(503);
    expect(await health.json()).toEqual({ ok: false, database: 'postgres', error: 'database unavailable' });
  });

  it('logs the outage once, not once per request', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const app = appWith(failingDb('postgres', refused));
    const statuses = new Set<number>();
    for (let i = 0; i < 50; i += 1) statuses.add((await listShelves(app)).status);
    expect([...statuses]).toEqual([503]);
    // The first test of this file may have logged it already; this one adds at most that one line.
    expect(logged.mock.calls.length).toBeLessThanOrEqual(1);
  });
});

describe('a statement that fails', () => {
  it('answers 500 with a request id, and logs one line naming endpoint, class and id, without values', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const app = appWith(failingDb('postgres', nulInText));
    const res = await listShelves(app);
    expect(res.status).toBe(500);
    const requestId = res.headers.get('x-request-id');
    expect(requestId).toMatch(/^[0-9a-f]{16}$/);
    expect(await res.json()).toEqual({
      error: 'Something went wrong on our side. Please try again.',
      code: 'internal_error',
      request_id: requestId,
    });
    expect(logged).toHaveBeenCalledTimes(1);
    const line = String(logged.mock.calls[0]?.[0]);
    expect(logged.mock.calls[0]).toHaveLength(1);
    expect(line).toContain('POST /sf/list-shelves');
    expect(line).toContain('Error 22021');
    expect(line).toContain(`request=${requestId}`);
    expect(line).not.toMatch(/secret|UTF8|portal/);
  });

  it('on /auth/v1 too: a 500 in its format, with the request id, and nothing of the caller in the log', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const app = appWith(failingDb('postgres', nulInText));
    const res = await app.request('/auth/v1/user', {
      headers: { ...bearer(user.token), apikey: t.deps.keys.anonKey },
    });
    expect(res.status).toBe(500);
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f]{16}$/);
    expect(logged).toHaveBeenCalledTimes(1);
    expect(String(logged.mock.calls[0]?.[0])).not.toMatch(/secret|UTF8|portal/);
  });
});
