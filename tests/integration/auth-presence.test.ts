// Proof of presence before a sensitive change: a new password, a new e-mail address or deleting the account
// need the current password, or a sign-in within the last few minutes. An access token alone (copied from
// a device left signed in) is not enough. Sessions are aged in the database to stand for time passing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECENT_SIGN_IN_MINUTES } from '@shared/api/presence';
import { DEFAULT_RATE_LIMITS } from '../../server/auth/limits';
import { hashPassword } from '../../server/auth/passwords';
import { authFetch, authTableCounts, registerConfirmed } from '../support/auth-flows';
import type { Registration } from '../support/auth-flows';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({
    config: {
      rateLimits: { ...DEFAULT_RATE_LIMITS, token_failures: { max: 3, windowSeconds: 600 } },
    },
  });
});
afterAll(() => s.close());

const NEW_PASSWORD = 'N3w!password';

async function signedIn(reg: Registration) {
  const client = s.client();
  const { data, error } = await client.auth.signInWithPassword({ email: reg.email, password: reg.password });
  expect(error).toBeNull();
  return { client, userId: data.user?.id ?? '', token: data.session?.access_token ?? '' };
}

/** Makes every session of the user older than the window, as if they signed in a while ago. */
const age = (userId: string, minutes = RECENT_SIGN_IN_MINUTES + 1) =>
  s.t.deps.db.query(
    `update auth.sessions set created_at = now() - make_interval(mins => $2) where user_id = $1`,
    [userId, minutes],
  );

const passwordHashOf = async (userId: string) =>
  (
    await s.t.deps.db.query<{ encrypted_password: string }>(
      'select encrypted_password from auth.users where id = $1',
      [userId],
    )
  )[0]?.encrypted_password;

const canSignIn = async (email: string, password: string) =>
  (await s.client().auth.signInWithPassword({ email, password })).error === null;

describe('PUT /user: password and e-mail changes', () => {
  it('needs the current password once the sign-in is older than the window', async () => {
    const reg = await registerConfirmed(s);
    const { client, userId } = await signedIn(reg);
    await age(userId);
    const before = await authTableCounts(s);

    const bare = await client.auth.updateUser({ password: NEW_PASSWORD });
    expect(bare.error?.code).toBe('reauthentication_needed');
    expect(bare.error?.status).toBe(400);
    // The old password is no oracle either: no same_password answer without proof.
    const same = await client.auth.updateUser({ password: reg.password });
    expect(same.error?.code).toBe('reauthentication_needed');
    const wrong = await client.auth.updateUser({ password: NEW_PASSWORD, current_password: 'Not!mine1' });
    expect(wrong.error?.code).toBe('current_password_mismatch');
    expect(wrong.error?.status).toBe(400);
    expect(await authTableCounts(s)).toEqual(before);
    expect(await canSignIn(reg.email, reg.password)).toBe(true);

    const proven = await client.auth.updateUser({ password: NEW_PASSWORD, current_password: reg.password });
    expect(proven.error).toBeNull();
    expect(await canSignIn(reg.email, NEW_PASSWORD)).toBe(true);
    expect(await canSignIn(reg.email, reg.password)).toBe(false);
  });

  it('lets a recent sign-in change the password without it', async () => {
    const reg = await registerConfirmed(s);
    const { client, userId } = await signedIn(reg);
    await age(userId, RECENT_SIGN_IN_MINUTES - 1);
    expect((await client.auth.updateUser({ password: NEW_PASSWORD })).error).toBeNull();
    expect(await canSignIn(reg.email, NEW_PASSWORD)).toBe(true);
  });

  it('needs the proof for an e-mail change too, and sends nothing without it', async () => {
    const reg = await registerConfirmed(s);
    const { client, userId } = await signedIn(reg);
    await age(userId);
    const target = `moved-${reg.email}`;
    const bare = await client.auth.updateUser({ email: target });
    expect(bare.error?.code).toBe('reauthentication_needed');
    expect(await s.mails(target)).toEqual([]);
    expect((await client.auth.getUser()).data.user?.new_email).toBeUndefined();

    const proven = await client.auth.updateUser({ email: target, current_password: reg.password });
    expect(proven.error).toBeNull();
    expect(proven.data.user?.new_email).toBe(target);
    expect(await s.mails(target)).toHaveLength(1);
  });

  it('needs no proof for metadata, or for the address the account already has', async () => {
    const reg = await registerConfirmed(s);
    const { client, userId } = await signedIn(reg);
    await age(userId, 60 * 24);
    const { data, error } = await client.auth.updateUser({ email: reg.email, data: { theme: 'dark' } });
    expect(error).toBeNull();
    expect(data.user?.user_metadata).toMatchObject({ theme: 'dark' });
  });

  it('counts wrong current passwords under the sign-in limit, so a copied token cannot guess it', async () => {
    const reg = await registerConfirmed(s);
    const { userId, token } = await signedIn(reg);
    await age(userId);
    const put = (current_password: string) =>
      authFetch(s, '/user', { method: 'PUT', token, body: { password: NEW_PASSWORD, current_password } });
    for (let i = 0; i < 3; i += 1)
      expect((await put(`Guess${i}!x`)).body.code).toBe('current_password_mismatch');
    const hashBefore = await passwordHashOf(userId);
    const limited = await put(reg.password);
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('over_request_rate_limit');
    expect(await passwordHashOf(userId)).toBe(hashBefore);
  });

  it('lets an account without a password (Google only) prove itself only by a recent sign-in', async () => {
    const email = `google-only-${Date.now()}@example.test`;
    const [user] = await s.t.deps.db.query<{ id: string }>(
      `insert into auth.users (email, email_confirmed_at) values ($1, now()) returning id`,
      [email],
    );
    const userId = user?.id ?? '';
    const session = await s.t.deps.db.transaction(async (tx) => {
      const { startSession } = await import('../../server/auth/sessions');
      return startSession(tx, s.t.deps.keys, userId, 'oauth', { ip: '127.0.0.1', userAgent: null });
    });
    const put = (body: Record<string, unknown>) =>
      authFetch(s, '/user', { method: 'PUT', token: session.access_token, body });
    await age(userId);
    expect((await put({ password: NEW_PASSWORD })).body.code).toBe('reauthentication_needed');
    expect((await put({ password: NEW_PASSWORD, current_password: 'Anything!1' })).body.code).toBe(
      'current_password_mismatch',
    );
    await age(userId, 1);
    expect((await put({ password: NEW_PASSWORD })).status).toBe(200);
    expect(await canSignIn(email, NEW_PASSWORD)).toBe(true);
  });
});

