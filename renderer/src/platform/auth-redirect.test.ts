import { describe, expect, it } from 'vitest';
import { readAuthRedirect, stripAuthRedirect } from './auth-redirect';

describe('readAuthRedirect', () => {
  it('finds nothing in an ordinary address', () => {
    expect(readAuthRedirect('http://app/settings?tab=1#top')).toEqual({ kind: 'none' });
  });

  it('reads a PKCE code', () => {
    expect(readAuthRedirect('http://app/reset-password?code=abc')).toEqual({ kind: 'code', code: 'abc' });
  });

  it('reads a session fragment with its type', () => {
    expect(
      readAuthRedirect(
        'http://app/#access_token=a&refresh_token=r&expires_in=3600&token_type=bearer&type=signup',
      ),
    ).toEqual({ kind: 'fragment', accessToken: 'a', refreshToken: 'r', type: 'signup' });
  });

  it('prefers the error description, in the query or the fragment', () => {
    expect(readAuthRedirect('http://app/?error=access_denied&error_description=Link+expired')).toEqual({
      kind: 'error',
      message: 'Link expired',
    });
    expect(readAuthRedirect('http://app/reset-password#error=x&error_code=otp_expired')).toEqual({
      kind: 'error',
      message: 'x',
    });
  });
});

describe('stripAuthRedirect', () => {
  it('keeps the path and other parameters', () => {
    expect(stripAuthRedirect('http://app/settings?code=abc&tab=2')).toBe('/settings?tab=2');
    expect(stripAuthRedirect('http://app/?error=e&error_description=d')).toBe('/');
    expect(stripAuthRedirect('http://app/#access_token=a&refresh_token=r&type=recovery')).toBe('/');
    expect(stripAuthRedirect('http://app/terms#section-2')).toBe('/terms#section-2');
  });
});
