// Signed-in users for API tests, made straight in the database with a live session and a real access
// token, so feature tests do not depend on the sign-up flow (which has its own tests). An admin gets what
// admin calls need (issue 31): a verified TOTP factor and a session raised to aal2 by it.
import { randomUUID } from 'node:crypto';
import { insertFactor } from '../../server/auth/mfa/factors';
import { newTotpSecret } from '../../server/auth/mfa/totp';
import type { TestApp } from './test-app';

export interface TestUser {
  id: string;
  username: string;
  email: string;
  token: string;
}

let counter = 0;

export async function createTestUser(
  t: Pick<TestApp, 'deps'>,
  options: {
    username?: string;
    admin?: boolean;
    firstName?: string;
    /** The session's assurance level: aal2 (with a verified factor) for admins unless set. */
    aal?: 'aal1' | 'aal2';
  } = {},
): Promise<TestUser> {
  counter += 1;
  const username = options.username ?? `reader${counter}_${randomUUID().slice(0, 6)}`;
  const email = `${username.toLowerCase()}@example.test`;
  const { db, keys } = t.deps;
  const [user] = await db.query<{ id: string }>(
    `insert into auth.users (email, email_confirmed_at) values ($1, now()) returning id`,
    [email],
  );
  const id = (user as { id: string }).id;
  await db.query(`insert into public.profiles (id, username, first_name, is_admin) values ($1, $2, $3, $4)`, [
    id,
    username,
    options.firstName ?? null,
    options.admin ?? false,
  ]);
  const aal = options.aal ?? (options.admin ? 'aal2' : 'aal1');
  const factor =
    aal === 'aal2'
      ? await insertFactor(db, t.deps, { userId: id, friendlyName: null, secret: newTotpSecret() })
      : null;
  if (factor) await db.query(`update auth.mfa_factors set status = 'verified' where id = $1`, [factor.id]);
  const [session] = await db.query<{ id: string }>(
    `insert into auth.sessions (user_id, aal, mfa_method, mfa_verified_at, factor_id)
     values ($1, $2, $3, $4, $5) returning id`,
    [id, aal, factor ? 'totp' : null, factor ? new Date().toISOString() : null, factor?.id ?? null],
  );
  const { token } = await keys.signAccessToken({
    sub: id,
    email,
    session_id: (session as { id: string }).id,
    extra: { aal },
  });
  return { id, username, email, token };
}
