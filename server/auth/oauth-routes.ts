// GET /authorize?provider=google (PKCE) and GET /callback: the browser goes to Google and back, and lands on
// redirect_to with ?code=, which the client exchanges with its verifier at /token?grant_type=pkce. GET
// /settings says (as GoTrue's does) whether Google is configured, so clients can ask before leaving the page.
import type { Context, Hono } from 'hono';
import { GOOGLE_UNAVAILABLE_MESSAGE } from '@shared/api/accounts';
import type { AppDeps } from '../deps';
import { describeError } from '../http/error-log';
import { AuthError, overRequestRateLimit, validationFailed } from './auth-error';
import { clientMeta } from './auth-request';
import { createFlow, findOAuthFlow, issueAuthCode } from './flow-state';
import { callbackUrl } from './google-oidc';
import { findOrCreateGoogleUser } from './google-user';
import { allowedRedirectOr } from './redirect-allow-list';
import { readCodeChallenge } from './secrets';
import { withError, withQuery } from './verify-link';

const unsupportedProvider = () => validationFailed('Unsupported provider: provider is not enabled');

async function authorize(c: Context, deps: AppDeps) {
  const { config, google } = deps;
  if (c.req.query('provider') !== 'google') throw unsupportedProvider();
  const codeChallenge = readCodeChallenge(
    c.req.query('code_challenge'),
    c.req.query('code_challenge_method'),
  );
  if (codeChallenge === null || codeChallenge === 'invalid') {
    throw validationFailed('PKCE is required: send code_challenge with code_challenge_method=s256');
  }
  if (!google.enabled) {
    // The browser navigated here ('Login with Google' is shown on every server, SPEC.md): a JSON error would
    // strand the reader on it. Back to where they came from, or the login page, with GoTrue's error params.
    const disabled = {
      error: 'invalid_request',
      code: 'provider_disabled',
      message: GOOGLE_UNAVAILABLE_MESSAGE,
    };
    const back = allowedRedirectOr(c.req.query('redirect_to'), `${config.publicUrl}/login`, config);
    return c.redirect(withError(back, disabled), 302);
  }
  if (!(await deps.rateLimiter.take('oauth_ip', clientMeta(c).ip))) throw overRequestRateLimit();
  const redirectTo = allowedRedirectOr(c.req.query('redirect_to'), config.publicUrl, config);
  const checks = google.newChecks();
  let url: URL;
  try {
    url = await google.authorizationUrl(checks);
  } catch (err) {
    console.error('Google sign-in is unavailable:', err);
    const unavailable = {
      error: 'server_error',
      code: 'provider_unavailable',
      message: 'Google sign-in is unavailable right now.',
    };
    return c.redirect(withError(redirectTo, unavailable), 302);
  }
  await createFlow(deps.db, {
    codeChallenge,
    providerType: 'google',
    method: 'oauth',
    redirectTo,
    provider: checks,
  });
  if (c.req.query('skip_http_redirect') === 'true') return c.json({ url: url.toString() });
  return c.redirect(url.toString(), 302);
}

async function callback(c: Context, deps: AppDeps) {
  const { config, db, google } = deps;
  const state = c.req.query('state') ?? '';
  const flow = state && state.length <= 512 ? await findOAuthFlow(db, state) : null;
  if (!flow) {
    const badState = {
      error: 'invalid_request',
      code: 'bad_oauth_state',
      message: 'OAuth state is invalid or has expired',
    };
    return c.redirect(withError(config.publicUrl, badState), 302);
  }
  const redirectTo = flow.redirect_to ?? config.publicUrl;
  const providerError = c.req.query('error');
  if (providerError) {
    await db.query('delete from auth.flow_state where id = $1', [flow.id]);
    const message = c.req.query('error_description') || 'Google sign-in was cancelled.';
    const error = /^[a-z_]{1,64}$/.test(providerError) ? providerError : 'access_denied';
    return c.redirect(
      withError(redirectTo, { error, code: 'provider_error', message: message.slice(0, 300) }),
      302,
    );
  }
  try {
    // The URL Google was told to come back to, with what it came back with: openid-client checks both.
    const returned = new URL(`${callbackUrl(config)}?${new URL(c.req.url).searchParams}`);
    const profile = await google.finish(returned, {
      state,
      nonce: flow.provider_nonce,
      verifier: flow.provider_verifier,
    });
    const code = await db.transaction(async (tx) => {
      const userId = await findOrCreateGoogleUser(tx, config.googleIssuer, profile);
      return issueAuthCode(tx, flow.id, userId);
    });
    return c.redirect(withQuery(redirectTo, { code }), 302);
  } catch (err) {
    await db.query('delete from auth.flow_state where id = $1', [flow.id]);
    if (err instanceof AuthError) return c.redirect(withError(redirectTo, err), 302);
    // Class, code and place only: a database error's message and fields quote the profile's values.
    console.error(`Google sign-in failed: ${describeError(err)}`);
    const failed = {
      error: 'server_error',
      code: 'bad_oauth_callback',
      message: 'Google sign-in could not be completed.',
    };
    return c.redirect(withError(redirectTo, failed), 302);
  }
}

/** GoTrue's GET /settings, with the fields that describe this server (no phone, no other providers). */
function settings(c: Context, deps: AppDeps) {
  return c.json({
    external: { email: true, google: deps.google.enabled, phone: false },
    // Accounts are made by /sf/register-user (auth-router.ts), and every address is confirmed by mail.
    disable_signup: true,
    mailer_autoconfirm: false,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
  });
}

export function mountOAuthRoutes(router: Hono, deps: AppDeps): void {
  router.get('/settings', (c) => settings(c, deps));
  router.get('/authorize', (c) => authorize(c, deps));
  router.get('/callback', (c) => callback(c, deps));
}
