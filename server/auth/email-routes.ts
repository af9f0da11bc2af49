// POST /recover (password reset mail), POST /resend (a new sign-up confirmation), POST /otp (a sign-in link
// and code), GET /verify (the e-mail links) and POST /verify (token_hash, or a sign-in mail's code).
import type { Context, Hono } from 'hono';
import type { AppDeps } from '../deps';
import { AuthError, otpExpired, overRequestRateLimit } from './auth-error';
import { otpBody, readBody, recoverBody, resendBody, verifyBody } from './auth-bodies';
import { clientMeta } from './auth-request';
import { signInWithEmailCode } from './email-code-sign-in';
import { redirectOfToken, VERIFY_TYPES } from './one-time-tokens';
import { allowedRedirectOr, allowedWebOrigin, isAllowedRedirect } from './redirect-allow-list';
import { enqueueRecover } from './recover-job';
import { enqueueResend } from './resend-job';
import { enqueueSignInLink } from './sign-in-link-job';
import { verifyLink, withError, withQuery, withSessionFragment } from './verify-link';

async function recover(c: Context, deps: AppDeps) {
  const { config, rateLimiter } = deps;
  const { email, codeChallenge } = await readBody(c, recoverBody);
  const { ip } = clientMeta(c);
  if (!(await rateLimiter.take('recover_ip', ip))) throw overRequestRateLimit();
  // Counted for every address, known or not, so the limit says nothing about who has an account.
  if (!(await rateLimiter.take('recover_email', email))) throw overRequestRateLimit();

  // Whether the account exists is not looked at here: the request does the same work for every address
  // (one job queued), so neither its answer nor its timing tells. The worker does the rest (recover-job.ts).
  await enqueueRecover(deps.db, deps.jobs, {
    email,
    redirect_to: allowedRedirectOr(c.req.query('redirect_to'), config.publicUrl, config),
    origin: allowedWebOrigin(c.req.header('origin'), config),
    code_challenge: codeChallenge,
  });
  return c.json({});
}

/**
 * POST /resend {type: 'signup', email}: a new confirmation link for an account still waiting for one. Like
 * /recover it answers 200 {} for every address after the same work (one job queued), so whether the address
 * has an account, or a confirmed one, does not show; resend-job.ts decides. The link is made for this
 * request's client: its redirect_to (the desktop app's shelfwise:// route), page origin and PKCE challenge.
 */
async function resend(c: Context, deps: AppDeps) {
  const { config, rateLimiter } = deps;
  const sent = await readBody(c, resendBody);
  if (sent.kind === 'phone') throw new AuthError(400, 'phone_provider_disabled', 'Phone logins are disabled');
  const { email, codeChallenge } = sent;
  const { ip } = clientMeta(c);
  if (!(await rateLimiter.take('resend_ip', ip))) throw overRequestRateLimit();
  // Counted for every address, known or not, so the limit says nothing about who has an account.
  if (!(await rateLimiter.take('resend_email', email))) throw overRequestRateLimit();
  const origin = allowedWebOrigin(c.req.header('origin'), config);
  await enqueueResend(deps.db, deps.jobs, {
    email,
    // Where a sign-up from this client lands by default (register-user.ts): its web origin's home page.
    redirect_to: allowedRedirectOr(c.req.query('redirect_to'), `${origin ?? config.publicUrl}/`, config),
    origin,
    code_challenge: codeChallenge,
  });
  return c.json({});
}

/**
 * POST /otp {email} (supabase-js signInWithOtp): a sign-in link, with its six-digit code, for an existing
 * account with a confirmed address. Like /recover it answers 200 {} for every address after the same work
 * (one job queued), so whether the address has an account does not show; sign-in-link-job.ts decides. It
 * never makes an account, whatever `create_user` says. The link is made for this request's client: its
 * redirect_to (the desktop app's shelfwise:// callback), page origin and PKCE challenge.
 */
