import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../tests/support/test-app';
import type { TestApp } from '../../../tests/support/test-app';
import { createTestUser } from '../../../tests/support/test-users';
import type { TestUser } from '../../../tests/support/test-users';

const PUBLIC_URL = 'https://books.example.test';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { publicUrl: PUBLIC_URL } });
});
afterAll(() => t.close());

const row = (user: TestUser) =>
  t.deps.db.query(
    'select username, first_name, last_name, avatar_url, is_admin, updated_at from public.profiles where id = $1',
    [user.id],
  );

describe('get-profile', () => {
  it('answers the caller’s own profile and nothing else', async () => {
    const me = await createTestUser(t, { firstName: 'Ada' });
    const res = await t.sf('get-profile', {}, me.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: me.id,
      username: me.username,
      first_name: 'Ada',
      last_name: null,
      avatar_url: null,
      is_admin: false,
      updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
    });
    const admin = await createTestUser(t, { admin: true });
    expect((await t.sf('get-profile', undefined, admin.token)).body).toMatchObject({
      id: admin.id,
      is_admin: true,
    });
  });

  it('is 401 without a user token, 400 with a payload, 404 for a user without a profile', async () => {
    expect((await t.sf('get-profile', {})).status).toBe(401);
    expect((await t.sf('get-profile', {}, t.deps.keys.anonKey)).status).toBe(401);
    const me = await createTestUser(t);
    expect((await t.sf('get-profile', { id: me.id }, me.token)).status).toBe(400);
    await t.deps.db.query('delete from public.profiles where id = $1', [me.id]);
    expect(await t.sf('get-profile', {}, me.token)).toEqual({
      status: 404,
      body: { error: 'Profile not found', code: 'not_found' },
    });
  });
});

