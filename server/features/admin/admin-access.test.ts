// Who may call the admin endpoints, checked against what the server answers: no session 401, the anon key
// 401, a signed-in reader 403 (the owner of nothing here; "another user"), an admin whose session has not
// passed a second factor 403 aal2_required, an admin at aal2 200. Refused calls change nothing and leave no
// audit entry.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../tests/support/test-app';
import type { TestApp } from '../../../tests/support/test-app';
import { createTestUser } from '../../../tests/support/test-users';
import type { TestUser } from '../../../tests/support/test-users';
import { insertAuthor, insertWork } from './testing/records';
import type { EndpointName } from '@shared/api/endpoints';

let t: TestApp;
let reader: TestUser;
let admin: TestUser;
let calls: [EndpointName, Record<string, unknown>][];

const auditCount = async () =>
  (await t.deps.db.query<{ n: number }>('select count(*) as n from admin_audit'))[0]!.n;
const snapshot = () =>
  t.deps.db.query(
    `select w.id, w.date, w.date_is_locked, w.primary_edition_locked, w.checked_full_metadata,
            (select count(*) from work_genres g where g.work_id = w.id) as genres,
            (select count(*) from edition_authors ea join editions e on e.id = ea.edition_id
             where e.work_id = w.id) as edition_authors
     from works w order by w.id`,
  );

beforeAll(async () => {
  t = await createTestApp();
  reader = await createTestUser(t);
  admin = await createTestUser(t, { admin: true });
  const austen = await insertAuthor(t.deps.db, 'Jane Austen');
  const austen2 = await insertAuthor(t.deps.db, 'J. Austen');
  const a = await insertWork(t.deps.db, 'Emma', { authorIds: [austen], genres: ['Classics'], editions: 2 });
  const b = await insertWork(t.deps.db, 'Emma: A Novel', { authorIds: [austen2] });
  calls = [
    ['set-work-date', { work_id: a.workId, lock: true, date: '1815-12-23', date_string: 'December 1815' }],
    ['set-primary-edition', { work_id: a.workId, edition_id: a.editionIds[1], lock: true }],
    ['set-edition-authors', { edition_id: a.editionIds[0], author_ids: [austen2, austen] }],
    ['reset-work-genre', { work_id: a.workId }],
    ['admin-search-works', { query: 'emma' }],
    ['merge-author', { from_author_id: austen2, into_author_id: austen }],
    ['merge-work', { from_work_id: b.workId, into_work_id: a.workId }],
  ];
});
afterAll(() => t.close());

describe('admin endpoints', () => {
  it('answer 401 without a session and with the anon key, and change nothing', async () => {
    const before = await snapshot();
    for (const [name, body] of calls) {
      for (const token of [undefined, t.deps.keys.anonKey]) {
        const answer = await t.sf(name, body, token);
        expect(answer.status, name).toBe(401);
        expect(answer.body.code).toBe('unauthorized');
      }
    }
    expect(await snapshot()).toEqual(before);
    expect(await auditCount()).toBe(0);
  });

  it('answer 403 to a signed-in reader who is not an admin, and change nothing', async () => {
    const before = await snapshot();
    for (const [name, body] of calls) {
      const answer = await t.sf(name, body, reader.token);
      expect(answer, name).toEqual({
        status: 403,
        body: { error: 'Only admins can do this.', code: 'forbidden' },
      });
    }
    expect(await snapshot()).toEqual(before);
    expect(await auditCount()).toBe(0);
  });

  it('answer 403 to an admin whose flag was taken away', async () => {
    const former = await createTestUser(t, { admin: true });
    await t.deps.db.query('update profiles set is_admin = false where id = $1', [former.id]);
    expect((await t.sf('reset-work-genre', calls[3]![1], former.token)).status).toBe(403);
  });

  it('answer 403 aal2_required to an admin on a password alone, with or without a factor', async () => {
    const noFactor = await createTestUser(t, { admin: true, aal: 'aal1' });
    const before = await snapshot();
    for (const [name, body] of calls) {
      const answer = await t.sf(name, body, noFactor.token);
      expect(answer, name).toEqual({
        status: 403,
        body: { error: 'Confirm two-step sign-in to use admin tools.', code: 'aal2_required' },
      });
    }
    // A token that claims aal2 for a session the server holds at aal1 (its factor was removed) is refused
    // too: the level is the session's, not the token's.
    const lowered = await createTestUser(t, { admin: true });
    await t.deps.db.query(`update auth.sessions set aal = 'aal1' where user_id = $1`, [lowered.id]);
    expect((await t.sf('reset-work-genre', calls[3]![1], lowered.token)).body.code).toBe('aal2_required');
    expect(await snapshot()).toEqual(before);
    expect(await auditCount()).toBe(0);
  });

  it('answer 200 to an admin, with one audit entry per change', async () => {
    const messages: string[] = [];
    for (const [name, body] of calls) {
      const answer = await t.sf(name, body, admin.token);
      expect(answer.status, `${name} ${JSON.stringify(answer.body)}`).toBe(200);
      if ('message' in answer.body) messages.push(answer.body.message);
    }
    expect(messages).toEqual(['Saved', 'Saved', 'Saved', 'Genre reset', 'Author merged', 'Work merged']);
    const audit = await t.deps.db.query<{ action: string; actor_id: string }>(
      'select action, actor_id from admin_audit order by id',
    );
    expect(audit).toEqual(
      [
        'set-work-date',
        'set-primary-edition',
        'set-edition-authors',
        'reset-work-genre',
        'merge-author',
        'merge-work',
      ].map((action) => ({ action, actor_id: admin.id })),
    );
  });
});
