// An account whose e-mail was never confirmed is not public (issue 13 §8): anyone can register someone
// else's address and choose the names shown, so nothing of it is shown until the address is proved, by the
// confirmation link or by a Google sign-in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../tests/support/test-app';
import type { TestApp } from '../../../tests/support/test-app';
import { createTestUser } from '../../../tests/support/test-users';
import type { TestUser } from '../../../tests/support/test-users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PROFILE_NOT_FOUND = { status: 404, body: { error: 'Profile not found', code: 'not_found' } };
const SHELF_NOT_FOUND = { status: 404, body: { error: 'Shelf not found', code: 'not_found' } };

/** A reader with a custom shelf and the built-ins, made while confirmed, then set to the wanted state. */
async function readerWithShelves(): Promise<{ reader: TestUser; shelfIds: string[] }> {
  const reader = await createTestUser(t, { firstName: 'Someone' });
  await t.sf('create-shelf', { name: 'Chosen name' }, reader.token);
  const shelves = (await t.sf('list-shelves', {}, reader.token)).body as { id: string }[];
  return { reader, shelfIds: shelves.map((s) => s.id) };
}

const unconfirm = (userId: string) =>
  t.deps.db.query('update auth.users set email_confirmed_at = null where id = $1', [userId]);

const linkGoogle = (userId: string) =>
  t.deps.db.query(
    `insert into auth.identities (user_id, provider, provider_id, identity_data)
     values ($1, 'google', $2, '{}'::jsonb)`,
    [userId, `google-${userId}`],
  );

describe('unconfirmed accounts are not public', () => {
  it('answers Profile not found and Shelf not found to everyone until the e-mail is confirmed', async () => {
    const { reader, shelfIds } = await readerWithShelves();
    await unconfirm(reader.id);
    const viewers = [undefined, t.deps.keys.anonKey, (await createTestUser(t)).token];
    for (const token of viewers) {
      expect(await t.sf('public-profile', { username: reader.username }, token)).toEqual(PROFILE_NOT_FOUND);
      expect(await t.sf('public-profile', { username: reader.username.toUpperCase() }, token)).toEqual(
        PROFILE_NOT_FOUND,
      );
      for (const shelf_id of shelfIds) {
        expect(await t.sf('public-shelf', { shelf_id }, token)).toEqual(SHELF_NOT_FOUND);
      }
    }

    await t.deps.db.query('update auth.users set email_confirmed_at = now() where id = $1', [reader.id]);
    const shown = await t.sf('public-profile', { username: reader.username });
    expect(shown.status).toBe(200);
    expect(shown.body.profile).toMatchObject({ id: reader.id, first_name: 'Someone' });
    for (const shelf_id of shelfIds) expect((await t.sf('public-shelf', { shelf_id })).status).toBe(200);
  });

  it('treats an e-mail proved by a Google sign-in as confirmed', async () => {
    const { reader, shelfIds } = await readerWithShelves();
    await unconfirm(reader.id);
    await linkGoogle(reader.id);
    expect((await t.sf('public-profile', { username: reader.username })).status).toBe(200);
    for (const shelf_id of shelfIds) expect((await t.sf('public-shelf', { shelf_id })).status).toBe(200);
  });

  it('does not count the e-mail identity every password account has as proof', async () => {
    const { reader } = await readerWithShelves();
    await t.deps.db.query(
      `insert into auth.identities (user_id, provider, provider_id, identity_data)
       values ($1, 'email', $2, '{}'::jsonb)`,
      [reader.id, reader.id],
    );
    await unconfirm(reader.id);
    expect(await t.sf('public-profile', { username: reader.username })).toEqual(PROFILE_NOT_FOUND);
  });
});
