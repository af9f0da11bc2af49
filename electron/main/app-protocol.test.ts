import { resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createAppProtocolHandler, resolveAppAsset } from './app-protocol';

const ROOT = resolve('/opt/shelfwise/dist/web');
const FILES = new Set([
  resolve(ROOT, 'index.html'),
  resolve(ROOT, 'assets/index-abc.js'),
  resolve(ROOT, 'logo.svg'),
]);
const exists = (path: string) => FILES.has(path);

describe('resolveAppAsset', () => {
  it('serves files of the build with their content type', () => {
    expect(resolveAppAsset(ROOT, 'app://shelfwise/assets/index-abc.js', exists)).toEqual({
      kind: 'file',
      path: resolve(ROOT, 'assets/index-abc.js'),
      contentType: 'text/javascript; charset=utf-8',
    });
    expect(resolveAppAsset(ROOT, 'app://shelfwise/logo.svg', exists)).toMatchObject({
      contentType: 'image/svg+xml',
    });
  });

  it.each([
    'app://shelfwise/',
    'app://shelfwise/settings',
    'app://shelfwise/work/123?edition=4',
    'app://shelfwise/a/b/',
  ])('answers index.html for the route %s', (url) => {
    expect(resolveAppAsset(ROOT, url, exists)).toEqual({
      kind: 'file',
      path: resolve(ROOT, 'index.html'),
      contentType: 'text/html; charset=utf-8',
    });
  });

  it.each([
    ['a missing asset', 'app://shelfwise/assets/missing.js'],
    ['another host', 'app://evil/index.html'],
    ['another scheme', 'file:///opt/shelfwise/dist/web/index.html'],
    ['encoded slashes', 'app://shelfwise/..%2f..%2fetc%2fpasswd.txt'],
    ['encoded backslashes', 'app://shelfwise/..%5c..%5csecret.txt'],
    ['a NUL byte', 'app://shelfwise/index.html%00.png'],
    ['broken percent-encoding', 'app://shelfwise/%E0%A4%A.js'],
    ['not a URL', 'no url'],
  ])('refuses %s', (_name, url) => {
    expect(resolveAppAsset(ROOT, url, exists)).toEqual({ kind: 'not-found' });
  });

  it.each([
    'app://shelfwise/../../../etc/passwd.txt',
    'app://shelfwise/%2e%2e/%2e%2e/etc/passwd.txt',
    'app://shelfwise/assets/../../../../etc/passwd.txt',
  ])('never answers a file outside the build for %s, even when the disk has it', (url) => {
    const asset = resolveAppAsset(ROOT, url, () => true);
    expect(asset.kind === 'file' && asset.path.startsWith(ROOT + sep)).toBe(true);
  });
});

describe('createAppProtocolHandler', () => {
  const handler = createAppProtocolHandler({
    root: ROOT,
    exists,
    readFile: async (path) => new TextEncoder().encode(`contents of ${path}`),
    headers: { 'content-security-policy': "default-src 'self'" },
  });

  it('answers files with the CSP and nosniff headers', async () => {
    const response = await handler(new Request('app://shelfwise/settings'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toBe("default-src 'self'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await response.text()).toBe(`contents of ${resolve(ROOT, 'index.html')}`);
  });

  it('answers 404 when the build has no such file after all', async () => {
    const missing = createAppProtocolHandler({
      root: ROOT,
      exists: () => true,
      readFile: async () => {
        throw new Error('ENOENT');
      },
      headers: {},
    });
    expect((await missing(new Request('app://shelfwise/'))).status).toBe(404);
  });

  it('answers 404 for refused paths and for anything but GET', async () => {
    expect((await handler(new Request('app://shelfwise/assets/missing.js'))).status).toBe(404);
    expect((await handler(new Request('app://shelfwise/', { method: 'POST', body: 'x' }))).status).toBe(404);
  });
});
