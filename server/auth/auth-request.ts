// Reading /auth/v1 requests: the client, the API key, and the signed-in caller (bodies: auth-bodies.ts).
import type { Context } from 'hono';
import type { Db } from '../db/db';
import { bearerToken } from '../http/caller';
import { clientIp } from '../http/client-ip';
import { AuthError, badJwt, noAuthorization, sessionNotFound, userNotFound } from './auth-error';
import type { AssuranceLevel, Keys } from './keys';
import type { ClientMeta } from './sessions';
import { liveSession } from './sessions';
import type { UserRow } from './users';
import { findUserById } from './users';

export const clientMeta = (c: Context): ClientMeta => ({
  userAgent: c.req.header('user-agent') ?? null,
  ip: clientIp(c),
});

/**
 * Every JSON call must carry one of our keys, as behind Supabase's gateway: supabase-js sends the anon (or
 * service role) key as `apikey`; a bare `Authorization: Bearer <our JWT>` also passes.
 */
export async function requireApiKey(c: Context, keys: Keys): Promise<void> {
  const apikey = c.req.header('apikey');
  const token = apikey ?? bearerToken(c.req.header('authorization'));
  if (!token) throw new AuthError(401, 'no_authorization', 'No API key found in request');
  if (!(await keys.verify(token))) throw new AuthError(401, 'no_authorization', 'Invalid API key');
}

export interface SignedIn {
  user: UserRow;
  sessionId: string;
  aal: AssuranceLevel;
  /** The session stopped at the password on an account with a verified factor (sessions.ts liveSession). */
  secondFactorOwed: boolean;
}

/** The user behind the bearer access token, whose session must still exist. */
export async function requireUser(c: Context, keys: Keys, db: Db): Promise<SignedIn> {
  const token = bearerToken(c.req.header('authorization'));
  if (!token) throw noAuthorization();
  const claims = await keys.verify(token);
  if (!claims || claims.role !== 'authenticated') throw badJwt();
  const session = await liveSession(db, claims.session_id, claims.sub);
  if (!session) throw sessionNotFound();
  const user = await findUserById(db, claims.sub);
  if (!user) throw userNotFound();
  return { user, sessionId: claims.session_id, ...session };
}
