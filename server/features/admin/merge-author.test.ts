// merge-author: the source's work and edition credits move to the target (a union keeping positions), the
// works' author text follows, the source is deleted, and the audit entry records before and after.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../tests/support/test-app';
import type { TestApp } from '../../../tests/support/test-app';
import { createTestUser } from '../../../tests/support/test-users';
import type { TestUser } from '../../../tests/support/test-users';
import type { InsertedWork } from './testing/records';
import { countRows, insertAuthor, insertWork } from './testing/records';

const MISSING = '00000000-0000-4000-8000-000000000000';

let t: TestApp;
let admin: TestUser;
let into: string;
let from: string;
let other: string;
let soloFrom: InsertedWork;
let both: InsertedWork;
let threeWay: InsertedWork;

const db = () => t.deps.db;
const credits = async (
  table: 'work_authors' | 'edition_authors',
  key: 'work_id' | 'edition_id',
  id: string,
) =>
  db().query<{ author_id: string; position: number }>(
    `select author_id, position from ${table} where ${key} = $1 order by position, author_id`,
    [id],
  );
const creditCount = (authorId: string) =>
  countRows(
    db(),
    `select 1 from work_authors where author_id = $1 union all select 1 from edition_authors where author_id = $1`,
    [authorId],
  );

beforeAll(async () => {
  t = await createTestApp();
  admin = await createTestUser(t, { admin: true });
  into = await insertAuthor(db(), 'Mary Shelley');
  from = await insertAuthor(db(), 'Mary W. Shelley', '/authors/OL25342A');
  other = await insertAuthor(db(), 'Percy Bysshe Shelley');
  soloFrom = await insertWork(db(), 'Frankenstein', { authorIds: [from, other], editions: 2 });
  both = await insertWork(db(), 'The Last Man', { authorIds: [into, from] });
  threeWay = await insertWork(db(), 'History of a Six Weeks’ Tour', { authorIds: [other, from, into] });
});
afterAll(() => t.close());

describe('merge-author', () => {
  it('refuses merging into itself, a missing target or a missing source, and changes nothing', async () => {
    const before = await creditCount(from);
    expect(await t.sf('merge-author', { from_author_id: from, into_author_id: from }, admin.token)).toEqual({
      status: 400,
      body: expect.objectContaining({
        error: 'An author cannot be merged into itself',
        code: 'invalid_input',
      }),
    });
    expect(
      await t.sf('merge-author', { from_author_id: from, into_author_id: MISSING }, admin.token),
    ).toEqual({
      status: 404,
      body: { error: 'Target author not found', code: 'not_found' },
    });
    expect(
      await t.sf('merge-author', { from_author_id: MISSING, into_author_id: into }, admin.token),
    ).toEqual({
      status: 404,
      body: { error: 'Author not found', code: 'not_found' },
    });
    expect(await creditCount(from)).toBe(before);
    expect(await countRows(db(), 'select 1 from admin_audit')).toBe(0);
  });

  it('moves every credit to the target, keeping positions, and deletes the source', async () => {
    const creditsBefore = { into: await creditCount(into), from: await creditCount(from) };
    expect(creditsBefore).toEqual({ into: 4, from: 7 });
    const answer = await t.sf('merge-author', { from_author_id: from, into_author_id: into }, admin.token);
    expect(answer).toEqual({ status: 200, body: { message: 'Author merged', author_id: into } });

    // Only the source credited: the target takes its place.
    expect(await credits('work_authors', 'work_id', soloFrom.workId)).toEqual([
      { author_id: into, position: 0 },
      { author_id: other, position: 1 },
    ]);
    for (const editionId of soloFrom.editionIds) {
      expect(await credits('edition_authors', 'edition_id', editionId)).toEqual([
        { author_id: into, position: 0 },
        { author_id: other, position: 1 },
      ]);
    }
    // Both credited: one credit left, at the earlier of the two positions.
    expect(await credits('work_authors', 'work_id', both.workId)).toEqual([{ author_id: into, position: 0 }]);
    expect(await credits('work_authors', 'work_id', threeWay.workId)).toEqual([
      { author_id: other, position: 0 },
      { author_id: into, position: 1 },
    ]);
    expect(await credits('edition_authors', 'edition_id', threeWay.editionIds[0]!)).toEqual([
      { author_id: other, position: 0 },
      { author_id: into, position: 1 },
    ]);

    // 4 own + 7 moved - 2 works and 2 editions where both were credited = 7 credits; none left on the source.
    expect(await creditCount(into)).toBe(7);
    expect(await creditCount(from)).toBe(0);
    expect(await countRows(db(), 'select 1 from authors where id = $1', [from])).toBe(0);
    expect((await t.sf('author-details', { author_id: from })).status).toBe(404);

    const author = await t.sf('author-details', { author_id: into });
    expect(author.body.works.map((w: { title: string }) => w.title).sort()).toEqual(
      ['Frankenstein', 'History of a Six Weeks’ Tour', 'The Last Man'].sort(),
    );
    const search = await t.sf('search-works', { query: 'frankenstein' });
    expect(search.body.results[0]).toMatchObject({
      work_title: 'Frankenstein',
      author_names: 'Mary Shelley, Percy Bysshe Shelley',
    });
    const [row] = await db().query<{ ol_key: string }>('select ol_key from authors where id = $1', [into]);
    expect(row!.ol_key).toBe('/authors/OL25342A');

    const [audit] = await db().query<{
      action: string;
      actor_id: string;
      target_id: string;
      before: any;
      after: any;
    }>(`select action, actor_id, target_id, before, after from admin_audit`);
    expect(audit).toEqual({
      action: 'merge-author',
      actor_id: admin.id,
      target_id: into,
      before: {
        from: {
          id: from,
          name: 'Mary W. Shelley',
          ol_key: '/authors/OL25342A',
          work_authors: 3,
          edition_authors: 4,
        },
        into: { id: into, name: 'Mary Shelley', ol_key: null, work_authors: 2, edition_authors: 2 },
      },
      after: {
        id: into,
        name: 'Mary Shelley',
        ol_key: '/authors/OL25342A',
        work_authors: 3,
        edition_authors: 4,
      },
    });
  });

  it('answers 404 when the source is already gone', async () => {
    expect(
      (await t.sf('merge-author', { from_author_id: from, into_author_id: into }, admin.token)).status,
    ).toBe(404);
  });
});
