import { describe, expect, it, vi } from 'vitest';
import { createSafeOpenExternal, externalHttpUrl } from './external-links';

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
