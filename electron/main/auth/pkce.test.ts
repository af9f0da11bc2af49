import { describe, expect, it } from 'vitest';
import { oauthState } from '@shared/deep-links';
import { randomUrlToken, s256Challenge } from './pkce';

describe('PKCE', () => {
  it('computes the S256 challenge of RFC 7636 appendix B', () => {
    expect(s256Challenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    );
  });

  it('makes 43-character base64url tokens that the deep-link state schema accepts', () => {
    const tokens = new Set(Array.from({ length: 50 }, () => randomUrlToken()));
    expect(tokens.size).toBe(50);
    for (const token of tokens) {
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(oauthState.safeParse(token).success).toBe(true);
    }
  });
});
