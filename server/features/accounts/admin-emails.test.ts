// ADMIN_EMAILS: an operator's way to have the first admin without a database shell.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../tests/support/test-app';
import type { TestApp } from '../../../tests/support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { adminEmails: ['curator@example.test'] } });
});
afterAll(() => t.close());

const isAdmin = async (username: string) =>
  (
    await t.deps.db.query<{ is_admin: boolean }>('select is_admin from public.profiles where username = $1', [
      username,
    ])
  )[0]?.is_admin;

const register = (email: string, username: string) =>
  t.sf('register-user', {
    first_name: 'Cu',
    last_name: 'Rator',
    username,
    email,
    password: 'Sturdy#Pass1',
  });

describe('ADMIN_EMAILS', () => {
  it('makes an account with a listed address an admin at sign-up, whatever its case', async () => {
    expect((await register('Curator@Example.TEST', 'curator')).status).toBe(200);
    expect(await isAdmin('curator')).toBe(true);
  });

  it('leaves every other account a reader', async () => {
    expect((await register('reader@example.test', 'reader')).status).toBe(200);
    expect(await isAdmin('reader')).toBe(false);
  });
});