describe('delete-user', () => {
  it('needs the current password once the sign-in is older than the window, deleting nothing without it', async () => {
    const reg = await registerConfirmed(s);
    const { userId, token } = await signedIn(reg);
    await age(userId);
    const before = await authTableCounts(s);

    const bare = await s.sf('delete-user', {}, token);
    expect(bare.status).toBe(403);
    expect(bare.body.code).toBe('reauthentication_needed');
    const wrong = await s.sf('delete-user', { current_password: 'Not!mine1' }, token);
    expect(wrong.status).toBe(403);
    expect(wrong.body.code).toBe('current_password_mismatch');
    const bad = await s.sf('delete-user', { current_password: 42 }, token);
    expect(bad.status).toBe(400);
    expect(await authTableCounts(s)).toEqual(before);

    const proven = await s.sf('delete-user', { current_password: reg.password }, token);
    expect(proven.status).toBe(200);
    expect(await canSignIn(reg.email, reg.password)).toBe(false);
  });

  it('lets a recent sign-in delete without the password', async () => {
    const reg = await registerConfirmed(s);
    const { token } = await signedIn(reg);
    expect((await s.sf('delete-user', {}, token)).status).toBe(200);
  });

  it('lets an account without a password delete only within the window', async () => {
    const email = `google-del-${Date.now()}@example.test`;
    await s.t.deps.db.query(
      `insert into auth.users (email, encrypted_password, email_confirmed_at) values ($1, $2, now())`,
      [email, await hashPassword('Str0ng!pass')],
    );
    const client = s.client();
    const { data } = await client.auth.signInWithPassword({ email, password: 'Str0ng!pass' });
    const userId = data.user?.id ?? '';
    await s.t.deps.db.query('update auth.users set encrypted_password = null where id = $1', [userId]);
    await age(userId);
    const token = data.session?.access_token ?? '';
    expect((await s.sf('delete-user', { current_password: 'Str0ng!pass' }, token)).body.code).toBe(
      'current_password_mismatch',
    );
    await age(userId, 1);
    expect((await s.sf('delete-user', {}, token)).status).toBe(200);
  });
});
