// What following an e-mail link does once its token checks out: confirm the address, open the way to a new
// password, switch to the new address, or sign in (a sign-in link). Then either a PKCE auth code (the client
// started the flow and holds the verifier) or a new session. A token made for a PKCE flow never becomes a
// session by itself: whoever holds the link (a mail scanner, a forwarded mail, a shoulder) would otherwise
// sign in as its owner.
import type { Queryable } from '../db/db';
import type { Keys } from './keys';
import { AuthError, emailExists, otpExpired } from './auth-error';
import { isUniqueViolation } from '../db/unique-violation';
import { issueAuthCode } from './flow-state';
import type { OneTimeTokenType, SpentToken } from './one-time-tokens';
import { spendOneTimeToken } from './one-time-tokens';
import type { AuthMethod, ClientMeta, SessionJson } from './sessions';
import { startSession } from './sessions';

const METHODS: Record<OneTimeTokenType, AuthMethod> = {
  confirmation: 'otp',
  recovery: 'recovery',
  email_change: 'email_change',
  // GoTrue's amr for a sign-in by link or e-mail code.
  magiclink: 'otp',
};

async function confirmEmail(q: Queryable, userId: string) {
  await q.query(
    'update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now() where id = $1',
    [userId],
  );
  await q.query(
    `update auth.identities set identity_data = identity_data || '{"email_verified": true}'::jsonb, updated_at = now()
      where user_id = $1 and provider = 'email'`,
    [userId],
  );
}

async function switchEmail(q: Queryable, token: SpentToken) {
  const [user] = await q.query<{ email_change: string | null }>(
    'select email_change from auth.users where id = $1',
    [token.user_id],
  );
  // A later change request or a cancelled one makes this link stale.
  if (!user || user.email_change !== token.relates_to) throw otpExpired();
  const taken = await q.query('select 1 from auth.users where lower(email) = lower($1) and id <> $2', [
    token.relates_to,
    token.user_id,
  ]);
  if (taken.length > 0) throw emailExists();
  try {
    await q.query(
      `update auth.users set email = $2, email_change = null, email_change_sent_at = null,
         email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now()
        where id = $1`,
      [token.user_id, token.relates_to],
    );
  } catch (err) {
    if (isUniqueViolation(err)) throw emailExists();
    throw err;
  }
  await q.query(
    `update auth.identities set email = $2, identity_data = identity_data || jsonb_build_object('email', $2::text),
       updated_at = now()
      where user_id = $1 and provider = 'email'`,
    [token.user_id, token.relates_to],
  );
}

/** What a spent token does to the account, before any sign-in. */
export async function applySpentToken(q: Queryable, spent: SpentToken): Promise<void> {
  if (spent.token_type === 'email_change') await switchEmail(q, spent);
  // A recovery link also proves the address works; a sign-in link only goes to confirmed ones anyway.
  else await confirmEmail(q, spent.user_id);
}

/** The session a spent token signs in to, with the method its amr claim names. */
export const sessionOf = (q: Queryable, keys: Keys, spent: SpentToken, meta: ClientMeta) =>
  startSession(q, keys, spent.user_id, METHODS[spent.token_type], meta);

export type VerifyOutcome = { kind: 'code'; code: string } | { kind: 'session'; session: SessionJson };

/** POST /verify for a token of a PKCE flow: only the code exchange with the verifier may sign in. */
export const flowStateRequired = () =>
  new AuthError(
    403,
    'flow_state_required',
    'This link belongs to a PKCE flow: open the link, then exchange its code with the code verifier',
  );

/**
 * Spends the link token and applies it, in the caller's transaction. A link opened in the browser
 * (`via: 'link'`, GET /verify) answers an auth code when a PKCE client asked for it, else a session. A token
 * posted by an app (`via: 'app'`, POST /verify) answers a session only when it belongs to no PKCE flow; for
 * a PKCE one it is refused before anything is spent or changed, so the rightful holder can still finish.
 */
export async function verifyLink(
  q: Queryable,
  keys: Keys,
  input: { token: string; types: readonly OneTimeTokenType[]; meta: ClientMeta; via: 'link' | 'app' },
): Promise<VerifyOutcome> {
  const spent = await spendOneTimeToken(q, input.token, input.types);
  if (!spent) throw otpExpired();
  // Thrown before any change: the caller's transaction rolls the spend back.
  if (spent.flow_state_id && input.via === 'app') throw flowStateRequired();
  await applySpentToken(q, spent);
  if (spent.flow_state_id) {
    return { kind: 'code', code: await issueAuthCode(q, spent.flow_state_id, spent.user_id) };
  }
  return { kind: 'session', session: await sessionOf(q, keys, spent, input.meta) };
}

/** Appends query parameters to a redirect target that may already have some. */
export function withQuery(target: string, params: Record<string, string>): string {
  const url = new URL(target);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url.toString();
}

/** A session handed over in the fragment (implicit flow), as Supabase Auth does. */
export function withSessionFragment(target: string, session: SessionJson, type: string): string {
  const url = new URL(target);
  url.hash = new URLSearchParams({
    access_token: session.access_token,
    expires_at: String(session.expires_at),
    expires_in: String(session.expires_in),
    refresh_token: session.refresh_token,
    token_type: session.token_type,
    type,
  }).toString();
  return url.toString();
}

/** The error redirect of a link or OAuth return that failed: `?error=&error_code=&error_description=`. */
export function withError(
  target: string,
  err: AuthError | { error: string; code: string; message: string },
): string {
  const error = err instanceof AuthError ? (err.status >= 500 ? 'server_error' : 'access_denied') : err.error;
  const description =
    err instanceof AuthError && err.code === 'otp_expired'
      ? 'Email link is invalid or has expired'
      : err.message;
  return withQuery(target, { error, error_code: err.code, error_description: description });
}
