// GoTrue's factor API (POST /factors, /factors/{id}/challenge, /factors/{id}/verify, DELETE /factors/{id}),
// so supabase-js's auth.mfa works unchanged: enrol a TOTP factor, prove it with a code, and raise the session
// to aal2 with the amr entries GoTrue writes. Error codes are GoTrue's (internal/api/errorcodes.go).
import type { Context, Hono } from 'hono';
import type { AppDeps } from '../../deps';
import { isUniqueViolation } from '../../db/unique-violation';
import { AuthError, overRequestRateLimit, validationFailed } from '../auth-error';
import { readBody } from '../auth-bodies';
import { clientMeta, requireUser } from '../auth-request';
import { normaliseRecoveryCode } from '@shared/api/two-step';
import { MFA_CHALLENGE_TTL_SECONDS, MFA_MAX_FACTORS, MFA_UNVERIFIED_FACTOR_TTL_SECONDS } from '../limits';
import { raiseSession } from '../sessions';
import { challengeBody, enrollBody, verifyFactorBody } from './factor-bodies';
import { checkRecoveryCode, checkTotpCode, findFactor, insertFactor } from './factors';
import { removeRecoveryCodes, replaceRecoveryCodes } from './recovery-codes';
import { newTotpSecret, qrCodeSvg, totpUri } from './totp';

