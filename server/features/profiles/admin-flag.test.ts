import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '../../../tests/support/test-db';
import type { TestDb } from '../../../tests/support/test-db';
import { ADMIN_USAGE, runAdminCommand } from './admin-flag';

let t: TestDb;
beforeAll(async () => {
  t = await openTestDb();
});
afterAll(() => t.drop());

async function account(email: string, username: string | null) {
  const [user] = await t.db.query<{ id: string }>('insert into auth.users (email) values ($1) returning id', [
    email,
  ]);
  if (username)
    await t.db.query('insert into public.profiles (id, username) values ($1, $2)', [user!.id, username]);
  return user!.id;
}
const isAdmin = async (id: string) =>
  (await t.db.query<{ is_admin: boolean }>('select is_admin from public.profiles where id = $1', [id]))[0]
    ?.is_admin;

describe('runAdminCommand', () => {
  it('grants and revokes is_admin by e-mail (any case), saying what it did', async () => {
    const id = await account('Curator@Example.test', 'curator');
    expect(await runAdminCommand(t.db, ['grant', 'curator@example.TEST'])).toEqual({
      code: 0,
      message: 'Curator@Example.test (@curator) is now an admin.',
    });
    expect(await isAdmin(id)).toBe(true);
    expect(await runAdminCommand(t.db, ['grant', 'Curator@Example.test'])).toEqual({
      code: 0,
      message: 'Curator@Example.test (@curator) is already an admin; nothing changed.',
    });
    expect(await runAdminCommand(t.db, ['revoke', ' curator@example.test '])).toEqual({
      code: 0,
      message: 'Curator@Example.test (@curator) is no longer an admin.',
    });
    expect(await isAdmin(id)).toBe(false);
    expect((await runAdminCommand(t.db, ['revoke', 'curator@example.test'])).message).toBe(
      'Curator@Example.test (@curator) is not an admin; nothing changed.',
    );
  });

  it('only touches the named account', async () => {
    const a = await account('a@example.test', 'alpha');
    const b = await account('b@example.test', 'bravo');
    await runAdminCommand(t.db, ['grant', 'a@example.test']);
    expect([await isAdmin(a), await isAdmin(b)]).toEqual([true, false]);
  });

  it('fails with exit code 1 and a clear message for an unknown e-mail or an account without a profile', async () => {
    expect(await runAdminCommand(t.db, ['grant', 'ghost@example.test'])).toEqual({
      code: 1,
      message: 'No account has the e-mail address ghost@example.test.',
    });
    await account('half@example.test', null);
    expect(await runAdminCommand(t.db, ['grant', 'half@example.test'])).toEqual({
      code: 1,
      message: 'half@example.test has no profile yet (they have not finished signing up).',
    });
  });

  it('prints the usage with exit code 2 for bad usage, changing nothing', async () => {
    const id = await account('usage@example.test', 'usage_check');
    for (const args of [
      [],
      ['grant'],
      ['promote', 'usage@example.test'],
      ['grant', '  '],
      ['grant', 'usage@example.test', 'extra'],
    ]) {
      expect(await runAdminCommand(t.db, args)).toEqual({ code: 2, message: ADMIN_USAGE });
    }
    expect(await isAdmin(id)).toBe(false);
  });
});
