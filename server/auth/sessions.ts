// Sessions and their refresh tokens. A session is one sign-in; its refresh tokens form one rotation family:
// each is spent by its first use and replaced, and presenting a spent one again ends the whole session,
// since only a copy of the token (a thief, or the victim after a thief) can do that.
import type { Db, Queryable } from '../db/db';
import type { AssuranceLevel, Keys } from './keys';
import { ACCESS_TOKEN_TTL_SECONDS } from './keys';
import { AuthError } from './auth-error';
import { randomToken, sha256Hex } from './secrets';
import type { AuthUserJson, UserRow } from './users';
import { findUserById, toAuthUser } from './users';

export type AuthMethod = 'password' | 'otp' | 'recovery' | 'email_change' | 'email/signup' | 'oauth';

export interface ClientMeta {
  userAgent: string | null;
  ip: string;
}

export interface SessionJson {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: AuthUserJson;
}

export const refreshTokenNotFound = () =>
  new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
export const refreshTokenAlreadyUsed = () =>
  new AuthError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');

async function issueRefreshToken(q: Queryable, userId: string, sessionId: string): Promise<string> {
  const token = randomToken();
  await q.query('insert into auth.refresh_tokens (token_hash, user_id, session_id) values ($1, $2, $3)', [
    sha256Hex(token),
    userId,
    sessionId,
  ]);
  return token;
}

/** What a session proved, as its access tokens claim it. */
interface SessionRow {
  id: string;
  auth_method: string;
  created_at: string;
  aal: AssuranceLevel;
  mfa_method: string | null;
  mfa_verified_at: string | null;
}
const SESSION_COLUMNS = 'id, auth_method, created_at, aal, mfa_method, mfa_verified_at';

const epochSeconds = (at: string) => Math.floor(Date.parse(at) / 1000);

/** GoTrue's amr claim: every method the session proved, the latest first. */
function amrOf(session: SessionRow): { method: string; timestamp: number }[] {
  const first = { method: session.auth_method, timestamp: epochSeconds(session.created_at) };
  if (!session.mfa_method || !session.mfa_verified_at) return [first];
  return [{ method: session.mfa_method, timestamp: epochSeconds(session.mfa_verified_at) }, first];
}

async function sessionJson(
  keys: Keys,
  user: UserRow,
  session: SessionRow,
  refreshToken: string,
): Promise<SessionJson> {
  const { token, expiresAt } = await keys.signAccessToken({
    sub: user.id,
    email: user.email,
    session_id: session.id,
    extra: {
      phone: '',
      app_metadata: user.raw_app_meta_data,
      user_metadata: user.raw_user_meta_data,
      aal: session.aal,
      amr: amrOf(session),
    },
  });
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: ACCESS_TOKEN_TTL_SECONDS,
    expires_at: expiresAt,
    refresh_token: refreshToken,
    user: toAuthUser(user),
  };
}

/** Signs `userId` in: a new session, its first refresh token and an access token. Run inside a transaction. */
export async function startSession(
  q: Queryable,
  keys: Keys,
  userId: string,
  method: AuthMethod,
  meta: ClientMeta,
): Promise<SessionJson> {
  const [session] = await q.query<SessionRow>(
    `insert into auth.sessions (user_id, auth_method, user_agent, ip) values ($1, $2, $3, $4)
     returning ${SESSION_COLUMNS}`,
    [userId, method, meta.userAgent?.slice(0, 512) ?? null, meta.ip],
  );
  if (!session) throw new Error('session insert returned nothing');
  await q.query('update auth.users set last_sign_in_at = now() where id = $1', [userId]);
  await q.query(
    `update auth.identities set last_sign_in_at = now()
      where user_id = $1 and provider = $2`,
    [userId, method === 'oauth' ? 'google' : 'email'],
  );
  const user = await findUserById(q, userId);
  if (!user) throw new Error('user vanished while signing in');
  return sessionJson(keys, user, session, await issueRefreshToken(q, userId, session.id));
}

