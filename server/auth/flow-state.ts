// PKCE flows in progress (auth.flow_state). A flow starts with the client's S256 challenge (an OAuth
// sign-in, or an e-mail link asked for by a PKCE client); when the user comes back we hand out a one-time
// auth code, which only the holder of the matching verifier can exchange for a session.
import type { Queryable } from '../db/db';
import { AuthError } from './auth-error';
import { AUTH_CODE_TTL_SECONDS, OAUTH_FLOW_TTL_SECONDS } from './limits';
import { pkceMatches, randomToken, sha256Hex } from './secrets';
import type { AuthMethod } from './sessions';

export interface OAuthFlow {
  id: string;
  redirect_to: string | null;
  provider_verifier: string;
  provider_nonce: string;
}

export async function createFlow(
  q: Queryable,
  input: {
    codeChallenge: string;
    providerType: 'email' | 'google';
    method: AuthMethod;
    redirectTo: string | null;
    userId?: string | null;
    provider?: { state: string; verifier: string; nonce: string };
  },
): Promise<string> {
  const [row] = await q.query<{ id: string }>(
    `insert into auth.flow_state (user_id, code_challenge, code_challenge_method, provider_type, provider_state,
       provider_verifier, provider_nonce, redirect_to, authentication_method)
     values ($1, $2, 's256', $3, $4, $5, $6, $7, $8) returning id`,
    [
      input.userId ?? null,
      input.codeChallenge,
      input.providerType,
      input.provider?.state ?? null,
      input.provider?.verifier ?? null,
      input.provider?.nonce ?? null,
      input.redirectTo,
      input.method,
    ],
  );
  if (!row) throw new Error('flow_state insert returned nothing');
  return row.id;
}

/** The OAuth flow waiting for the provider to come back with `state`, if it has not timed out. */
export async function findOAuthFlow(q: Queryable, state: string): Promise<OAuthFlow | null> {
  const [row] = await q.query<OAuthFlow>(
    `select id, redirect_to, provider_verifier, provider_nonce from auth.flow_state
      where provider_state = $1 and provider_type = 'google' and auth_code_hash is null
        and created_at > now() - make_interval(secs => $2)`,
    [state, OAUTH_FLOW_TTL_SECONDS],
  );
  return row ?? null;
}

/** Gives the flow its user and a fresh auth code (answered once, stored hashed). */
export async function issueAuthCode(q: Queryable, flowId: string, userId: string): Promise<string> {
  const code = randomToken();
  await q.query(
    `update auth.flow_state set auth_code_hash = $2, user_id = $3, auth_code_issued_at = now(),
       provider_state = null, provider_verifier = null, provider_nonce = null
      where id = $1`,
    [flowId, sha256Hex(code), userId],
  );
  return code;
}

export const flowStateNotFound = () =>
  new AuthError(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found');

/**
 * Spends an auth code against its verifier: answers the user and how they signed in. The code is gone
 * after a successful exchange; a wrong verifier leaves it for the rightful holder.
 */
export async function exchangeAuthCode(
  q: Queryable,
  code: string,
  verifier: string,
): Promise<{ userId: string; method: AuthMethod }> {
  const [flow] = await q.query<{
    id: string;
    user_id: string | null;
    code_challenge: string;
    authentication_method: AuthMethod;
    expired: boolean;
  }>(
    `select id, user_id, code_challenge, authentication_method,
            auth_code_issued_at < now() - make_interval(secs => $2) as expired
       from auth.flow_state where auth_code_hash = $1 for update`,
    [sha256Hex(code), AUTH_CODE_TTL_SECONDS],
  );
  if (!flow || !flow.user_id) throw flowStateNotFound();
  if (flow.expired) {
    throw new AuthError(422, 'flow_state_expired', 'invalid flow state, flow state has expired');
  }
  if (!pkceMatches(verifier, flow.code_challenge)) {
    throw new AuthError(
      400,
      'bad_code_verifier',
      'code challenge does not match previously saved code verifier',
    );
  }
  await q.query('delete from auth.flow_state where id = $1', [flow.id]);
  return { userId: flow.user_id, method: flow.authentication_method };
}
