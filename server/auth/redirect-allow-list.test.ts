import { describe, expect, it } from 'vitest';
import {
  allowedRedirectOr,
  allowedWebOrigin,
  isAllowedRedirect,
  isDesktopRedirect,
} from './redirect-allow-list';

const dev = { publicUrl: 'http://localhost:8787', siteUrls: ['https://shelfwise.app'], production: false };
const prod = {
  publicUrl: 'https://api.shelfwise.app',
  siteUrls: ['https://shelfwise.app'],
  production: true,
};

describe('isAllowedRedirect', () => {
  it('allows our own origins, configured sites, the desktop scheme and, in development, loopback', () => {
    for (const url of [
      'http://localhost:8787/reset-password',
      'https://shelfwise.app/',
      'https://shelfwise.app/reset-password?x=1#y',
      'shelfwise://auth/callback',
      'SHELFWISE://auth/callback',
      'http://localhost:5173/',
      'http://127.0.0.1:4000/login',
      'http://[::1]:3000/',
    ]) {
      expect(isAllowedRedirect(url, dev), url).toBe(true);
    }
    expect(isAllowedRedirect('https://api.shelfwise.app/x', prod)).toBe(true);
    expect(isAllowedRedirect('https://shelfwise.app/x', prod)).toBe(true);
  });

  it('refuses look-alike hosts, other schemes, credentials, relative and malformed URLs', () => {
    for (const url of [
      'https://evil.example/',
      'https://shelfwise.app.evil.example/',
      'https://evil.example/https://shelfwise.app/',
      'https://evil.example/?next=http://localhost:8787',
      'https://shelfwise.app@evil.example/',
      'https://user:pass@shelfwise.app/',
      'http://shelfwise.app/', // scheme is part of the origin
      'https://shelfwise.app:8443/',
      'http://localhost.evil.example/',
      'http://127.0.0.1.nip.io/',
      'https://localhost:5173/', // loopback only over plain http in development
      '//evil.example/',
      '/reset-password',
      'reset-password',
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'file:///etc/passwd',
      'shelfwise:evil',
      'shelfwise:/evil',
      'ftp://shelfwise.app/',
      '',
      ' ',
      `https://shelfwise.app/${'a'.repeat(2100)}`,
    ]) {
      expect(isAllowedRedirect(url, dev), url).toBe(false);
    }
  });

  it('refuses loopback in production', () => {
    expect(isAllowedRedirect('http://localhost:5173/', prod)).toBe(false);
    expect(isAllowedRedirect('http://127.0.0.1:8787/', prod)).toBe(false);
  });

  it('compares parsed origins, so backslashes and case tricks land where the browser would go', () => {
    // WHATWG URL parsing treats "\" as "/" for http(s): this is localhost, which the browser also visits.
    expect(isAllowedRedirect('http://localhost:8787\\@evil.example/', dev)).toBe(true);
    expect(isAllowedRedirect('https://evil.example\\@shelfwise.app/', dev)).toBe(false);
    expect(isAllowedRedirect('HTTPS://SHELFWISE.APP/Path', dev)).toBe(true);
    // Hex and dotless IPv4 forms are normalised to 127.0.0.1, which is loopback in development only.
    expect(isAllowedRedirect('http://0x7f000001:3000/', dev)).toBe(true);
    expect(isAllowedRedirect('http://0x7f000001:3000/', prod)).toBe(false);
  });
});

describe('allowedRedirectOr and allowedWebOrigin', () => {
  it('falls back when the target is missing or not allowed', () => {
    expect(allowedRedirectOr(undefined, 'http://localhost:8787', dev)).toBe('http://localhost:8787');
    expect(allowedRedirectOr('https://evil.example/', 'http://localhost:8787', dev)).toBe(
      'http://localhost:8787',
    );
    expect(allowedRedirectOr('https://shelfwise.app/a', 'x', dev)).toBe('https://shelfwise.app/a');
  });

  it('answers the origin of an allowed browser origin only', () => {
    expect(allowedWebOrigin('https://shelfwise.app', prod)).toBe('https://shelfwise.app');
    expect(allowedWebOrigin('https://evil.example', prod)).toBeNull();
    expect(allowedWebOrigin('null', prod)).toBeNull();
    expect(allowedWebOrigin('shelfwise://app', prod)).toBeNull();
    expect(allowedWebOrigin(null, prod)).toBeNull();
  });

  it('recognises desktop redirects', () => {
    expect(isDesktopRedirect('shelfwise://auth/callback')).toBe(true);
    expect(isDesktopRedirect('https://shelfwise.app')).toBe(false);
    expect(isDesktopRedirect(null)).toBe(false);
  });
});
