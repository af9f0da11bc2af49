import { describe, expect, it } from 'vitest';
import {
  deepLinkRouteOf,
  describeLinkForLog,
  hasDeepLinkScheme,
  isConfirmationUrlOn,
  parseDeepLink,
  rendererPathOf,
  toAppUrl,
  toWebUrl,
} from './deep-links';

const SERVER = 'http://localhost:8787';
const STATE = 'aZ09_-aZ09_-aZ09_-aZ09_-aZ09_-aZ09_-abcdefg';
const VERIFY = `${SERVER}/auth/v1/verify?token=abc&type=signup&redirect_to=shelfwise%3A%2F%2Fauth%2Fcallback`;
const confirm = (route: string, url: string) =>
  `shelfwise://${route}?confirmation_url=${encodeURIComponent(url)}`;

function refused(raw: unknown, servers = [SERVER]): string {
  const result = parseDeepLink(raw, servers);
  if (result.ok) throw new Error(`accepted ${String(raw)}`);
  return result.reason;
}

describe('parseDeepLink: accepted links', () => {
  it('reads an OAuth callback with its code and state', () => {
    expect(parseDeepLink(`shelfwise://auth/callback?code=Xy_-1.~z&state=${STATE}`, [SERVER])).toEqual({
      ok: true,
      link: { route: 'auth/callback', params: { code: 'Xy_-1.~z', state: STATE } },
    });
  });

  it('reads an OAuth error report that names the flow it belongs to', () => {
    const raw = `shelfwise://auth/callback?error=access_denied&error_description=User+cancelled&state=${STATE}`;
    expect(parseDeepLink(raw, [SERVER])).toEqual({
      ok: true,
      link: {
        route: 'auth/callback',
        params: { error: 'access_denied', error_description: 'User cancelled', state: STATE },
      },
    });
  });

  it.each(['confirm-signup', 'confirm-reset', 'change-email'])(
    'reads %s with a verify URL on our server',
    (route) => {
      const result = parseDeepLink(confirm(route, VERIFY), [SERVER]);
      expect(result).toEqual({ ok: true, link: { route, params: { confirmation_url: VERIFY } } });
      if (!result.ok) return;
      expect(rendererPathOf(result.link)).toBe(`/${route}?confirmation_url=${encodeURIComponent(VERIFY)}`);
    },
  );

  it('accepts the trailing slash Windows adds after the host, and an upper-case scheme', () => {
    expect(
      parseDeepLink(`shelfwise://confirm-signup/?confirmation_url=${encodeURIComponent(VERIFY)}`, [SERVER])
        .ok,
    ).toBe(true);
    expect(parseDeepLink(`SHELFWISE://auth/callback?code=c&state=${STATE}`, [SERVER]).ok).toBe(true);
  });

  it('trusts any of the server addresses it is given (configured URL and the public URL it reports)', () => {
    const onPublic = confirm('confirm-reset', 'https://books.example.org/auth/v1/verify?token=t');
    expect(parseDeepLink(onPublic, [SERVER, 'https://books.example.org']).ok).toBe(true);
    expect(parseDeepLink(onPublic, [SERVER]).ok).toBe(false);
  });

  it('gives auth callbacks no renderer path: main handles them', () => {
    const result = parseDeepLink(`shelfwise://auth/callback?code=c&state=${STATE}`, [SERVER]);
    expect(result.ok && rendererPathOf(result.link)).toBeNull();
  });
});

describe('parseDeepLink: hostile links', () => {
  it.each([
    ['not a string', 42],
    ['another scheme', `https://auth/callback?code=c&state=${STATE}`],
    ['a look-alike scheme', `shelfwise2://auth/callback?code=c&state=${STATE}`],
    ['no slashes (host-less form)', `shelfwise:auth/callback?code=c&state=${STATE}`],
    ['an unknown route', 'shelfwise://settings'],
    ['a route with extra path', `shelfwise://auth/callback/evil?code=c&state=${STATE}`],
    ['a percent-encoded route', `shelfwise://auth%2Fcallback?code=c&state=${STATE}`],
    ['an upper-case route', `shelfwise://AUTH/callback?code=c&state=${STATE}`],
    ['credentials', `shelfwise://user:pass@auth/callback?code=c&state=${STATE}`],
    ['a port', `shelfwise://auth:99/callback?code=c&state=${STATE}`],
    ['a fragment carrying tokens', 'shelfwise://auth/callback#access_token=a&refresh_token=b'],
    ['a fragment after good parameters', `shelfwise://auth/callback?code=c&state=${STATE}#x`],
    ['an unknown parameter', `shelfwise://auth/callback?code=c&state=${STATE}&redirect=https://evil`],
    ['a repeated code', `shelfwise://auth/callback?code=a&code=b&state=${STATE}`],
    ['a __proto__ parameter', `shelfwise://auth/callback?code=c&state=${STATE}&__proto__=x`],
    ['a code without state', 'shelfwise://auth/callback?code=c'],
    ['an error without state', 'shelfwise://auth/callback?error=access_denied&error_description=Call+us'],
    ['code and error together', `shelfwise://auth/callback?code=c&error=x&state=${STATE}`],
    ['a short state', 'shelfwise://auth/callback?code=c&state=abc'],
    ['a code with spaces', `shelfwise://auth/callback?code=a+b&state=${STATE}`],
    ['a code with quotes', `shelfwise://auth/callback?code=%22%3E%3Cscript%3E&state=${STATE}`],
    ['an embedded tab (the URL parser would drop it)', `shelfwise://auth/call\tback?code=c&state=${STATE}`],
    ['a newline', `shelfwise://confirm-signup?confirmation_url=${encodeURIComponent(VERIFY)}\n`],
    ['leading white space', ` shelfwise://auth/callback?code=c&state=${STATE}`],
    ['non-ASCII look-alikes', `shelfwise://аuth/callback?code=c&state=${STATE}`],
    ['a huge link', `shelfwise://auth/callback?code=c&state=${STATE}&x=${'a'.repeat(5000)}`],
  ])('refuses %s', (_name, raw) => {
    expect(refused(raw)).toBeTruthy();
  });

  it.each([
    ['a missing confirmation_url', 'shelfwise://confirm-signup'],
    ['another server', confirm('confirm-signup', 'https://evil.example/auth/v1/verify?token=t')],
    ['our host on another port', confirm('confirm-signup', 'http://localhost:9999/auth/v1/verify')],
    ['https where the server is http', confirm('confirm-signup', 'https://localhost:8787/auth/v1/verify')],
    ['a javascript: URL', confirm('confirm-reset', 'javascript:alert(1)//http://localhost:8787')],
    ['a data: URL', confirm('confirm-reset', 'data:text/html,<script>alert(1)</script>')],
    ['a file: URL', confirm('change-email', 'file:///etc/passwd')],
    ['credentials in front of our host', confirm('confirm-signup', 'http://localhost:8787@evil.example/x')],
    ['our host as user name', confirm('confirm-signup', 'http://user:pw@localhost:8787/auth/v1/verify')],
    ['a relative URL', confirm('confirm-signup', '/auth/v1/verify?token=t')],
    ['a protocol-relative URL', confirm('confirm-signup', '//evil.example/auth/v1/verify')],
    ['an extra parameter', `${confirm('confirm-signup', VERIFY)}&next=https://evil.example`],
    ['two confirmation URLs', `${confirm('confirm-signup', VERIFY)}&confirmation_url=x`],
  ])('refuses a confirmation link with %s', (_name, raw) => {
    expect(refused(raw)).toBeTruthy();
  });
});

