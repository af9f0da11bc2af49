import { describe, expect, it } from 'vitest';
import { parseUrl, webOriginOf, webUrlOn } from './url';

// The origins of a development server that also serves a configured site (PUBLIC_URL, SITE_URL).
const OURS = ['http://localhost:8787', 'https://shelfwise.app'];
const on = (value: unknown, origins: readonly string[] = OURS) => webUrlOn(value, origins)?.href ?? null;

describe('webUrlOn', () => {
  it('accepts http(s) URLs on one of the given origins', () => {
    expect(on('http://localhost:8787/reset-password')).toBe('http://localhost:8787/reset-password');
    expect(on('https://shelfwise.app/')).toBe('https://shelfwise.app/');
    expect(on('https://shelfwise.app/reset-password?x=1#y')).toBe(
      'https://shelfwise.app/reset-password?x=1#y',
    );
    // The given origins are parsed too: a trailing slash or upper case names the same origin.
    expect(on('https://shelfwise.app/x', ['HTTPS://Shelfwise.APP/'])).toBe('https://shelfwise.app/x');
  });

  it('refuses look-alike hosts, other schemes, credentials, relative and malformed URLs', () => {
    for (const url of [
      'https://evil.example/',
      'https://shelfwise.app.evil.example/',
      'https://evil.example/https://shelfwise.app/',
      'https://evil.example/?next=http://localhost:8787',
      'https://shelfwise.app@evil.example/',
      'https://user:pass@shelfwise.app/',
      'http://localhost:8787@evil.example/x',
      'http://user:pw@localhost:8787/auth/v1/verify',
      'http://shelfwise.app/', // scheme is part of the origin
      'https://shelfwise.app:8443/',
      'https://localhost:8787/', // https where the server is http
      'http://localhost:9999/', // our host on another port
      'http://localhost:8787.evil.example/',
      'http://localhost.evil.example/',
      'http://127.0.0.1.nip.io/',
      'https://localhost:5173/',
      '//evil.example/',
      '/reset-password',
      'reset-password',
      'javascript:alert(1)',
      'javascript:alert(1)//http://localhost:8787',
      'data:text/html,<script>alert(1)</script>',
      'file:///etc/passwd',
      'ftp://shelfwise.app/',
      'shelfwise://auth/callback',
      '',
      ' ',
      `https://shelfwise.app/${'a'.repeat(2100)}`,
    ]) {
      expect(on(url), url).toBeNull();
    }
    expect(on(42)).toBeNull();
    expect(on('http://localhost:8787/x', ['not a url'])).toBeNull();
  });

  it('compares parsed origins, so backslashes and case tricks land where the browser would go', () => {
    // WHATWG URL parsing treats "\\" as "/" for http(s): this is localhost, which the browser also visits.
    expect(on('http://localhost:8787\\@evil.example/')).toBe('http://localhost:8787/@evil.example/');
    expect(on('https://evil.example\\@shelfwise.app/')).toBeNull();
    expect(on('HTTPS://SHELFWISE.APP/Path')).toBe('https://shelfwise.app/Path');
    expect(on('http://LOCALHOST:8787/auth/v1/verify')).toBe('http://localhost:8787/auth/v1/verify');
    // Hex and dotless IPv4 forms are normalised before comparing.
    const numeric = ['http://127.0.0.1:3000'];
    expect(on('http://0x7f000001:3000/', numeric)).toBe('http://127.0.0.1:3000/');
    expect(on('http://2130706433:3000/', numeric)).toBe('http://127.0.0.1:3000/');
    expect(on('http://0x7f000001:3001/', numeric)).toBeNull();
  });
});

describe('webOriginOf and parseUrl', () => {
  it('gives the origin of http(s) URLs only', () => {
    expect(webOriginOf('https://Shelfwise.app:443/x?y#z')).toBe('https://shelfwise.app');
    expect(webOriginOf('https://user:pw@shelfwise.app/')).toBe('https://shelfwise.app');
    expect(webOriginOf('null')).toBeNull();
    expect(webOriginOf('shelfwise://app')).toBeNull();
    expect(webOriginOf('app://shelfwise/')).toBeNull();
    expect(webOriginOf(null)).toBeNull();
  });

  it('refuses what is not a string, too long or not absolute', () => {
    expect(parseUrl(7)).toBeNull();
    expect(parseUrl('/relative')).toBeNull();
    expect(parseUrl(`https://x.example/${'a'.repeat(2100)}`)).toBeNull();
    expect(parseUrl(`https://x.example/${'a'.repeat(2100)}`, 4096)?.host).toBe('x.example');
  });
});
