import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../tests/support/test-app';
import type { TestApp } from '../../tests/support/test-app';
import { createTestUser } from '../../tests/support/test-users';
import { createApp } from '../app';
import { createLogger, readableLine } from '../logging/logger';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ jobs: false });
});
afterAll(() => t.close());

function capture() {
  const lines: string[] = [];
  const out = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  return { lines, out };
}

describe('the request log', () => {
  it('writes one JSON line per request: method, route, status, duration, request id, user id; no body, token or e-mail', async () => {
    const { lines, out } = capture();
    const app = createApp(t.deps, { log: createLogger('info', out) });
    const user = await createTestUser(t);
    const profile = await app.request('/sf/update-profile', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` },
      body: JSON.stringify({ first_name: 'Secretname' }),
    });
    expect(profile.status).toBe(200);
    const anon = await app.request('/sf/search-works', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${t.deps.keys.anonKey}` },
      body: JSON.stringify({ query: 'river' }),
    });
    expect(anon.status).toBe(200);
    await new Promise((resolve) => setImmediate(resolve));

    expect(lines).toHaveLength(2);
    const [first, second] = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(first).toEqual({
      level: 30,
      time: expect.any(Number),
      msg: 'request',
      method: 'POST',
      route: '/sf/update-profile',
      status: 200,
      duration_ms: expect.any(Number),
      request_id: profile.headers.get('x-request-id'),
      user_id: user.id,
    });
    expect(second).not.toHaveProperty('user_id');
    expect(second!.request_id).toBe(anon.headers.get('x-request-id'));
    const all = lines.join('\n');
    for (const secret of ['Secretname', user.token, user.email, t.deps.keys.anonKey, 'river']) {
      expect(all).not.toContain(secret);
    }
  });

  it('keeps quiet below LOG_LEVEL', async () => {
    const { lines, out } = capture();
    const app = createApp(t.deps, { log: createLogger('warn', out) });
    await app.request('/health/live');
    expect(lines).toEqual([]);
  });

  it('reads as a short line on a terminal', () => {
    const json = JSON.stringify({
      level: 30,
      time: Date.parse('2026-01-01T10:20:30.456Z'),
      msg: 'request',
      status: 200,
      route: '/sf/update-profile',
    });
    expect(readableLine(json)).toBe('10:20:30.456 INFO request status=200 route=/sf/update-profile\n');
  });
});