describe('toAppUrl and toWebUrl: links built from the route table', () => {
  // A verify URL with everything encodeURIComponent and URLSearchParams treat differently.
  const ODD = `${SERVER}/auth/v1/verify?token=a~b(c)!d'e*f&type=signup&redirect_to=shelfwise%3A%2F%2Fx+y%20z`;

  it.each(['confirm-signup', 'confirm-reset', 'change-email'] as const)(
    'builds %s links that the desktop app parses back to the same parameters',
    (route) => {
      for (const confirmation_url of [VERIFY, ODD]) {
        const link = toAppUrl(route, { confirmation_url });
        expect(link.startsWith(`shelfwise://${route}?confirmation_url=`)).toBe(true);
        expect(parseDeepLink(link, [SERVER])).toEqual({
          ok: true,
          link: { route, params: { confirmation_url } },
        });
      }
    },
  );

  it('builds auth callbacks that parse back with the code or the error the auth server appends', () => {
    const redirectTo = toAppUrl('auth/callback', { state: STATE });
    expect(redirectTo).toBe(`shelfwise://auth/callback?state=${STATE}`);
    expect(deepLinkRouteOf(redirectTo)).toMatchObject({ ok: true, route: 'auth/callback' });
    expect(parseDeepLink(`${redirectTo}&code=Xy_-1.~z`, [SERVER])).toEqual({
      ok: true,
      link: { route: 'auth/callback', params: { state: STATE, code: 'Xy_-1.~z' } },
    });
    const failed = { state: STATE, error: 'access_denied', error_description: 'User cancelled (twice)' };
    expect(parseDeepLink(toAppUrl('auth/callback', failed), [SERVER])).toEqual({
      ok: true,
      link: { route: 'auth/callback', params: failed },
    });
  });

  it('builds web links to the page of the same name, which the renderer path of a parsed link matches', () => {
    const web = toWebUrl('confirm-reset', { confirmation_url: ODD }, 'https://books.example.org');
    const url = new URL(web);
    expect(url.origin).toBe('https://books.example.org');
    expect(url.pathname).toBe('/confirm-reset');
    expect(url.searchParams.get('confirmation_url')).toBe(ODD);
    const parsed = parseDeepLink(toAppUrl('confirm-reset', { confirmation_url: ODD }), [SERVER]);
    expect(parsed.ok && `https://books.example.org${rendererPathOf(parsed.link)}`).toBe(web);
  });

  it('recognises shelfwise:// links by scheme, in any case, and nothing else', () => {
    expect(hasDeepLinkScheme('SHELFWISE://auth/callback')).toBe(true);
    expect(hasDeepLinkScheme('shelfwise:auth/callback')).toBe(false);
    expect(hasDeepLinkScheme('https://shelfwise.app/')).toBe(false);
    expect(hasDeepLinkScheme(7)).toBe(false);
  });
});

describe('isConfirmationUrlOn', () => {
  it('compares parsed origins, not text', () => {
    expect(isConfirmationUrlOn('http://LOCALHOST:8787/auth/v1/verify', [SERVER])).toBe(true);
    expect(isConfirmationUrlOn('http://localhost:8787.evil.example/', [SERVER])).toBe(false);
    expect(isConfirmationUrlOn('http://localhost:8787/x', ['not a url'])).toBe(false);
  });
});

describe('describeLinkForLog', () => {
  it('keeps the route and parameter names but never the values', () => {
    const text = describeLinkForLog('shelfwise://auth/callback?code=SECRET-CODE&state=SECRET-STATE');
    expect(text).toBe('shelfwise://auth/callback (parameters: code,state)');
    expect(describeLinkForLog('shelfwise://x#access_token=SECRET')).not.toContain('SECRET');
    expect(describeLinkForLog(7)).toBe('<number>');
    expect(describeLinkForLog('::nonsense')).toBe('<unparseable, 10 characters>');
  });
});
