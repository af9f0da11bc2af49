// Who is calling: resolved from the bearer token once per request. Public calls may come with the anon
// key or with no token at all (the anon key is public anyway); a token that is present must be valid.
import type { AssuranceLevel, Keys } from '../auth/keys';
import { liveSession } from '../auth/sessions';
import type { Queryable } from '../db/db';
import { secondFactorOwed, unauthorized } from './errors';

export type Caller =
  | { kind: 'anon' }
  | { kind: 'service' }
  | { kind: 'user'; userId: string; email: string; sessionId: string; aal: AssuranceLevel };

export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(header?.trim() ?? '');
  return match?.[1] ?? null;
}

export async function resolveCaller(keys: Keys, db: Queryable, header: string | undefined): Promise<Caller> {
  const token = bearerToken(header);
  if (!token) return { kind: 'anon' };
  // Every signed-out call carries the anon key, a token this server signed; knowing it by sight saves a
  // signature check on each public request and answers exactly what verifying it would.
  if (token === keys.anonKey) return { kind: 'anon' };
  const claims = await keys.verify(token);
  if (!claims) throw unauthorized('Your session is invalid or has expired. Please sign in again.');
  if (claims.role === 'anon') return { kind: 'anon' };
  if (claims.role === 'service_role') return { kind: 'service' };
  const session = await liveSession(db, claims.session_id, claims.sub);
  if (!session) throw unauthorized('Your session has ended. Please sign in again.');
  // Two-step sign-in protects the account only if the password alone opens nothing (issue 31).
  if (session.secondFactorOwed) throw secondFactorOwed();
  return {
    kind: 'user',
    userId: claims.sub,
    email: claims.email,
    sessionId: claims.session_id,
    aal: session.aal,
  };
}
