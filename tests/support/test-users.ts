// Signed-in users for API tests, made straight in the database with a live session and a real access
// token, so feature tests do not depend on the sign-up flow (which has its own tests).
import { randomUUID } from 'node:crypto';
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
  options: { username?: string; admin?: boolean; firstName?: string } = {},
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
  const [session] = await db.query<{ id: string }>(
    'insert into auth.sessions (user_id) values ($1) returning id',
    [id],
  );
  const { token } = await keys.signAccessToken({
    sub: id,
    email,
    session_id: (session as { id: string }).id,
  });
  return { id, username, email, token };
}
