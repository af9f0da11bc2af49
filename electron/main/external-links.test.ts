import { describe, expect, it, vi } from 'vitest';
import { createSafeOpenExternal, externalHttpUrl, externalMailtoUrl, externalUrl } from './external-links';

describe('externalHttpUrl', () => {
  it.each([
    ['https://openlibrary.org/works/OL1W', 'https://openlibrary.org/works/OL1W'],
    ['http://localhost:8787/auth/v1/verify?token=a', 'http://localhost:8787/auth/v1/verify?token=a'],
    ['HTTPS://Example.ORG/Path', 'https://example.org/Path'],
    ['https://example.org', 'https://example.org/'],
    // An empty user part is dropped by the parser, so what opens is exactly the host shown.
    ['https://@example.org/', 'https://example.org/'],
  ])('accepts %s', (input, expected) => {
    expect(externalHttpUrl(input)).toBe(expected);
  });

  it.each([
    ['javascript:', 'javascript:alert(1)'],
    ['javascript: in upper case', 'JAVASCRIPT:alert(1)'],
    ['javascript: with a tab inside the scheme', 'java\tscript:alert(1)'],
    ['javascript: pretending to be http', 'javascript://http://example.org/%0aalert(1)'],
    ['file:', 'file:///etc/passwd'],
    ['file: in upper case', 'FILE:///C:/Windows/System32/calc.exe'],
    ['a UNC-like file: URL', 'file://attacker.example/share/payload.exe'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['our own deep links', 'shelfwise://auth/callback?code=x'],
    ['smb:', 'smb://attacker.example/share'],
    ['ms-msdt: and other OS handlers', 'ms-msdt:/id PCWDiagnostic'],
    ['vbscript:', 'vbscript:msgbox(1)'],
    ['ftp:', 'ftp://example.org/file'],
    ['a relative URL', '/settings'],
    ['a protocol-relative URL', '//evil.example/'],
    ['credentials that hide the real host', 'https://bank.example@evil.example/'],
    ['a user and password', 'https://user:pass@example.org/'],
    ['http: with no host', 'http:'],
    ['leading control characters', '\u0000https://example.org/'],
    ['a newline inside', 'https://exa\nmple.org/'],
    ['a very long URL', `https://example.org/${'a'.repeat(3000)}`],
    ['not a string', { href: 'https://example.org/' }],
    ['nothing', undefined],
  ])('refuses %s', (_name, input) => {
    expect(externalHttpUrl(input)).toBeNull();
  });
});

describe('createSafeOpenExternal', () => {
  it('passes http(s) to the shell and refuses the rest without calling it', async () => {
    const shell = vi.fn(async (_url: string) => undefined);
    const log = vi.fn();
    const open = createSafeOpenExternal(shell, log);

    expect(await open('https://example.org/a b')).toBe(true);
    expect(shell).toHaveBeenCalledWith('https://example.org/a%20b');

    expect(await open('file:///etc/passwd')).toBe(false);
    expect(await open('smb://host/share')).toBe(false);
    expect(shell).toHaveBeenCalledTimes(1);
    expect(log).toHaveBeenCalledTimes(2);
    expect(log.mock.calls[0]?.[0]).not.toContain('/etc/passwd');
  });
});

describe('externalMailtoUrl', () => {
  it.each([
    ['mailto:ada@example.test', 'mailto:ada@example.test'],
    ['mailto:ada@example.test,bob@example.test', 'mailto:ada@example.test,bob@example.test'],
    [
      'mailto:ada@example.test?subject=Hello&body=A%20line',
      'mailto:ada@example.test?subject=Hello&body=A%20line',
    ],
    ['mailto:?to=ada@example.test&cc=bob@example.test', 'mailto:?to=ada@example.test&cc=bob@example.test'],
  ])('accepts %s', (input, expected) => {
    expect(externalMailtoUrl(input)).toBe(expected);
    expect(externalUrl(input)).toBe(expected);
  });

  it.each([
    ['an attachment from the disk', 'mailto:ada@example.test?attach=/home/ada/.ssh/id_rsa'],
    ['an attachment in another case', 'mailto:ada@example.test?ATTACHMENT=file:///etc/passwd'],
    ['an unknown header', 'mailto:ada@example.test?X-Header=1'],
    ['no address at all', 'mailto:'],
    ['a path instead of an address', 'mailto:../../etc/passwd'],
    ['a header smuggled in an address', 'mailto:ada@example.test%0D%0ABcc:eve@example.test'],
    ['a control character', 'mailto:ada@example.test\n'],
    ['a malformed escape', 'mailto:ada%E0%A4%A@example.test'],
    ['a bad cc', 'mailto:ada@example.test?cc=file:///etc/passwd'],
  ])('refuses %s', (_why, input) => {
    expect(externalMailtoUrl(input)).toBeNull();
    expect(externalUrl(input)).toBeNull();
  });
});

describe('createSafeOpenExternal with mailto:', () => {
  it('hands a plain mailto: link to the OS and refuses one that asks for an attachment', async () => {
    const open = vi.fn(async () => {});
    const log = vi.fn();
    const safeOpen = createSafeOpenExternal(open, log);
    expect(await safeOpen('mailto:ada@example.test?subject=Hi')).toBe(true);
    expect(await safeOpen('mailto:ada@example.test?attach=/etc/passwd')).toBe(false);
    expect(open.mock.calls).toEqual([['mailto:ada@example.test?subject=Hi']]);
    expect(log).toHaveBeenCalledWith(expect.stringContaining('Refused'));
  });
});
