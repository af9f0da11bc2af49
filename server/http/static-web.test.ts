// The built web app as browsers fetch it (issue 29): hashed assets cached for a year, while the service
// worker, its Workbox runtime and the manifest, whose names never change, are asked for again each time, so
// a deploy reaches every installed app on its next visit.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { createTestApp } from '../../tests/support/test-app';
import type { TestApp } from '../../tests/support/test-app';

let t: TestApp;
let web: Hono;
let distDir: string;

beforeAll(async () => {
  distDir = await mkdtemp(join(tmpdir(), 'shelfwise-web-'));
  await mkdir(join(distDir, 'assets'));
  await writeFile(
    join(distDir, 'index.html'),
    '<!doctype html><link rel="manifest" href="/manifest.webmanifest">',
  );
  await writeFile(join(distDir, 'assets', 'app-1a2b3c.js'), 'console.log(1)');
  await writeFile(join(distDir, 'sw.js'), 'importScripts("/workbox-d191b065.js")');
  await writeFile(join(distDir, 'workbox-d191b065.js'), 'self.workbox = {}');
  await writeFile(join(distDir, 'manifest.webmanifest'), '{"name":"Shelfwise"}');
  t = await createTestApp({ config: { webDistDir: distDir } });
  web = createApp(t.deps, { web: true });
});
afterAll(async () => {
  await t.close();
  await rm(distDir, { recursive: true, force: true });
});

describe('the built web app', () => {
  it('has browsers ask again for the service worker, its runtime and the manifest', async () => {
    for (const path of ['/sw.js', '/workbox-d191b065.js', '/manifest.webmanifest']) {
      const res = await web.request(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control'), path).toBe('no-cache');
    }
  });

  it('serves the worker as JavaScript and the manifest as a web app manifest', async () => {
    expect((await web.request('/sw.js')).headers.get('content-type')).toMatch(/^text\/javascript/);
    expect((await web.request('/manifest.webmanifest')).headers.get('content-type')).toBe(
      'application/manifest+json',
    );
  });

  it('lets the service worker run from our own origin under the strict policy', async () => {
    const csp = (await web.request('/sw.js')).headers.get('content-security-policy') ?? '';
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("script-src 'self'");
  });

  it('keeps hashed assets for a year and the page itself never', async () => {
    expect((await web.request('/assets/app-1a2b3c.js')).headers.get('cache-control')).toBe(
      'public, max-age=31536000, immutable',
    );
    expect((await web.request('/shelf/abc')).headers.get('cache-control')).toBe('no-cache');
  });

  it('answers a file of an older build 404, never the page in its place', async () => {
    for (const path of ['/workbox-0000.js', '/assets/work-old.js']) {
      const res = await web.request(path);
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).not.toContain('<!doctype html>');
    }
    expect((await web.request('/search/J.R.R. Tolkien')).status).toBe(200);
  });
});
