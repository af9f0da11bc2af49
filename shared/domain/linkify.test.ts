import { describe, expect, it } from 'vitest';
import { linkify, safeHref } from './linkify';

const joined = (text: string) =>
  linkify(text)
    .map((p) => p.text)
    .join('');

describe('linkify', () => {
  it('makes http and https addresses links and keeps the rest as plain text', () => {
    expect(linkify('Read https://example.com/a?b=1 and http://x.org too')).toEqual([
      { kind: 'text', text: 'Read ' },
      { kind: 'link', text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' },
      { kind: 'text', text: ' and ' },
      { kind: 'link', text: 'http://x.org', href: 'http://x.org/' },
      { kind: 'text', text: ' too' },
    ]);
  });

  it('leaves sentence punctuation and unopened brackets outside the link', () => {
    expect(linkify('See https://example.com/page.')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: 'https://example.com/page', href: 'https://example.com/page' },
      { kind: 'text', text: '.' },
    ]);
    const wiki = linkify('(https://en.wikipedia.org/wiki/Dune_(novel))');
    expect(wiki[1]).toEqual({
      kind: 'link',
      text: 'https://en.wikipedia.org/wiki/Dune_(novel)',
      href: 'https://en.wikipedia.org/wiki/Dune_(novel)',
    });
    expect(wiki[2]).toEqual({ kind: 'text', text: ')' });
  });

  it('never links another scheme, and markup stays text', () => {
    for (const text of [
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      '<a href="javascript:alert(1)">x</a>',
      'JaVaScRiPt://example.com/%0aalert(1)',
      'vbscript:msgbox',
      'ftp://example.com/file',
    ]) {
      expect(
        linkify(text).every((p) => p.kind === 'text'),
        text,
      ).toBe(true);
      expect(joined(text)).toBe(text);
    }
  });

  it('does not let a quote or angle bracket end up inside a link', () => {
    const parts = linkify('https://example.com/"onmouseover="alert(1)<b>');
    const link = parts.find((p) => p.kind === 'link');
    expect(link).toEqual({ kind: 'link', text: 'https://example.com/', href: 'https://example.com/' });
    expect(joined('https://example.com/"onmouseover="alert(1)<b>')).toBe(
      'https://example.com/"onmouseover="alert(1)<b>',
    );
  });

  it('gives the text back whole, links or not', () => {
    for (const text of ['', 'plain', 'a https://b.c d', 'https://', 'http://[::1', 'x\nhttps://y.z/\n']) {
      expect(joined(text)).toBe(text);
    }
  });

  it('checks each href with the URL parser', () => {
    expect(safeHref('https://example.com')).toBe('https://example.com/');
    expect(safeHref('http://')).toBeNull();
    expect(safeHref('javascript:alert(1)')).toBeNull();
  });
});
