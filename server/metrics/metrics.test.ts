import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../tests/support/test-app';
import type { TestApp } from '../../tests/support/test-app';
import { createApp } from '../app';
import { startPublicReadCache } from '../cache/public-read-cache';
import type { PublicReadCache } from '../cache/public-read-cache';
import { routeLabel } from '../http/route-label';

const TOKEN = 'a-metrics-token-for-tests';
let t: TestApp;
let publicReads: PublicReadCache;
beforeAll(async () => {
  t = await createTestApp({ jobs: false, seed: [] });
  publicReads = await startPublicReadCache(t.deps.db);
});
afterAll(async () => {
  await publicReads.close();
  await t.close();
});

describe('GET /metrics', () => {
  it('does not exist without METRICS_TOKEN', async () => {
    const app = createApp(t.deps);
    expect((await app.request('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(
      404,
    );
  });

  it('answers only the token, with requests by route and status, jobs by kind, the cache, memory and the event loop', async () => {
    const app = createApp({ ...t.deps, publicReads, config: { ...t.deps.config, metricsToken: TOKEN } });
    const search = () =>
      app.request('/sf/search-works', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${t.deps.keys.anonKey}` },
        body: JSON.stringify({ query: 'river' }),
      });
    expect((await search()).status).toBe(200);
    expect((await search()).status).toBe(200);
    expect((await app.request('/sf/no-such-endpoint', { method: 'POST' })).status).toBe(404);
    await t.deps.jobs.enqueue(t.deps.db, 'mail.send', { id: 'x' });

    expect((await app.request('/metrics')).status).toBe(401);
    expect(
      (await app.request('/metrics', { headers: { authorization: 'Bearer wrong-token-wrong-token' } }))
        .status,
    ).toBe(401);
    const res = await app.request('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toContain('http_requests_total{method="POST",route="/sf/search-works",status="200"} 2');
    expect(text).toContain('http_requests_total{method="POST",route="/sf/:name",status="404"} 1');
    expect(text).toMatch(
      /http_request_duration_seconds_bucket\{le="\+Inf",method="POST",route="\/sf\/search-works",status="200"\} 2/,
    );
    expect(text).toContain('jobs_queued{kind="mail.send"} 1');
    expect(text).toContain('public_read_cache_requests_total 2');
    expect(text).toContain('public_read_cache_hits_total 1');
    expect(text).toMatch(/nodejs_eventloop_lag_seconds \d/);
    expect(text).toMatch(/process_resident_memory_bytes \d/);
  });

  it('counts an unknown /sf/ name under one series, never the raw path', () => {
    expect(routeLabel('/sf/:name', '/sf/get-profile')).toBe('/sf/get-profile');
    expect(routeLabel('/sf/:name', '/sf/x1234')).toBe('/sf/:name');
    expect(routeLabel('/covers/:file', '/covers/abc.webp')).toBe('/covers/:file');
  });
});
