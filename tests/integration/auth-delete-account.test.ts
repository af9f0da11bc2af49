// Deleting an account: by its owner (/sf/delete-user) or by a server tool with the service role key
// (DELETE /auth/v1/admin/users/{id}). Everything the user owned goes, their ratings come off the works,
// their sessions end and their avatar file is removed.
import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createClient } from '@supabase/supabase-js';
import ws from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { avatarStoredPath } from '../../server/storage/avatar-files';
import { authFetch, authTableCounts, registerConfirmed } from '../support/auth-flows';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';

let s: TestServer;
let storageDir: string;
beforeAll(async () => {
  storageDir = await mkdtemp(join(tmpdir(), 'shelfwise-delete-'));
  s = await startTestServer({ config: { storageDir } });
});
afterAll(async () => {
  await s.close();
  await rm(storageDir, { recursive: true, force: true });
});

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

/** A confirmed, signed-in user with a profile, a rated review, a shelf and an avatar file. */
async function userWithThings() {
  const reg = await registerConfirmed(s);
  const client = s.client();
  const { data } = await client.auth.signInWithPassword({ email: reg.email, password: reg.password });
  const id = data.user?.id ?? '';
  const db = s.t.deps.db;
  const [work] = await db.query<{ id: string }>(
    `insert into public.works (title) values ('A Work to Rate') returning id`,
  );
  await db.query('insert into public.reviews (user_id, work_id, rating, headline) values ($1, $2, 4.5, $3)', [
    id,
    work?.id,
    'Loved it',
  ]);
  await db.query(`insert into public.shelves (user_id, name) values ($1, 'Mine')`, [id]);
  const avatar = join(storageDir, avatarStoredPath(id));
  await mkdir(dirname(avatar), { recursive: true });
  await writeFile(avatar, 'png bytes');
  return { reg, client, id, workId: work?.id ?? '', token: data.session?.access_token ?? '', avatar };
}

async function expectGone(u: Awaited<ReturnType<typeof userWithThings>>) {
  const db = s.t.deps.db;
  const [left] = await db.query<any>(
    `select (select count(*) from auth.users where id = $1) as users,
            (select count(*) from public.profiles where id = $1) as profiles,
            (select count(*) from auth.sessions where user_id = $1) as sessions,
            (select count(*) from auth.identities where user_id = $1) as identities,
            (select count(*) from public.reviews where user_id = $1) as reviews,
            (select count(*) from public.shelves where user_id = $1) as shelves`,
    [u.id],
  );
  expect(left).toEqual({ users: 0, profiles: 0, sessions: 0, identities: 0, reviews: 0, shelves: 0 });
  const [work] = await db.query<any>('select rating_count, rating_sum from public.works where id = $1', [
    u.workId,
  ]);
  expect(work).toEqual({ rating_count: 0, rating_sum: 0 });
  expect(await exists(u.avatar)).toBe(false);
  expect((await s.sf('register-oauth-user', {}, u.token)).status).toBe(401);
  const signIn = await s.client().auth.signInWithPassword({ email: u.reg.email, password: u.reg.password });
  expect(signIn.error?.code).toBe('invalid_credentials');
}

describe('delete-user', () => {
  it('deletes the caller and everything they own, and ends their sessions everywhere', async () => {
    const u = await userWithThings();
    const elsewhere = s.client();
    await elsewhere.auth.signInWithPassword({ email: u.reg.email, password: u.reg.password });
    const [rated] = await s.t.deps.db.query<any>('select rating_count from public.works where id = $1', [
      u.workId,
    ]);
    expect(rated.rating_count).toBe(1);

    const { status, body } = await s.sf('delete-user', {}, u.token);
    expect(status).toBe(200);
    expect(body).toEqual({ ok: true });
    await expectGone(u);
    expect((await elsewhere.auth.getUser()).error?.name).toBe('AuthSessionMissingError');
  });

  it('needs a signed-in caller and an empty body', async () => {
    const u = await userWithThings();
    const before = await authTableCounts(s);
    expect((await s.sf('delete-user', {})).status).toBe(401);
    const extra = await s.sf('delete-user', { user_id: u.id }, u.token);
    expect(extra.status).toBe(400);
    expect(extra.body.code).toBe('invalid_input');
    expect(await authTableCounts(s)).toEqual(before);
    expect(await exists(u.avatar)).toBe(true);
  });
});

describe('DELETE /auth/v1/admin/users/{id}', () => {
  it('deletes a user for the service role (supabase-js auth.admin.deleteUser)', async () => {
    const u = await userWithThings();
    const admin = createClient(s.url, s.serviceRoleKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: ws as never },
    });
    const { error } = await admin.auth.admin.deleteUser(u.id);
    expect(error).toBeNull();
    await expectGone(u);
    const again = await admin.auth.admin.deleteUser(u.id);
    expect(again.error?.status).toBe(404);
    expect(again.error?.code).toBe('user_not_found');
  });

  it('refuses everyone but the service role, and bad requests, deleting nothing', async () => {
    const u = await userWithThings();
    const before = await authTableCounts(s);
    const asUser = await authFetch(s, `/admin/users/${u.id}`, { method: 'DELETE', token: u.token });
    expect(asUser.status).toBe(403);
    expect(asUser.body.code).toBe('not_admin');
    const asAnon = await authFetch(s, `/admin/users/${u.id}`, { method: 'DELETE' });
    expect(asAnon.status).toBe(403);
    const noBearer = await authFetch(s, `/admin/users/${u.id}`, {
      method: 'DELETE',
      headers: { authorization: '' },
    });
    expect(noBearer.status).toBe(401);
    const badId = await authFetch(s, '/admin/users/not-a-uuid', {
      method: 'DELETE',
      token: s.serviceRoleKey,
    });
    expect(badId.status).toBe(400);
    expect(badId.body.code).toBe('validation_failed');
    const soft = await authFetch(s, `/admin/users/${u.id}`, {
      method: 'DELETE',
      token: s.serviceRoleKey,
      body: { should_soft_delete: true },
    });
    expect(soft.status).toBe(400);
    expect(await authTableCounts(s)).toEqual(before);
    expect(await exists(u.avatar)).toBe(true);
  });
});