describe('update-profile', () => {
  it('changes names and username, trimming them, and answers the new profile', async () => {
    const me = await createTestUser(t, { firstName: 'Old' });
    const before = (await t.sf('get-profile', {}, me.token)).body;
    const res = await t.sf(
      'update-profile',
      { first_name: '  Grace ', last_name: ' Hopper ', username: ` gh_${me.id.slice(0, 8)} ` },
      me.token,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: me.id,
      first_name: 'Grace',
      last_name: 'Hopper',
      username: `gh_${me.id.slice(0, 8)}`,
      is_admin: false,
    });
    expect(res.body.updated_at >= before.updated_at).toBe(true);
    expect((await t.sf('get-profile', {}, me.token)).body).toEqual(res.body);

    // Only the fields given change; an empty last name clears it.
    const partial = await t.sf('update-profile', { last_name: '  ' }, me.token);
    expect(partial.body).toMatchObject({
      first_name: 'Grace',
      last_name: null,
      username: `gh_${me.id.slice(0, 8)}`,
    });
  });

  it('answers 409 username_taken "Username taken" for a username in use, in any case', async () => {
    const taken = await createTestUser(t, { username: `Taken_${Date.now() % 100000}` });
    const me = await createTestUser(t);
    for (const username of [taken.username, taken.username.toLowerCase(), taken.username.toUpperCase()]) {
      expect(await t.sf('update-profile', { username, first_name: 'Changed' }, me.token)).toEqual({
        status: 409,
        body: { error: 'Username taken', code: 'username_taken' },
      });
    }
    expect((await row(me))[0]).toMatchObject({ username: me.username, first_name: null });
    // Changing only the case of one's own username is fine.
    const recased = await t.sf('update-profile', { username: me.username.toUpperCase() }, me.token);
    expect(recased.body.username).toBe(me.username.toUpperCase());
  });

  it('gives one of two users racing for a username the name and the other a 409', async () => {
    const a = await createTestUser(t);
    const b = await createTestUser(t);
    const wanted = `race_${a.id.slice(0, 6)}`;
    const answers = await Promise.all(
      [a, b].map((u) => t.sf('update-profile', { username: wanted }, u.token)),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it('never lets a client write is_admin, id or any other key, and writes nothing then', async () => {
    const me = await createTestUser(t, { firstName: 'Same' });
    const before = await row(me);
    for (const body of [
      { is_admin: true },
      { first_name: 'Sneaky', is_admin: true },
      { id: '00000000-0000-4000-8000-000000000000' },
      { email: 'x@example.test' },
      { updated_at: '2000-01-01T00:00:00Z' },
    ]) {
      const res = await t.sf('update-profile', body, me.token);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('invalid_input');
    }
    expect(await row(me)).toEqual(before);
  });

  it('checks every field and writes nothing on bad input', async () => {
    const me = await createTestUser(t, { firstName: 'Same' });
    const before = await row(me);
    const bad: object[] = [
      { first_name: '' },
      { first_name: '   ' },
      { first_name: null },
      { first_name: 'x'.repeat(101) },
      { last_name: 'x'.repeat(101) },
      { last_name: 5 },
      { username: 'ab' },
      { username: 'x'.repeat(31) },
      { username: 'has space' },
      { username: 'semi;colon' },
      { username: null },
      { avatar_url: 42 },
      { avatar_url: 'x'.repeat(1001) },
    ];
    for (const body of bad) {
      const res = await t.sf('update-profile', body, me.token);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const usernameRule = await t.sf('update-profile', { username: 'ab' }, me.token);
    expect(usernameRule.body.error).toBe(
      'username: Username must be 3 to 30 letters, digits, dots, dashes or underscores.',
    );
    expect(await row(me)).toEqual(before);
    expect((await t.sf('update-profile', { first_name: 'x'.repeat(100) }, me.token)).status).toBe(200);
  });

  it('accepts only the caller’s own avatar in our storage as avatar_url, or null', async () => {
    const me = await createTestUser(t);
    const other = await createTestUser(t);
    const own = [
      `public/${me.id}.png`,
      `avatars/public/${me.id}.png`,
      `${PUBLIC_URL}/storage/v1/object/public/avatars/public/${me.id}.png`,
      `${PUBLIC_URL}/storage/v1/object/public/avatars/public/${me.id}.png?t=1712345678901`,
    ];
    for (const avatar_url of own) {
      const res = await t.sf('update-profile', { avatar_url }, me.token);
      expect(res.status, avatar_url).toBe(200);
      expect(res.body.avatar_url).toBe(avatar_url);
    }
    const before = await row(me);
    const foreign = [
      `public/${other.id}.png`,
      `${PUBLIC_URL}/storage/v1/object/public/avatars/public/${other.id}.png`,
      `https://evil.example/storage/v1/object/public/avatars/public/${me.id}.png`,
      `http://books.example.test/storage/v1/object/public/avatars/public/${me.id}.png`,
      `${PUBLIC_URL}/storage/v1/object/public/avatars/public/${me.id}.png?x=<script>`,
      `${PUBLIC_URL}/storage/v1/object/public/avatars/public/${me.id}.png#frag`,
      `https://user:pw@books.example.test/storage/v1/object/public/avatars/public/${me.id}.png`,
      `javascript:alert(1)//public/${me.id}.png`,
      `data:image/png;base64,iVBORw0KGgo=`,
      `public/../${me.id}.png`,
      `../public/${me.id}.png`,
      `/etc/passwd`,
    ];
    for (const avatar_url of foreign) {
      const res = await t.sf('update-profile', { avatar_url }, me.token);
      expect(res.status, avatar_url).toBe(400);
      expect(res.body.code).toBe('invalid_input');
    }
    expect(await row(me)).toEqual(before);
    expect((await t.sf('update-profile', { avatar_url: null }, me.token)).body.avatar_url).toBeNull();
  });

  it('is 401 for anonymous callers and only ever changes the caller’s own row', async () => {
    expect((await t.sf('update-profile', { first_name: 'Anon' })).status).toBe(401);
    expect((await t.sf('update-profile', { first_name: 'Anon' }, t.deps.keys.anonKey)).status).toBe(401);
    const me = await createTestUser(t, { firstName: 'Mine' });
    const admin = await createTestUser(t, { admin: true });
    const res = await t.sf('update-profile', { first_name: 'Admin' }, admin.token);
    expect(res.body.id).toBe(admin.id);
    expect((await row(me))[0]).toMatchObject({ first_name: 'Mine' });
  });
});
