import { describe, expect, it } from 'vitest';
import {
  allowedRedirectOr,
  allowedWebOrigin,
  isAllowedRedirect,
  isDesktopRedirect,
} from './redirect-allow-list';

const dev = { publicUrl: 'http://localhost:8787', siteUrls: ['https://shelfwise.app'] };
const prod = {
  publicUrl: 'https://api.shelfwise.app',
  siteUrls: ['https://shelfwise.app'],
};

describe('isAllowedRedirect', () => {
  it('allows our own origin, configured sites and the desktop app’s deep-link routes', () => {
    for (const url of [
      'http://localhost:8787/reset-password',
      'https://shelfwise.app/',
      'https://shelfwise.app/reset-password?x=1#y',
      'shelfwise://auth/callback',
      'SHELFWISE://auth/callback',
      'shelfwise://auth/callback?state=abcdefghijklmnopqrstuvwxyz0123456789ABCD',
      'shelfwise://auth/callback/', // Windows may add a slash
      'shelfwise://confirm-reset',
    ]) {
      expect(isAllowedRedirect(url, dev), url).toBe(true);
    }
    expect(isAllowedRedirect('https://api.shelfwise.app/x', prod)).toBe(true);
    expect(isAllowedRedirect('https://shelfwise.app/x', prod)).toBe(true);
  });

  // The web checks (look-alike hosts, credentials, schemes, backslash and numeric-host tricks) are tested
  // beside them in shared/url.test.ts; these show the list applies them.
  it('refuses other origins, schemes, credentials, relative and malformed URLs', () => {
    for (const url of [
      'https://shelfwise.app.evil.example/',
      'https://shelfwise.app@evil.example/',
      'https://user:pass@shelfwise.app/',
      'http://shelfwise.app/',
      'https://evil.example\\@shelfwise.app/',
      '/reset-password',
      'javascript:alert(1)',
      'shelfwise:evil',
      'shelfwise:/evil',
      '',
      `https://shelfwise.app/${'a'.repeat(2100)}`,
    ]) {
      expect(isAllowedRedirect(url, dev), url).toBe(false);
    }
    expect(isAllowedRedirect('http://localhost:8787\\@evil.example/', dev)).toBe(true);
  });

  it('refuses shelfwise:// links outside the deep-link route table', () => {
    for (const url of [
      'shelfwise://evil.test/steal',
      'shelfwise://evil.test',
      'shelfwise://',
      'shelfwise:///auth/callback',
      'shelfwise://auth',
      'shelfwise://auth/callback/evil',
      'shelfwise://auth/callbackx',
      'shelfwise://AUTH/callback', // routes are matched exactly, as the desktop app matches them
      'shelfwise://auth.evil.test/callback',
      'shelfwise://auth/callback.evil.test',
      'shelfwise://auth%2Fcallback',
      'shelfwise://auth/callback/../../evil',
      'shelfwise://user:pw@auth/callback',
      'shelfwise://auth@evil.test/callback',
      'shelfwise://auth:443/callback',
      'shelfwise://auth/callback#access_token=x',
      'shelfwise://auth/callback?state=a b',
      'shelfwise://auth/callback\n',
      'shelfwise://auth/callback\t',
      'shelfwise://\u0430uth/callback', // Cyrillic a
      `shelfwise://auth/callback?state=${'a'.repeat(5000)}`,
      'shelfwise:auth/callback',
      'shelfwise:/auth/callback',
      'shelfwise-evil://auth/callback',
      'xshelfwise://auth/callback',
    ]) {
      expect(isAllowedRedirect(url, dev), JSON.stringify(url)).toBe(false);
      expect(isAllowedRedirect(url, prod), JSON.stringify(url)).toBe(false);
    }
  });

  it('refuses loopback origins that are not configured, in development as in production', () => {
    for (const url of [
      'http://localhost:5173/',
      'http://127.0.0.1:4000/login',
      'http://[::1]:3000/',
      'http://127.0.0.1:8787/', // the same port, another host name: another origin
      'http://localhost:8788/',
      'http://localhost/',
      'http://0x7f000001:3000/',
    ]) {
      expect(isAllowedRedirect(url, dev), url).toBe(false);
      expect(isAllowedRedirect(url, prod), url).toBe(false);
    }
    // A development server on another port is allowed once it is configured (SITE_URL), and only it.
    const withVite = { ...dev, siteUrls: ['http://localhost:5173'] };
    expect(isAllowedRedirect('http://localhost:5173/settings', withVite)).toBe(true);
    expect(isAllowedRedirect('http://localhost:5174/settings', withVite)).toBe(false);
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
