// Proof of presence before a sensitive change (ARCHITECTURE.md "Auth", OWASP ASVS on credential changes):
// an access token alone may have been copied, so changing the password or the e-mail address, and deleting
// the account, also need the current password or a session signed in within the last few minutes. Any new
// session counts as a sign-in: a password, a Google return, or an e-mail link (so the page a reset link
// opens can set the new password). The current password is checked under the sign-in limits, so a copied
// token cannot be used to guess it.
import { RECENT_SIGN_IN_MINUTES } from '@shared/api/presence';
import type { AppDeps } from '../deps';
import { checkPassword } from './password-attempts';

export type PresenceVerdict = 'present' | 'needed' | 'mismatch' | 'limited';

export interface PresenceClaim {
  userId: string;
  email: string;
  /** The account's password hash; null for accounts that only sign in with Google. */
  encryptedPassword: string | null;
  sessionId: string;
  ip: string;
  /** The current password, when the client sent one. */
  currentPassword: string | undefined;
}

export async function provePresence(
  deps: Pick<AppDeps, 'db' | 'rateLimiter' | 'config'>,
  claim: PresenceClaim,
): Promise<PresenceVerdict> {
  if (claim.currentPassword !== undefined) {
    const verdict = await checkPassword(deps, {
      address: claim.email,
      ip: claim.ip,
      storedHash: claim.encryptedPassword,
      password: claim.currentPassword,
    });
    return verdict === 'match' ? 'present' : verdict;
  }
  const [session] = await deps.db.query<{ recent: boolean }>(
    `select created_at > now() - make_interval(mins => $3) as recent
       from auth.sessions where id = $1 and user_id = $2`,
    [claim.sessionId, claim.userId, RECENT_SIGN_IN_MINUTES],
  );
  return session?.recent ? 'present' : 'needed';
}
