// set-work-date, set-primary-edition, set-edition-authors, reset-work-genre and admin-search-works as an
// admin sees them, each rule of SPEC.md §5 "Admin", and the audit entry of every change.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_ISBNS, startOpenLibraryFixture } from '../../../tests/support/openlibrary-fixture';
import type { OpenLibraryFixture } from '../../../tests/support/openlibrary-fixture';
import { createTestApp } from '../../../tests/support/test-app';
import type { TestApp } from '../../../tests/support/test-app';
import { createTestUser } from '../../../tests/support/test-users';
import type { TestUser } from '../../../tests/support/test-users';
import type { InsertedWork } from './testing/records';
import { insertAuthor, insertWork } from './testing/records';
import type { EndpointName } from '@shared/api/endpoints';

const MISSING = '00000000-0000-4000-8000-000000000000';

let fixture: OpenLibraryFixture;
let t: TestApp;
let admin: TestUser;
let emma: InsertedWork;
let other: InsertedWork;

const lastAudit = async () =>
  (
    await t.deps.db.query<{ action: string; target_id: string; actor_id: string; before: any; after: any }>(
      'select action, target_id, actor_id, before, after from admin_audit order by id desc limit 1',
    )
  )[0];
const auditCount = async () =>
  (await t.deps.db.query<{ n: number }>('select count(*) as n from admin_audit'))[0]!.n;
const work = async (id: string) => (await t.sf('work-details', { work_id: id })).body;
const call = <N extends EndpointName>(name: N, body: unknown) => t.sf(name, body, admin.token);

/** Every refused call is a 400/404 in the uniform shape and leaves no trace. */
async function expectRefused(name: EndpointName, body: unknown, status: number, error: string) {
  const before = await auditCount();
  const answer = await call(name, body);
  expect(answer.status, JSON.stringify(body)).toBe(status);
  expect(answer.body).toMatchObject({ error, code: status === 404 ? 'not_found' : 'invalid_input' });
  expect(await auditCount()).toBe(before);
}

beforeAll(async () => {
  fixture = await startOpenLibraryFixture();
  t = await createTestApp({ openLibraryUrl: fixture.url });
  admin = await createTestUser(t, { admin: true });
  emma = await insertWork(t.deps.db, 'Emma', { editions: 3 });
  other = await insertWork(t.deps.db, 'Persuasion');
});
afterAll(async () => {
  await t.close();
  await fixture.close();
});

describe('set-work-date', () => {
  it('locks a date with its display text and records before and after', async () => {
    const body = { work_id: emma.workId, lock: true, date: '1815-12-23', date_string: ' December 23, 1815 ' };
    expect(await call('set-work-date', body)).toEqual({ status: 200, body: { message: 'Saved' } });
    expect(await work(emma.workId)).toMatchObject({
      date: '1815-12-23',
      date_string: 'December 23, 1815',
      date_is_locked: true,
    });
    expect(await lastAudit()).toEqual({
      action: 'set-work-date',
      target_id: emma.workId,
      actor_id: admin.id,
      before: { date: '1900-01-01', date_string: '1900', date_is_locked: false },
      after: { date: '1815-12-23', date_string: 'December 23, 1815', date_is_locked: true },
    });
  });

  it('unlocks keeping what was left blank, or storing what was given', async () => {
    await call('set-work-date', { work_id: emma.workId, lock: false, date: null, date_string: '' });
    expect(await work(emma.workId)).toMatchObject({
      date: '1815-12-23',
      date_string: 'December 23, 1815',
      date_is_locked: false,
    });
    await call('set-work-date', { work_id: emma.workId, lock: false, date: '1816-01-01' });
    expect(await work(emma.workId)).toMatchObject({ date: '1816-01-01', date_string: 'December 23, 1815' });
  });

  it('refuses a lock without both values, impossible dates, long texts and unknown works', async () => {
    const base = { work_id: emma.workId, lock: true, date: '1815-12-23', date_string: '1815' };
    await expectRefused('set-work-date', { ...base, date: null }, 400, 'Set date and date string');
    await expectRefused('set-work-date', { ...base, date_string: '   ' }, 400, 'Set date and date string');
    await expectRefused(
      'set-work-date',
      { work_id: emma.workId, lock: true },
      400,
      'Set date and date string',
    );
    for (const date of ['1815-02-30', '0000-01-01', '23/12/1815', '1815']) {
      await expectRefused(
        'set-work-date',
        { ...base, date },
        400,
        'Date must be a real date written YYYY-MM-DD',
      );
    }
    await expectRefused(
      'set-work-date',
      { ...base, date_string: 'x'.repeat(101) },
      400,
      'Date string must be at most 100 characters',
    );
    await expectRefused('set-work-date', { ...base, work_id: MISSING }, 404, 'Work not found');
    expect((await call('set-work-date', { ...base, lock: 'yes' })).body.error).toMatch(/^lock: /);
  });
});

