import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, headersWithCsp } from './content-security-policy';

const directives = (csp: string) =>
  Object.fromEntries(csp.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));

describe('contentSecurityPolicy', () => {
  it('allows scripts and connections only from our own origin in the packaged app', () => {
    const csp = directives(contentSecurityPolicy({ serverOrigin: 'http://localhost:8787' }));
    // WebAssembly compilation for the barcode reader (issue 29), and still no JavaScript eval.
    expect(csp['script-src']).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect(csp['script-src']).not.toContain("'unsafe-eval'");
    expect(csp['connect-src']).toEqual(["'self'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['base-uri']).toEqual(["'none'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['img-src']).toContain('http://localhost:8787');
  });

  it('lets Vite run its inline preamble and HMR socket in development only', () => {
    const csp = directives(
      contentSecurityPolicy({
        serverOrigin: 'http://localhost:8787',
        devServerOrigin: 'http://localhost:5173',
      }),
    );
    expect(csp['script-src']).toEqual(["'self'", "'unsafe-inline'", "'wasm-unsafe-eval'"]);
    expect(csp['connect-src']).toEqual(["'self'", 'ws://localhost:5173']);
    expect(csp['script-src']).not.toContain("'unsafe-eval'");
  });
});

describe('headersWithCsp', () => {
  const csp = "default-src 'self'";

  it('sets our CSP on our pages, replacing one the dev server sent', () => {
    const headers = headersWithCsp(
      {
        url: 'http://localhost:5173/settings',
        responseHeaders: { 'content-security-policy': ['x'], A: ['1'] },
      },
      'http://localhost:5173',
      csp,
    );
    expect(headers).toEqual({ A: ['1'], 'Content-Security-Policy': [csp] });
  });

  it('leaves other origins alone', () => {
    const original = { 'Content-Security-Policy': ["frame-ancestors 'self'"] };
    const details = { url: 'https://www.youtube.com/embed/x', responseHeaders: original };
    expect(headersWithCsp(details, 'app://shelfwise', csp)).toEqual(original);
    expect(headersWithCsp({ url: 'about:blank' }, 'app://shelfwise', csp)).toEqual({});
  });

  it('recognises our app:// pages, whose Node origin is "null"', () => {
    expect(headersWithCsp({ url: 'app://shelfwise/' }, 'app://shelfwise', csp)).toEqual({
      'Content-Security-Policy': [csp],
    });
  });
});
