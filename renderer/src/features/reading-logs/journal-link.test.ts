import { describe, expect, it } from 'vitest';
import { readLinkInput, withProtocol } from './journal-link';

describe('readLinkInput', () => {
  it('removes the link when the input is empty or blank', () => {
    expect(readLinkInput('')).toEqual({ kind: 'remove' });
    expect(readLinkInput('   \n')).toEqual({ kind: 'remove' });
  });

  it("rejects a link with whitespace inside with 'Pasted link is not valid.'", () => {
    for (const raw of ['example .com', 'http://a b', 'a\tb', 'two\nlines'])
      expect(readLinkInput(raw)).toEqual({ kind: 'invalid', message: 'Pasted link is not valid.' });
  });

  it('ignores whitespace around the address', () => {
    expect(readLinkInput('  example.com\n')).toEqual({ kind: 'link', href: 'http://example.com' });
  });

  it('adds http:// to an address without a protocol', () => {
    expect(readLinkInput('example.com/page?q=1')).toEqual({
      kind: 'link',
      href: 'http://example.com/page?q=1',
    });
    expect(readLinkInput('www.gutenberg.org')).toEqual({ kind: 'link', href: 'http://www.gutenberg.org' });
  });
});

describe('withProtocol', () => {
  it('keeps an address that names its protocol', () => {
    for (const link of ['https://example.com', 'http://example.com', 'mailto:ada@example.test', 'ftp://x'])
      expect(withProtocol(link)).toBe(link);
  });

  it('keeps site-relative, anchor and protocol-relative links as they are', () => {
    expect(withProtocol('/work/42')).toBe('/work/42');
    expect(withProtocol('#chapter-3')).toBe('#chapter-3');
    expect(withProtocol('//cdn.example.com/a.png')).toBe('//cdn.example.com/a.png');
  });

  it('adds http:// to everything else', () => {
    expect(withProtocol('example.com')).toBe('http://example.com');
    expect(withProtocol('a.b/c#d')).toBe('http://a.b/c#d');
  });
});
