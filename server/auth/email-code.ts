// The six-digit code a sign-in mail carries beside its link (GoTrue's e-mail OTP), for the desktop app and
// for readers who read their mail on another device. Kept only as a keyed digest bound to the account (the
// server's MFA key, SecretBox.digest): a million codes are no secret to a plain hash, but a database dump
// without the configuration cannot test a single guess. Guessing online is held by a limit of wrong codes
// per address (otp_code_failures), counted before the code is checked, as failed passwords are.
import { randomInt } from 'node:crypto';
import type { Keys } from './keys';

export const EMAIL_CODE_LENGTH = 6;
const EMAIL_CODE = /^\d{6}$/;

export const newEmailCode = (): string => String(randomInt(0, 10 ** EMAIL_CODE_LENGTH)).padStart(6, '0');

/** Whether `typed` has the shape of a code; anything else is wrong without a lookup. */
export const isEmailCodeShaped = (typed: string): boolean => EMAIL_CODE.test(typed);

export const emailCodeDigest = (keys: Pick<Keys, 'mfaSecrets'>, userId: string, code: string): string =>
  keys.mfaSecrets.digest(code, `sign-in code:${userId}`);