/** Spends `refreshToken` and answers the next session state; a spent token ends its session. */
export async function refreshSession(db: Db, keys: Keys, refreshToken: string): Promise<SessionJson> {
  const outcome = await db.transaction(async (tx) => {
    const [row] = await tx.query<{ id: number; user_id: string; session_id: string; revoked: boolean }>(
      'select id, user_id, session_id, revoked from auth.refresh_tokens where token_hash = $1 for update',
      [sha256Hex(refreshToken)],
    );
    if (!row) return { kind: 'not_found' as const };
    if (row.revoked) {
      // Committed before answering: the family must end even though the request fails.
      await tx.query('delete from auth.sessions where id = $1', [row.session_id]);
      return { kind: 'reused' as const };
    }
    await tx.query('update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1', [
      row.id,
    ]);
    const [session] = await tx.query<SessionRow>(
      `update auth.sessions set refreshed_at = now(), updated_at = now() where id = $1
       returning ${SESSION_COLUMNS}`,
      [row.session_id],
    );
    const user = await findUserById(tx, row.user_id);
    if (!session || !user) return { kind: 'not_found' as const };
    const next = await issueRefreshToken(tx, user.id, session.id);
    return { kind: 'ok' as const, json: await sessionJson(keys, user, session, next) };
  });
  if (outcome.kind === 'not_found') throw refreshTokenNotFound();
  if (outcome.kind === 'reused') throw refreshTokenAlreadyUsed();
  return outcome.json;
}

/**
 * Raises the session to aal2 after its second factor (`method`) was verified, and answers its new state. The
 * refresh tokens handed out so far are spent: the client keeps the aal2 pair, and an aal1 copy elsewhere
 * can only end the session (reuse), never be refreshed into the raised one. Run inside a transaction.
 */
export async function raiseSession(
  q: Queryable,
  keys: Keys,
  sessionId: string,
  method: 'totp' | 'mfa/recovery',
  factorId: string,
): Promise<SessionJson> {
  const [session] = await q.query<SessionRow & { user_id: string }>(
    `update auth.sessions
        set aal = 'aal2', mfa_method = $2, mfa_verified_at = now(), factor_id = $3, updated_at = now()
      where id = $1
      returning user_id, ${SESSION_COLUMNS}`,
    [sessionId, method, factorId],
  );
  if (!session) throw new Error('session vanished while raising it');
  await q.query(
    'update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1 and not revoked',
    [sessionId],
  );
  const user = await findUserById(q, session.user_id);
  if (!user) throw new Error('user vanished while raising the session');
  return sessionJson(keys, user, session, await issueRefreshToken(q, user.id, sessionId));
}

export type SignOutScope = 'global' | 'local' | 'others';

/** Ends sessions of `userId` relative to the current one; their refresh tokens go with them (cascade). */
export async function endSessions(
  q: Queryable,
  userId: string,
  currentSessionId: string,
  scope: SignOutScope,
) {
  if (scope === 'global') await q.query('delete from auth.sessions where user_id = $1', [userId]);
  if (scope === 'local') await q.query('delete from auth.sessions where id = $1', [currentSessionId]);
  if (scope === 'others') {
    await q.query('delete from auth.sessions where user_id = $1 and id <> $2', [userId, currentSessionId]);
  }
}

/**
 * Whether the session an access token names still exists. A signed-out session must stop working at once,
 * not when its access token expires, so every signed-in call (/sf/ and /auth/v1 alike) asks this.
 */
export async function isSessionLive(db: Queryable, sessionId: string, userId: string): Promise<boolean> {
  return (await liveSessionAal(db, sessionId, userId)) !== null;
}

/**
 * The assurance level of a live session, or null when it has ended. Permissions that need aal2 read it here,
 * not from the token: removing the second factor lowers its sessions at once.
 */
export async function liveSessionAal(
  db: Queryable,
  sessionId: string,
  userId: string,
): Promise<AssuranceLevel | null> {
  return (await liveSession(db, sessionId, userId))?.aal ?? null;
}

/**
 * A live session's level, and whether it still owes a second factor: it stopped at the password (aal1) on
 * an account with a verified factor. Such a session may finish signing in (/factors) and nothing else.
 */
export async function liveSession(
  db: Queryable,
  sessionId: string,
  userId: string,
): Promise<{ aal: AssuranceLevel; secondFactorOwed: boolean } | null> {
  const [row] = await db.query<{ aal: AssuranceLevel; has_factor: boolean }>(
    `select s.aal, exists (select 1 from auth.mfa_factors f
                            where f.user_id = s.user_id and f.status = 'verified') as has_factor
       from auth.sessions s where s.id = $1 and s.user_id = $2`,
    [sessionId, userId],
  );
  return row ? { aal: row.aal, secondFactorOwed: row.aal === 'aal1' && row.has_factor } : null;
}
