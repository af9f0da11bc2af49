// GET /user, PUT /user (password, e-mail change confirmed by a mail to the new address, user metadata) and
// POST /logout?scope=global|local|others. A new password or address also needs proof of presence
// (presence.ts): `current_password` in the body, or a recent sign-in.
import type { Context, Hono } from 'hono';
import { isStrongPassword, PASSWORD_RULE_MESSAGE } from '@shared/domain/account-validation';
import {
  CURRENT_PASSWORD_MISMATCH,
  CURRENT_PASSWORD_MISMATCH_MESSAGE,
  REAUTHENTICATION_NEEDED,
  REAUTHENTICATION_NEEDED_MESSAGE,
} from '@shared/api/presence';
import type { AppDeps } from '../deps';
import {
  AuthError,
  emailExists,
  overEmailSendRateLimit,
  overRequestRateLimit,
  validationFailed,
  weakPassword,
} from './auth-error';
import { readBody, userUpdateBody } from './auth-bodies';
import type { UserUpdateBody } from './auth-bodies';
import { clientMeta, requireUser } from './auth-request';
import { sendAuthLink } from './email-links';
import { hashPassword, passwordMatches } from './passwords';
import { allowedRedirectOr } from './redirect-allow-list';
import { provePresence } from './presence';
import type { SignOutScope } from './sessions';
import { endSessions } from './sessions';
import type { UserRow } from './users';
import { findUserByEmail, findUserById, normalizeEmail, toAuthUser } from './users';

interface UserChanges {
  passwordHash: string | null;
  newEmail: string | null;
  metadata: Record<string, unknown> | null;
  codeChallenge: string | null;
}

/** A new password or address needs the current password or a recent sign-in; checked before anything else. */
async function requirePresence(deps: AppDeps, caller: Caller, currentPassword: string | undefined) {
  const verdict = await provePresence(deps, {
    userId: caller.user.id,
    email: caller.user.email,
    encryptedPassword: caller.user.encrypted_password,
    sessionId: caller.sessionId,
    ip: caller.ip,
    currentPassword,
  });
  if (verdict === 'needed')
    throw new AuthError(400, REAUTHENTICATION_NEEDED, REAUTHENTICATION_NEEDED_MESSAGE);
  if (verdict === 'mismatch') {
    throw new AuthError(400, CURRENT_PASSWORD_MISMATCH, CURRENT_PASSWORD_MISMATCH_MESSAGE);
  }
  if (verdict === 'limited') throw overRequestRateLimit();
}

interface Caller {
  user: UserRow;
  sessionId: string;
  ip: string;
}

/** Checks every requested change before any of them is made, so a bad field changes nothing. */
async function readChanges(deps: AppDeps, body: UserUpdateBody, caller: Caller): Promise<UserChanges> {
  const { user } = caller;
  const { metadata, password, email, currentPassword, codeChallenge } = body;
  const newEmail = email !== undefined && email !== normalizeEmail(user.email) ? email : null;
  if (password !== undefined && !isStrongPassword(password)) throw weakPassword(PASSWORD_RULE_MESSAGE);
  // Before same_password and email_exists, which would otherwise answer questions to a copied token.
  if (password !== undefined || newEmail) await requirePresence(deps, caller, currentPassword);
  if (password !== undefined) {
    if (await passwordMatches(user.encrypted_password, password)) {
      throw new AuthError(422, 'same_password', 'New password should be different from the old password.');
    }
  }
  if (newEmail) {
    const owner = await findUserByEmail(deps.db, newEmail);
    if (owner && owner.id !== user.id) throw emailExists();
    if (!(await deps.rateLimiter.take('mail_address', newEmail))) throw overEmailSendRateLimit();
  }
  return {
    passwordHash: password === undefined ? null : await hashPassword(password),
    newEmail,
    metadata,
    codeChallenge: newEmail ? codeChallenge : null,
  };
}

async function updateUser(c: Context, deps: AppDeps) {
  const { user, sessionId, secondFactorOwed } = await requireUser(c, deps.keys, deps.db);
  // A password alone changes nothing of an account with two-step sign-in (GoTrue refuses the password and
  // the address; we refuse metadata too, as every /sf/ write is refused).
  if (secondFactorOwed) {
    throw new AuthError(
      401,
      'insufficient_aal',
      'AAL2 session is required to update email or password when MFA is enabled.',
    );
  }
  const body = await readBody(c, userUpdateBody);
  const changes = await readChanges(deps, body, { user, sessionId, ip: clientMeta(c).ip });
  await applyChanges(c, deps, user.id, sessionId, changes);
  const updated = await findUserById(deps.db, user.id);
  if (!updated) throw new Error('user vanished while updating');
  return c.json(toAuthUser(updated));
}

/** Makes every change in one transaction; the confirmation mail is queued in it and sent by the outbox. */
function applyChanges(c: Context, deps: AppDeps, userId: string, sessionId: string, changes: UserChanges) {
  const { config } = deps;
  return deps.db.transaction(async (tx) => {
    if (changes.metadata) {
      // Supabase Auth semantics: keys are merged in; a key set to null is removed.
      await tx.query(
        `update auth.users u set updated_at = now(), raw_user_meta_data = coalesce((
           select jsonb_object_agg(e.key, e.value) from jsonb_each(u.raw_user_meta_data || $2::jsonb) e
            where e.value <> 'null'::jsonb), '{}'::jsonb)
          where u.id = $1`,
        [userId, JSON.stringify(changes.metadata)],
      );
    }
    if (changes.passwordHash) {
      await tx.query('update auth.users set encrypted_password = $2, updated_at = now() where id = $1', [
        userId,
        changes.passwordHash,
      ]);
      // Whoever else held a session may be the reason for the change.
      await endSessions(tx, userId, sessionId, 'others');
    }
    if (changes.newEmail) {
      await tx.query('update auth.users set email_change = $2, updated_at = now() where id = $1', [
        userId,
        changes.newEmail,
      ]);
      await sendAuthLink(tx, deps, {
        kind: 'email_change',
        userId: userId,
        to: changes.newEmail,
        redirectTo: allowedRedirectOr(c.req.query('redirect_to'), config.publicUrl, config),
        origin: c.req.header('origin') ?? null,
        codeChallenge: changes.codeChallenge,
      });
    }
  });
}

const SCOPES: readonly string[] = ['global', 'local', 'others'] satisfies SignOutScope[];

export function mountUserRoutes(router: Hono, deps: AppDeps): void {
  router.get('/user', async (c) => {
    const { user } = await requireUser(c, deps.keys, deps.db);
    return c.json(toAuthUser(user));
  });

  router.put('/user', (c) => updateUser(c, deps));

  router.post('/logout', async (c) => {
    const scope = c.req.query('scope') ?? 'global';
    if (!SCOPES.includes(scope)) throw validationFailed(`Unsupported logout scope "${scope}"`);
    const { user, sessionId } = await requireUser(c, deps.keys, deps.db);
    await endSessions(deps.db, user.id, sessionId, scope as SignOutScope);
    return c.body(null, 204);
  });
}
