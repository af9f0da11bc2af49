import { describe, expect, it } from 'vitest';
import { oauthFullName, oauthPictureUrl, splitFullName } from './oauth-profile';

describe('splitFullName', () => {
  it('takes the first and the last word (SPEC.md §7)', () => {
    expect(splitFullName('Ada King Lovelace')).toEqual({ first: 'Ada', last: 'Lovelace' });
    expect(splitFullName('  Grace   Hopper ')).toEqual({ first: 'Grace', last: 'Hopper' });
    expect(splitFullName('Plato')).toEqual({ first: 'Plato', last: null });
    expect(splitFullName('')).toEqual({ first: null, last: null });
    expect(splitFullName(null)).toEqual({ first: null, last: null });
  });
});

describe('OAuth metadata', () => {
  it('reads the full name from full_name, else name, ignoring blanks', () => {
    expect(oauthFullName({ full_name: ' Ada Lovelace ', name: 'Ada' })).toBe('Ada Lovelace');
    expect(oauthFullName({ full_name: '  ', name: 'Bo' })).toBe('Bo');
    expect(oauthFullName({ full_name: 42 })).toBeNull();
  });

  it('keeps a picture only when it is an http(s) URL of at most 1000 characters', () => {
    expect(
      oauthPictureUrl({ avatar_url: 'https://example.test/a.png', picture: 'https://x.test/b.png' }),
    ).toBe('https://example.test/a.png');
    expect(oauthPictureUrl({ avatar_url: 'javascript:alert(1)', picture: 'http://x.test/b.png' })).toBe(
      'http://x.test/b.png',
    );
    expect(oauthPictureUrl({ picture: 'data:image/png;base64,AAAA' })).toBeNull();
    expect(oauthPictureUrl({ picture: `https://x.test/${'a'.repeat(1000)}` })).toBeNull();
    expect(oauthPictureUrl({})).toBeNull();
  });
});
