// POST /verify {type: 'email' | 'magiclink', email, token}: signing in with the six-digit code of a sign-in
// mail (supabase-js verifyOtp). The code and the mail's link are one credential: the first of them used
// spends both. Unlike the link, the code answers a session even when the request asked for PKCE: a code
// has to be typed into the app by the reader, which no mail scanner or forwarded link can do, and it is the
// way in for the desktop app and for mail read on another device. A second factor is still owed after it
// (the session is aal1, like after a password).
import type { AppDeps } from '../deps';
import { otpExpired, overRequestRateLimit } from './auth-error';
import { emailCodeDigest, isEmailCodeShaped } from './email-code';
import { spendByCode } from './one-time-tokens';
import type { ClientMeta, SessionJson } from './sessions';
import { findUserByEmail } from './users';
import { applySpentToken, sessionOf } from './verify-link';

export async function signInWithEmailCode(
  deps: Pick<AppDeps, 'db' | 'keys' | 'rateLimiter'>,
  input: { email: string; code: string; meta: ClientMeta },
): Promise<SessionJson> {
  // Counted before the code is checked, for every address (known or not), and given back when it is right.
  const attempt = await deps.rateLimiter.count('otp_code_failures', input.email);
  if (!attempt.allowed) throw overRequestRateLimit();
  const user = await findUserByEmail(deps.db, input.email);
  if (!user || !isEmailCodeShaped(input.code)) throw otpExpired();
  const digest = emailCodeDigest(deps.keys, user.id, input.code);
  const session = await deps.db.transaction(async (tx) => {
    const spent = await spendByCode(tx, user.id, digest);
    if (!spent) throw otpExpired();
    await applySpentToken(tx, spent);
    // The link's PKCE flow can no longer finish: the code signed in instead.
    if (spent.flow_state_id)
      await tx.query('delete from auth.flow_state where id = $1', [spent.flow_state_id]);
    return sessionOf(tx, deps.keys, spent, input.meta);
  });
  await attempt.giveBack();
  return session;
}