describe('set-primary-edition', () => {
  it('sets and locks the primary edition; unlocking alone keeps it', async () => {
    const body = { work_id: emma.workId, edition_id: emma.editionIds[2], lock: true };
    expect(await call('set-primary-edition', body)).toEqual({ status: 200, body: { message: 'Saved' } });
    expect(await work(emma.workId)).toMatchObject({
      primary_edition_id: emma.editionIds[2],
      primary_edition_locked: true,
    });
    expect(await lastAudit()).toMatchObject({
      action: 'set-primary-edition',
      before: { primary_edition_id: emma.editionIds[0], primary_edition_locked: false },
      after: { primary_edition_id: emma.editionIds[2], primary_edition_locked: true },
    });
    await call('set-primary-edition', { work_id: emma.workId, lock: false });
    expect(await work(emma.workId)).toMatchObject({
      primary_edition_id: emma.editionIds[2],
      primary_edition_locked: false,
    });
    await call('set-primary-edition', { work_id: emma.workId, edition_id: emma.editionIds[1], lock: false });
    expect((await work(emma.workId)).primary_edition_id).toBe(emma.editionIds[1]);
  });

  it('needs an edition to lock, of this work, and an existing work', async () => {
    await expectRefused('set-primary-edition', { work_id: emma.workId, lock: true }, 400, 'Select edition');
    await expectRefused(
      'set-primary-edition',
      { work_id: emma.workId, edition_id: null, lock: true },
      400,
      'Select edition',
    );
    await expectRefused(
      'set-primary-edition',
      { work_id: emma.workId, edition_id: other.editionIds[0], lock: true },
      400,
      'This edition belongs to another work',
    );
    await expectRefused(
      'set-primary-edition',
      { work_id: emma.workId, edition_id: MISSING, lock: true },
      404,
      'Edition not found',
    );
    await expectRefused(
      'set-primary-edition',
      { work_id: MISSING, edition_id: emma.editionIds[0], lock: true },
      404,
      'Work not found',
    );
    expect((await work(emma.workId)).primary_edition_id).toBe(emma.editionIds[1]);
  });
});

