import { describe, expect, it } from 'vitest';
import { isAppUrl, originOf } from './app-origin';

describe('originOf', () => {
  it('rebuilds origins for our scheme, where Node would say "null"', () => {
    expect(new URL('app://shelfwise/x').origin).toBe('null');
    expect(originOf('app://shelfwise/settings?x=1')).toBe('app://shelfwise');
    expect(originOf('http://localhost:5173/')).toBe('http://localhost:5173');
    expect(originOf('https://example.org:443/')).toBe('https://example.org');
  });

  it.each([
    'about:blank',
    'data:text/html,x',
    'file:///x',
    'javascript:alert(1)',
    'app://user@shelfwise/',
    'nonsense',
  ])('has no origin for %s', (url) => {
    expect(originOf(url)).toBeNull();
  });
});

describe('isAppUrl', () => {
  it.each([
    ['app://shelfwise/', 'app://shelfwise', true],
    ['app://shelfwise/work/1', 'app://shelfwise', true],
    ['app://shelfwise.evil/', 'app://shelfwise', false],
    ['app://evil/', 'app://shelfwise', false],
    ['app://shelfwise@evil/', 'app://shelfwise', false],
    ['http://shelfwise/', 'app://shelfwise', false],
    ['about:blank', 'null', false],
    ['data:text/html,<h1>x', 'null', false],
    ['http://localhost:5173/login', 'http://localhost:5173', true],
    ['http://localhost:5174/', 'http://localhost:5173', false],
    ['http://127.0.0.1:5173/', 'http://localhost:5173', false],
  ])('%s against %s: %s', (url, origin, expected) => {
    expect(isAppUrl(url, origin)).toBe(expected);
  });
});
