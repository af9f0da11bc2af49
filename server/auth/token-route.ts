// POST /token?grant_type=password|refresh_token|pkce: signing in, staying signed in, and finishing a PKCE
// flow (OAuth return or e-mail link) with the verifier only the client holds. A password sign-in and a code
// exchange both prove the account, so both leave the client a device cookie (device-cookies.ts) that lets its
// later password attempts past the ceiling strangers can fill; a refresh proves only an earlier sign-in.
import type { Context, Hono } from 'hono';
import type { AppDeps } from '../deps';
import { emailNotConfirmed, invalidCredentials, overRequestRateLimit, validationFailed } from './auth-error';
import { AuthError } from './auth-error';
import { passwordGrantBody, pkceGrantBody, readBody, refreshTokenGrantBody } from './auth-bodies';
import { clientMeta } from './auth-request';
import { issueDeviceToken, presentedDeviceTokens, setDeviceCookie, trustedDevice } from './device-cookies';
import { exchangeAuthCode } from './flow-state';
import { PASSWORD_MAX_LENGTH } from './limits';
import { checkPassword } from './password-attempts';
import type { ClientMeta, SessionJson } from './sessions';
import { refreshSession, startSession } from './sessions';
import { findUserByEmail, normalizeEmail } from './users';

/** A session, and the device token to hand out with it when the sign-in proved the account. */
interface Granted {
  session: SessionJson;
  deviceToken?: string;
}

async function passwordGrant(deps: AppDeps, c: Context, meta: ClientMeta): Promise<Granted> {
  const { email, password = '', phone } = await readBody(c, passwordGrantBody);
  if (!email && phone) throw new AuthError(422, 'phone_provider_disabled', 'Phone logins are disabled');
  if (!email) throw validationFailed('missing email or phone');
  const address = normalizeEmail(email);
  if (!(await deps.rateLimiter.take('token_ip', meta.ip))) throw overRequestRateLimit();

  const user = await findUserByEmail(deps.db, address);
  const tooLong = password.length > PASSWORD_MAX_LENGTH;
  const device = await trustedDevice(deps.db, user?.id ?? null, presentedDeviceTokens(c));
  // Unknown address, no password set, or wrong password: one answer, after the same amount of work. The
  // attempt is counted for the address as typed, so limits say nothing about who has an account.
  const verdict = await checkPassword(deps, {
    address,
    ip: meta.ip,
    storedHash: tooLong ? null : (user?.encrypted_password ?? null),
    password,
    trustedDevice: device,
  });
  if (verdict === 'limited') throw overRequestRateLimit();
  if (!user || verdict !== 'match') throw invalidCredentials();
  if (!user.email_confirmed_at) throw emailNotConfirmed();
  return deps.db.transaction(async (tx) => ({
    session: await startSession(tx, deps.keys, user.id, 'password', meta),
    deviceToken: await issueDeviceToken(tx, user.id, device),
  }));
}

async function refreshTokenGrant(deps: AppDeps, c: Context, meta: ClientMeta): Promise<Granted> {
  const { refresh_token: token } = await readBody(c, refreshTokenGrantBody);
  if (!(await deps.rateLimiter.take('token_ip', meta.ip))) throw overRequestRateLimit();
  return { session: await refreshSession(deps.db, deps.keys, token) };
}

async function pkceGrant(deps: AppDeps, c: Context, meta: ClientMeta): Promise<Granted> {
  const { code, verifier } = await readBody(c, pkceGrantBody);
  if (!(await deps.rateLimiter.take('token_ip', meta.ip))) throw overRequestRateLimit();
  const presented = presentedDeviceTokens(c);
  return deps.db.transaction(async (tx) => {
    const { userId, method } = await exchangeAuthCode(tx, code, verifier);
    return {
      session: await startSession(tx, deps.keys, userId, method, meta),
      deviceToken: await issueDeviceToken(tx, userId, await trustedDevice(tx, userId, presented)),
    };
  });
}

const GRANTS = { password: passwordGrant, refresh_token: refreshTokenGrant, pkce: pkceGrant } as const;

/** What GoTrue answers for a grant it does not serve, or serves only with a provider this server has not. */
function unservedGrant(grantType: string): AuthError {
  if (grantType === 'web3') return new AuthError(422, 'web3_provider_disabled', 'Web3 provider is disabled');
  return new AuthError(400, 'invalid_credentials', 'unsupported_grant_type');
}

export function mountTokenRoute(router: Hono, deps: AppDeps): void {
  router.post('/token', async (c) => {
    const grantType = c.req.query('grant_type') ?? '';
    if (!Object.hasOwn(GRANTS, grantType)) throw unservedGrant(grantType);
    const { session, deviceToken } = await GRANTS[grantType as keyof typeof GRANTS](deps, c, clientMeta(c));
    if (deviceToken) setDeviceCookie(c, deps.config.publicUrl, session.user.id, deviceToken);
    return c.json(session);
  });
}
