import { describe, expect, it } from 'vitest';
import { currentStep, matchingStep, newTotpSecret, qrCodeSvg, totpCode, totpUri } from './totp';

describe('totp', () => {
  const secret = newTotpSecret();
  const now = Date.UTC(2026, 0, 1, 12, 0, 15);

  it('matches the RFC 6238 SHA-1 vector', () => {
    // RFC 6238 appendix B: secret "12345678901234567890", T = 59 s, 8 digits 94287082 (6 digits: 287082).
    const rfcSecret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
    expect(totpCode(rfcSecret, 59_000)).toBe('287082');
    expect(matchingStep(rfcSecret, '287082', 59_000)).toBe(1);
  });

  it('accepts the codes of the step before, now and after, and nothing further out', () => {
    const step = currentStep(now);
    expect(matchingStep(secret, totpCode(secret, now - 30_000), now)).toBe(step - 1);
    expect(matchingStep(secret, totpCode(secret, now), now)).toBe(step);
    expect(matchingStep(secret, totpCode(secret, now + 30_000), now)).toBe(step + 1);
    expect(matchingStep(secret, totpCode(secret, now + 90_000), now)).toBeNull();
    expect(matchingStep(secret, '12345', now)).toBeNull();
    expect(matchingStep(secret, 'abcdef', now)).toBeNull();
  });

  it('builds the URI and QR code authenticator apps read', () => {
    const uri = totpUri(secret, 'Shelfwise', 'reader@example.com');
    expect(uri).toBe(
      `otpauth://totp/Shelfwise:reader%40example.com?issuer=Shelfwise&secret=${secret}&algorithm=SHA1&digits=6&period=30`,
    );
    expect(qrCodeSvg(uri)).toMatch(/^<svg [^>]*viewBox/);
  });
});