describe('set-edition-authors', () => {
  it('replaces an edition’s authors, in the order given', async () => {
    const [a, b, c] = await Promise.all(['Ann', 'Ben', 'Cat'].map((n) => insertAuthor(t.deps.db, n)));
    const editionId = emma.editionIds[0]!;
    const names = async () =>
      (await t.sf('edition-details', { edition_id: editionId })).body.edition_authors.map(
        (x: { authors: { name: string } }) => x.authors.name,
      );
    expect(await call('set-edition-authors', { edition_id: editionId, author_ids: [c, a] })).toEqual({
      status: 200,
      body: { message: 'Saved' },
    });
    expect(await names()).toEqual(['Cat', 'Ann']);
    await call('set-edition-authors', { edition_id: editionId, author_ids: [b, c, a] });
    expect(await names()).toEqual(['Ben', 'Cat', 'Ann']);
    expect(await lastAudit()).toMatchObject({
      action: 'set-edition-authors',
      target_id: editionId,
      before: {
        authors: [
          { id: c, name: 'Cat' },
          { id: a, name: 'Ann' },
        ],
      },
      after: {
        authors: [
          { id: b, name: 'Ben' },
          { id: c, name: 'Cat' },
          { id: a, name: 'Ann' },
        ],
      },
    });
    // Other editions of the work keep theirs.
    const second = await t.sf('edition-details', { edition_id: emma.editionIds[1] });
    expect(second.body.edition_authors).toEqual([]);

    await expectRefused(
      'set-edition-authors',
      { edition_id: editionId, author_ids: [a, MISSING] },
      400,
      `Unknown author id: ${MISSING}`,
    );
    await expectRefused(
      'set-edition-authors',
      { edition_id: editionId, author_ids: [a, a] },
      400,
      'Each author can be listed once',
    );
    expect(await names()).toEqual(['Ben', 'Cat', 'Ann']);
  });

  it('needs an edition and at least one author', async () => {
    const someone = await insertAuthor(t.deps.db, 'Someone');
    await expectRefused('set-edition-authors', { author_ids: [someone] }, 400, 'No edition selected');
    await expectRefused(
      'set-edition-authors',
      { edition_id: null, author_ids: [someone] },
      400,
      'No edition selected',
    );
    await expectRefused(
      'set-edition-authors',
      { edition_id: emma.editionIds[0], author_ids: [] },
      400,
      'Enter at least one author id',
    );
    await expectRefused(
      'set-edition-authors',
      { edition_id: MISSING, author_ids: [someone] },
      404,
      'Edition not found',
    );
    expect(
      (await call('set-edition-authors', { edition_id: emma.editionIds[0], author_ids: ['x'] })).status,
    ).toBe(400);
  });
});

describe('reset-work-genre', () => {
  it('clears the genres so the next work-genres call fetches them from Open Library again', async () => {
    const [row] = await t.deps.db.query<{ id: string }>(
      `insert into works (title, checked_full_metadata) values ('The Ministry for the Future', true) returning id`,
    );
    const workId = row!.id;
    await t.deps.db.query(`insert into editions (work_id, title, isbn) values ($1, 'The Ministry', $2)`, [
      workId,
      FIXTURE_ISBNS.ministry,
    ]);
    await t.deps.db.query(`insert into genres (name) values ('Cookery')`);
    await t.deps.db.query(
      `insert into work_genres (work_id, genre_id) select $1, id from genres where name = 'Cookery'`,
      [workId],
    );
    const genreNames = async () =>
      (await t.sf('work-genres', { work_id: workId })).body.genres.map((g: { name: string }) => g.name);
    expect(await genreNames()).toEqual(['Cookery']);
    const requestsBefore = fixture.requests.length;

    expect(await call('reset-work-genre', { work_id: workId })).toEqual({
      status: 200,
      body: { message: 'Genre reset' },
    });
    expect((await work(workId)).checked_full_metadata).toBe(false);
    expect(await lastAudit()).toMatchObject({
      action: 'reset-work-genre',
      target_id: workId,
      before: { checked_full_metadata: true, genres: ['Cookery'] },
      after: { checked_full_metadata: false, genres: [] },
    });

    const fresh = await genreNames();
    expect(fresh.length).toBeGreaterThan(0);
    expect(fresh).not.toContain('Cookery');
    expect(fixture.requests.length).toBeGreaterThan(requestsBefore);
    expect((await work(workId)).checked_full_metadata).toBe(true);
  });

  it('answers 404 for an unknown work', async () => {
    await expectRefused('reset-work-genre', { work_id: MISSING }, 404, 'Work not found');
  });
});

describe('admin-search-works', () => {
  it('finds works by title and author, and ignores a blank query', async () => {
    const { status, body } = await call('admin-search-works', { query: 'persuasion' });
    expect(status).toBe(200);
    expect(body.results).toEqual([
      { work_id: other.workId, work_title: 'Persuasion', author_names: '', rank: expect.any(Number) },
    ]);
    expect(await call('admin-search-works', { query: '   ' })).toEqual({
      status: 200,
      body: { results: [] },
    });
    expect((await call('admin-search-works', { query: 'x'.repeat(201) })).status).toBe(400);
  });
});
