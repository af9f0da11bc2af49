// Second-factor steps the tests share: play the authenticator app (TOTP codes from the enrolment's secret)
// and take a supabase-js session to aal2 through auth.mfa, exactly as a client does.
import type { SupabaseClient } from '@supabase/supabase-js';
import { expect } from 'vitest';
import { totpCode } from '../../server/auth/mfa/totp';

/** The next step's code: accepted (one step of drift) even when the current step's code was just spent. */
export const nextTotpCode = (secret: string): string => totpCode(secret, Date.now() + 30_000);

/**
 * Enrols a TOTP factor for the signed-in `client` and verifies it with a first code: the session is aal2.
 * The account's first factor also answers its recovery codes (null for later ones).
 */
export async function enrolTotp(
  client: SupabaseClient,
  friendlyName?: string,
): Promise<{ factorId: string; secret: string; recoveryCodes: string[] | null }> {
  const { data, error } = await client.auth.mfa.enroll({
    factorType: 'totp',
    ...(friendlyName ? { friendlyName } : {}),
  });
  expect(error).toBeNull();
  if (!data || data.type !== 'totp') throw new Error('no TOTP enrolment');
  const verified = await client.auth.mfa.challengeAndVerify({
    factorId: data.id,
    code: totpCode(data.totp.secret),
  });
  expect(verified.error).toBeNull();
  const recoveryCodes = (verified.data as { recovery_codes?: string[] } | null)?.recovery_codes ?? null;
  return { factorId: data.id, secret: data.totp.secret, recoveryCodes };
}

/** Signs in with the password and then the factor's `code`, as a client with a second factor does. */
export async function signInWithSecondFactor(
  client: SupabaseClient,
  credentials: { email: string; password: string },
  code: string,
) {
  const signIn = await client.auth.signInWithPassword(credentials);
  expect(signIn.error).toBeNull();
  const { data: factors } = await client.auth.mfa.listFactors();
  const factor = factors?.totp[0];
  if (!factor) throw new Error('no verified TOTP factor');
  return client.auth.mfa.challengeAndVerify({ factorId: factor.id, code });
}