async function signInLink(c: Context, deps: AppDeps) {
  const { config, rateLimiter } = deps;
  const { email, codeChallenge } = await readBody(c, otpBody);
  if (email === null) throw new AuthError(422, 'phone_provider_disabled', 'Unsupported phone provider');
  const { ip } = clientMeta(c);
  if (!(await rateLimiter.take('otp_ip', ip))) throw overRequestRateLimit();
  // Counted for every address, known or not, so the limit says nothing about who has an account.
  if (!(await rateLimiter.take('otp_email', email))) throw overRequestRateLimit();
  const origin = allowedWebOrigin(c.req.header('origin'), config);
  await enqueueSignInLink(deps.db, deps.jobs, {
    email,
    redirect_to: allowedRedirectOr(c.req.query('redirect_to'), `${origin ?? config.publicUrl}/`, config),
    origin,
    code_challenge: codeChallenge,
  });
  return c.json({});
}

/** GET /verify: the link in a mail. Always answers with a redirect, carrying a code, a session or an error. */
async function verifyFromLink(c: Context, deps: AppDeps) {
  const { config, db } = deps;
  const token = c.req.query('token') ?? '';
  const type = c.req.query('type') ?? '';
  const asked = c.req.query('redirect_to');
  // Where to send the browser: the link's redirect_to when it is allowed, else the one the link was made
  // with (it may have been cut off by a mail client), else the home page.
  const fallback = async () => {
    if (asked && isAllowedRedirect(asked, config)) return asked;
    const stored = token && token.length <= 512 ? await redirectOfToken(db, token) : null;
    return stored ?? config.publicUrl;
  };
  const meta = clientMeta(c);
  if (!(await deps.rateLimiter.take('verify_ip', meta.ip))) {
    return c.redirect(withError(await fallback(), overRequestRateLimit()), 303);
  }
  const tokenTypes = Object.hasOwn(VERIFY_TYPES, type) ? VERIFY_TYPES[type] : undefined;
  if (!token || token.length > 512 || !tokenTypes) {
    return c.redirect(withError(await fallback(), otpExpired()), 303);
  }
  const redirectTo = await fallback();
  try {
    const outcome = await db.transaction((tx) =>
      verifyLink(tx, deps.keys, { token, types: tokenTypes, meta, via: 'link' }),
    );
    const target =
      outcome.kind === 'code'
        ? withQuery(redirectTo, { code: outcome.code })
        : withSessionFragment(redirectTo, outcome.session, type === 'email' ? 'signup' : type);
    return c.redirect(target, 303);
  } catch (err) {
    if (err instanceof AuthError) return c.redirect(withError(redirectTo, err), 303);
    throw err;
  }
}

/**
 * POST /verify {type, token_hash}: the same, answering the session as JSON; or {type, email, token}: the code
 * of a sign-in mail (email-code-sign-in.ts).
 */
async function verifyFromApp(c: Context, deps: AppDeps) {
  const sent = await readBody(c, verifyBody);
  const meta = clientMeta(c);
  if (!(await deps.rateLimiter.take('verify_ip', meta.ip))) throw overRequestRateLimit();
  if (sent.kind === 'code') {
    return c.json(await signInWithEmailCode(deps, { email: sent.email, code: sent.code, meta }));
  }
  if (sent.kind === 'phone') throw otpExpired();
  const outcome = await deps.db.transaction((tx) =>
    verifyLink(tx, deps.keys, { token: sent.tokenHash, types: sent.types, meta, via: 'app' }),
  );
  if (outcome.kind !== 'session') throw new Error('POST /verify must answer a session');
  return c.json(outcome.session);
}

export function mountEmailRoutes(router: Hono, deps: AppDeps): void {
  router.post('/recover', (c) => recover(c, deps));
  router.post('/resend', (c) => resend(c, deps));
  router.post('/otp', (c) => signInLink(c, deps));
  router.get('/verify', (c) => verifyFromLink(c, deps));
  router.post('/verify', (c) => verifyFromApp(c, deps));
}
