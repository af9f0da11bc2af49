import { describe, expect, it } from 'vitest';
import { emailCodeDigest, isEmailCodeShaped, newEmailCode } from './email-code';
import { createSecretBox, deriveMfaKey } from './mfa/secret-box';

const keys = { mfaSecrets: createSecretBox(deriveMfaKey(new TextEncoder().encode('k'.repeat(32)))) };
const otherKeys = { mfaSecrets: createSecretBox(deriveMfaKey(new TextEncoder().encode('o'.repeat(32)))) };

describe('sign-in codes by e-mail', () => {
  it('are six digits, leading zeros kept, and spread over the whole range', () => {
    const codes = Array.from({ length: 2000 }, newEmailCode);
    expect(codes.every(isEmailCodeShaped)).toBe(true);
    expect(new Set(codes).size).toBeGreaterThan(1990);
    expect(codes.some((code) => code.startsWith('0'))).toBe(true);
  });

  it('take nothing but six digits', () => {
    for (const typed of ['12345', '1234567', '12 456', '12345a', '١٢٣٤٥٦', ' 123456', '']) {
      expect(isEmailCodeShaped(typed), typed).toBe(false);
    }
  });

  it('are kept as a digest bound to the account and to the server’s key', () => {
    const digest = emailCodeDigest(keys, 'user-1', '123456');
    expect(digest).not.toContain('123456');
    expect(emailCodeDigest(keys, 'user-1', '123456')).toBe(digest);
    expect(emailCodeDigest(keys, 'user-2', '123456')).not.toBe(digest);
    expect(emailCodeDigest(otherKeys, 'user-1', '123456')).not.toBe(digest);
    expect(emailCodeDigest(keys, 'user-1', '123457')).not.toBe(digest);
  });
});
