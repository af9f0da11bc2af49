// Every response carries the web app's Content-Security-Policy and Permissions-Policy (issue 13 §9): the
// page, its assets, the API and its errors; an avatar object keeps its own stricter policy.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { createTestApp } from '../../tests/support/test-app';
import type { TestApp } from '../../tests/support/test-app';
import { webContentSecurityPolicy } from './security-headers';

const WEB_CSP = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https://shelfwise.example.test",
  "font-src 'self'",
  "connect-src 'self'",
  'frame-src https://www.youtube.com https://www.youtube-nocookie.com https://player.vimeo.com',
  "media-src 'none'",
  "object-src 'none'",
  "worker-src 'self'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const PERMISSIONS =
  'accelerometer=(), browsing-topics=(), camera=(self), display-capture=(), geolocation=(), ' +
  'gyroscope=(), hid=(), idle-detection=(), magnetometer=(), microphone=(), midi=(), payment=(), ' +
  'screen-wake-lock=(), serial=(), usb=(), xr-spatial-tracking=()';

let t: TestApp;
let web: Hono;
let distDir: string;

beforeAll(async () => {
  distDir = await mkdtemp(join(tmpdir(), 'shelfwise-web-'));
  await mkdir(join(distDir, 'assets'));
  await writeFile(
    join(distDir, 'index.html'),
    '<!doctype html><script type="module" src="/assets/app.js"></script>',
  );
  await writeFile(join(distDir, 'assets', 'app.js'), 'console.log(1)');
  t = await createTestApp({
    config: {
      coversUrl: 'https://covers.example.test/covers',
      publicUrl: 'https://shelfwise.example.test/app',
      webDistDir: distDir,
    },
  });
  web = createApp(t.deps, { web: true });
});
afterAll(async () => {
  await t.close();
  await rm(distDir, { recursive: true, force: true });
});

describe('security headers', () => {
  it('give the page, its assets and every route of the app the strict policy', async () => {
    for (const path of ['/', '/work/123', '/user/ada', '/assets/app.js', '/no/such/page']) {
      const res = await web.request(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-security-policy'), path).toBe(WEB_CSP);
      expect(res.headers.get('permissions-policy'), path).toBe(PERMISSIONS);
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('x-frame-options'), path).toBe('DENY');
      expect(res.headers.get('referrer-policy'), path).toBe('no-referrer');
      // Kept from before: the desktop app (another origin) shows avatars and covers from this server.
      expect(res.headers.get('cross-origin-resource-policy'), path).toBe('cross-origin');
      expect(res.headers.get('cross-origin-opener-policy'), path).toBeNull();
    }
  });

  it('give API answers, their errors and storage errors the same policy', async () => {
    const answers = [
      await web.request('/health'),
      await web.request('/client-config'),
      await web.request('/sf/work-details', { method: 'POST', body: '{' }),
      await web.request('/sf/no-such-endpoint', { method: 'POST' }),
      await web.request('/storage/v1/object/public/avatars/public/nobody.png'),
      await web.request('/auth/v1/user'),
    ];
    for (const res of answers) {
      expect(res.headers.get('content-security-policy'), res.url).toBe(WEB_CSP);
      expect(res.headers.get('permissions-policy'), res.url).toBe(PERMISSIONS);
    }
  });

  it('allow scripts from our origin only, never inline or eval; WebAssembly for the barcode reader', () => {
    const csp = webContentSecurityPolicy({
      publicUrl: 'http://localhost:8787',
      googleClientId: null,
    });
    expect(csp.scriptSrc).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect(JSON.stringify(csp)).not.toMatch(/'unsafe-eval'|'unsafe-inline'.*script/);
    expect(csp.imgSrc).toEqual(["'self'", 'data:', 'blob:', 'http://localhost:8787']);
  });

  it('allow Google profile pictures only with Google sign-in, and name each origin once', () => {
    const csp = webContentSecurityPolicy({
      publicUrl: 'http://localhost:8787',
      googleClientId: 'id',
    });
    expect(csp.imgSrc).toEqual([
      "'self'",
      'data:',
      'blob:',
      'http://localhost:8787',
      'https://*.googleusercontent.com',
    ]);
  });
});