/** The issuer authenticator apps show when the client names none. */
const DEFAULT_ISSUER = 'Shelfwise';
/** GoTrue's factor ids are UUIDs; anything else is no factor of ours (and no query with a bad uuid). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const factorNotFound = () => new AuthError(404, 'mfa_factor_not_found', 'Factor not found');
const insufficientAal = (message: string) => new AuthError(422, 'insufficient_aal', message);
export const verificationFailed = () =>
  new AuthError(422, 'mfa_verification_failed', 'Invalid TOTP code entered');

async function takeIp(deps: AppDeps, c: Context) {
  if (!(await deps.rateLimiter.take('mfa_ip', clientMeta(c).ip))) throw overRequestRateLimit();
}

async function callersFactor(deps: AppDeps, userId: string, factorId: string) {
  const factor = UUID.test(factorId) ? await findFactor(deps.db, userId, factorId) : null;
  if (!factor) throw factorNotFound();
  return factor;
}

async function enroll(c: Context, deps: AppDeps) {
  const signedIn = await requireUser(c, deps.keys, deps.db);
  const sent = await readBody(c, enrollBody);
  if (sent.factor_type === 'phone') {
    throw new AuthError(422, 'mfa_phone_enroll_not_enabled', 'MFA enroll is disabled for Phone');
  }
  if (sent.factor_type === 'webauthn') {
    throw new AuthError(422, 'mfa_webauthn_enroll_not_enabled', 'MFA enroll is disabled for WebAuthn');
  }
  if (sent.factor_type !== 'totp') throw validationFailed('factor_type needs to be totp, phone or webauthn');
  await takeIp(deps, c);
  const { user } = signedIn;
  const verified = user.factors.filter((f) => f.status === 'verified');
  // Adding a factor to a protected account is itself protected: a stolen password must not add its own.
  if (verified.length > 0 && signedIn.aal !== 'aal2') {
    throw insufficientAal('AAL2 required to enroll a new factor');
  }
  const secret = newTotpSecret();
  const factor = await deps.db
    .transaction(async (tx) => {
      // Enrolments never confirmed make room, as GoTrue clears them.
      await tx.query(
        `delete from auth.mfa_factors where user_id = $1 and status = 'unverified'
          and created_at < now() - make_interval(secs => $2)`,
        [user.id, MFA_UNVERIFIED_FACTOR_TTL_SECONDS],
      );
      const [{ count } = { count: 0 }] = await tx.query<{ count: number }>(
        'select count(*)::int as count from auth.mfa_factors where user_id = $1',
        [user.id],
      );
      if (count >= MFA_MAX_FACTORS) {
        throw new AuthError(
          422,
          'too_many_enrolled_mfa_factors',
          'Maximum number of verified factors reached, unenroll to continue',
        );
      }
      return insertFactor(tx, deps, { userId: user.id, friendlyName: sent.friendly_name ?? null, secret });
    })
    .catch((err: unknown) => {
      if (!isUniqueViolation(err)) throw err;
      throw new AuthError(
        422,
        'mfa_factor_name_conflict',
        `A factor with the friendly name "${sent.friendly_name}" for this user already exists`,
      );
    });
  const uri = totpUri(secret, sent.issuer ?? DEFAULT_ISSUER, user.email);
  return c.json({
    id: factor.id,
    type: 'totp',
    ...(factor.friendly_name ? { friendly_name: factor.friendly_name } : {}),
    totp: { qr_code: qrCodeSvg(uri), secret, uri },
  });
}

async function challenge(c: Context, deps: AppDeps) {
  const { user, sessionId } = await requireUser(c, deps.keys, deps.db);
  await readBody(c, challengeBody);
  const factor = await callersFactor(deps, user.id, c.req.param('id') ?? '');
  await takeIp(deps, c);
  const [row] = await deps.db.transaction(async (tx) => {
    await tx.query('update auth.mfa_factors set last_challenged_at = now() where id = $1', [factor.id]);
    return tx.query<{ id: string; created_at: string }>(
      `insert into auth.mfa_challenges (factor_id, session_id, ip) values ($1, $2, $3)
       returning id, created_at`,
      [factor.id, sessionId, clientMeta(c).ip],
    );
  });
  if (!row) throw new Error('challenge insert returned nothing');
  const expiresAt = Math.floor(Date.parse(row.created_at) / 1000) + MFA_CHALLENGE_TTL_SECONDS;
  return c.json({ id: row.id, type: 'totp', expires_at: expiresAt });
}

async function verify(c: Context, deps: AppDeps) {
  const { user, sessionId } = await requireUser(c, deps.keys, deps.db);
  const { challengeId, code } = await readBody(c, verifyFactorBody);
  const factor = await callersFactor(deps, user.id, c.req.param('id') ?? '');
  await takeIp(deps, c);
  // A challenge answers for the session that asked for it, once, within its time.
  const [found] = UUID.test(challengeId)
    ? await deps.db.query<{ expired: boolean }>(
        `select created_at < now() - make_interval(secs => $4) as expired from auth.mfa_challenges
          where id = $1 and factor_id = $2 and session_id = $3 and verified_at is null`,
        [challengeId, factor.id, sessionId, MFA_CHALLENGE_TTL_SECONDS],
      )
    : [];
  if (!found) {
    throw new AuthError(404, 'mfa_factor_not_found', 'MFA factor with the provided challenge ID not found');
  }
  if (found.expired) {
    await deps.db.query('delete from auth.mfa_challenges where id = $1', [challengeId]);
    throw new AuthError(
      422,
      'mfa_challenge_expired',
      `MFA challenge ${challengeId} has expired, verify against another challenge or create a new challenge.`,
    );
  }
  // Extension (README, "Two-step sign-in and admins"): a recovery code in place of the TOTP code, which GoTrue has no call for.
  const typed = code.trim();
  const recovery = !/^\d{6}$/.test(typed) && normaliseRecoveryCode(typed) !== null;
  const check = recovery ? checkRecoveryCode : checkTotpCode;
  const verdict = await check(deps, factor, typed, clientMeta(c).ip);
  if (verdict === 'limited') throw overRequestRateLimit();
  if (verdict === 'mismatch') throw verificationFailed();
  const { session, recoveryCodes } = await deps.db.transaction(async (tx) => {
    const spent = await tx.query('delete from auth.mfa_challenges where id = $1 returning id', [challengeId]);
    if (spent.length === 0) throw verificationFailed();
    const [before] = await tx.query<{ count: number }>(
      `select count(*)::int as count from auth.mfa_factors where user_id = $1 and status = 'verified'`,
      [user.id],
    );
    const confirmed = await tx.query(
      `update auth.mfa_factors set status = 'verified', updated_at = now() where id = $1 and status <> 'verified'
       returning id`,
      [factor.id],
    );
    // The account's first verified factor comes with its recovery codes, shown this once.
    const first = confirmed.length > 0 && before?.count === 0;
    const codes = first ? await replaceRecoveryCodes(tx, deps.keys.mfaSecrets, user.id) : null;
    // As GoTrue: once a factor is proven, the account's sessions that stopped at the password end.
    await tx.query(`delete from auth.sessions where user_id = $1 and aal = 'aal1' and id <> $2`, [
      user.id,
      sessionId,
    ]);
    return {
      session: await raiseSession(tx, deps.keys, sessionId, recovery ? 'mfa/recovery' : 'totp', factor.id),
      recoveryCodes: codes,
    };
  });
  return c.json(recoveryCodes ? { ...session, recovery_codes: recoveryCodes } : session);
}

async function unenroll(c: Context, deps: AppDeps) {
  const { user, aal } = await requireUser(c, deps.keys, deps.db);
  const factor = await callersFactor(deps, user.id, c.req.param('id') ?? '');
  if (factor.status === 'verified' && aal !== 'aal2') {
    throw insufficientAal('AAL2 required to unenroll verified factor');
  }
  await deps.db.transaction(async (tx) => {
    // Sessions that this factor raised fall back to what they proved without it (GoTrue's
    // DowngradeSessionsToAAL1), so admin rights end with the factor, not when tokens expire.
    await tx.query(
      `update auth.sessions set aal = 'aal1', mfa_method = null, mfa_verified_at = null, factor_id = null
        where factor_id = $1`,
      [factor.id],
    );
    await tx.query('delete from auth.mfa_factors where id = $1', [factor.id]);
    // Recovery codes stand in for the account's factors: with the last one gone, they go too.
    const [left] = await tx.query<{ count: number }>(
      `select count(*)::int as count from auth.mfa_factors where user_id = $1 and status = 'verified'`,
      [user.id],
    );
    if (left?.count === 0) await removeRecoveryCodes(tx, user.id);
  });
  return c.json({ id: factor.id });
}

export function mountFactorRoutes(router: Hono, deps: AppDeps): void {
  router.post('/factors', (c) => enroll(c, deps));
  router.post('/factors/:id/challenge', (c) => challenge(c, deps));
  router.post('/factors/:id/verify', (c) => verify(c, deps));
  router.delete('/factors/:id', (c) => unenroll(c, deps));
}
