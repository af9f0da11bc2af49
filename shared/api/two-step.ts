// Contracts of two-step sign-in's recovery codes (issue 31). The factors themselves are GoTrue's /factors
// API (supabase-js auth.mfa); recovery codes have no GoTrue call, so counting and replacing them are /sf/
// calls, and spending one at sign-in is the documented extension of POST /factors/{id}/verify
// (README, "Two-step sign-in and admins").
import { z } from 'zod';
import { empty, endpoint, id, text } from './common';
import type { EndpointDef } from './common';

/** Codes made at once: when the first factor is verified, and on each regeneration. */
export const RECOVERY_CODE_COUNT = 10;
/** Characters of one code (Crockford's base32, 5 bits each: 50 bits), shown as two groups of five. */
export const RECOVERY_CODE_LENGTH = 10;
const CROCKFORD = '0123456789abcdefghjkmnpqrstvwxyz';

/**
 * A recovery code as typed (any case, spaces or dashes, Crockford's look-alikes i/l for 1 and o for 0) in its
 * one stored form, or null when it cannot be one. Six digits are never one: they are an authenticator code.
 */
export function normaliseRecoveryCode(typed: string): string | null {
  const code = typed.toLowerCase().replace(/[\s-]/g, '').replace(/[il]/g, '1').replace(/o/g, '0');
  if (code.length !== RECOVERY_CODE_LENGTH) return null;
  return [...code].every((ch) => CROCKFORD.includes(ch)) ? code : null;
}

/** Formats 5 random bits per character from `bytes` (at least 7) as a code, `xxxxx-xxxxx`. */
export function formatRecoveryCode(bytes: Uint8Array): string {
  let bits = 0n;
  for (const byte of bytes.subarray(0, 7)) bits = (bits << 8n) | BigInt(byte);
  let code = '';
  for (let i = 0; i < RECOVERY_CODE_LENGTH; i++) code += CROCKFORD[Number((bits >> BigInt(5 * i)) & 31n)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

export const NO_TWO_STEP_MESSAGE = 'Turn on two-step sign-in first.';
export const WRONG_CODE_MESSAGE =
  'That code is not right. Enter the current code from your authenticator app.';

export const twoStepEndpoints = {
  /** How many of the caller's recovery codes are still unused (0 without two-step sign-in). */
  'recovery-codes-status': endpoint('user', empty, z.object({ unused: z.number().int() })),
  /**
   * Replaces the caller's recovery codes with 10 new ones, answered once. Needs a current code of the
   * caller's verified factor `factor_id`: a copied session alone cannot mint codes that outlive it.
   */
  'regenerate-recovery-codes': endpoint(
    'user',
    z
      .object({
        factor_id: id,
        code: text('Enter the current code from your authenticator app.')
          .trim()
          .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app.'),
      })
      .strict(),
    z.object({ codes: z.array(z.string()) }),
  ),
} satisfies Record<string, EndpointDef>;
