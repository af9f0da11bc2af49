import { describe, expect, it } from 'vitest';
import {
  PASSWORD_RULE_MESSAGE,
  PASSWORDS_DO_NOT_MATCH_MESSAGE,
  checkNewPassword,
  isStrongPassword,
} from './account-validation';

describe('the password rule of SPEC.md §5', () => {
  it('accepts 8 characters with lowercase, uppercase, digit and special character', () => {
    expect(isStrongPassword('Abcdef1!')).toBe(true);
    expect(isStrongPassword('Ünïcødé9#')).toBe(true);
  });

  it('refuses a password missing any one of the required kinds', () => {
    expect(isStrongPassword('Abcde1!')).toBe(false); // 7 characters
    expect(isStrongPassword('abcdef1!')).toBe(false); // no uppercase
    expect(isStrongPassword('ABCDEF1!')).toBe(false); // no lowercase
    expect(isStrongPassword('Abcdefg!')).toBe(false); // no digit
    expect(isStrongPassword('Abcdefg1')).toBe(false); // no special character
    expect(isStrongPassword('Abcdef1 ')).toBe(false); // a space is not a special character
    expect(isStrongPassword('')).toBe(false);
  });

  it('counts characters, not UTF-16 units', () => {
    expect(isStrongPassword('Ab1!😀😀')).toBe(false);
  });
});

describe('checkNewPassword', () => {
  it('gives no messages for a strong, matching pair', () => {
    expect(checkNewPassword('Abcdef1!', 'Abcdef1!')).toEqual({});
  });

  it('gives the spec messages for a weak or mismatched pair', () => {
    expect(checkNewPassword('weak', 'other')).toEqual({
      password: PASSWORD_RULE_MESSAGE,
      confirmPassword: PASSWORDS_DO_NOT_MATCH_MESSAGE,
    });
    expect(checkNewPassword('Abcdef1!', 'Abcdef1?')).toEqual({
      confirmPassword: PASSWORDS_DO_NOT_MATCH_MESSAGE,
    });
  });
});
