import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleCatalogue } from '../../../tests/fixtures/sample-catalogue';
import { createTestApp } from '../../../tests/support/test-app';
import type { TestApp } from '../../../tests/support/test-app';
import { createTestUser } from '../../../tests/support/test-users';
import type { TestUser } from '../../../tests/support/test-users';

let t: TestApp;
let editions: { id: string; work_id: string; title: string }[];
beforeAll(async () => {
  t = await createTestApp({ seed: sampleCatalogue });
  editions = await t.deps.db.query('select id, work_id, title from public.editions order by isbn');
});
afterAll(() => t.close());

const BUILTINS = [
  ['currently-reading', 'Currently Reading'],
  ['read', 'Read'],
  ['to-be-read', 'To Be Read'],
  ['favorites', 'Favorites'],
  ['owned', 'Owned'],
];
const edition = (i: number) => editions[i] as { id: string; work_id: string; title: string };

describe('list-shelves', () => {
  it('creates the five built-ins on first use, in spec order, then lists custom shelves by name', async () => {
    const me = await createTestUser(t);
    const first = await t.sf('list-shelves', {}, me.token);
    expect(first.status).toBe(200);
    expect(first.body.map((s: any) => [s.slug, s.name])).toEqual(BUILTINS);
    for (const s of first.body)
      expect(s).toEqual({ id: s.id, name: s.name, description: null, slug: s.slug });

    for (const name of ['zebra reads', 'Autumn', 'mystery']) {
      expect((await t.sf('create-shelf', { name }, me.token)).status).toBe(200);
    }
    const second = await t.sf('list-shelves', undefined, me.token);
    expect(second.body.map((s: any) => s.name)).toEqual([
      ...BUILTINS.map(([, name]) => name),
      'Autumn',
      'mystery',
      'zebra reads',
    ]);
    expect(second.body.slice(0, 5).map((s: any) => s.id)).toEqual(first.body.map((s: any) => s.id));
    expect(second.body.slice(5).every((s: any) => s.slug === null)).toBe(true);
  });

  it('creates each built-in exactly once when first calls race', async () => {
    const me = await createTestUser(t);
    const answers = await Promise.all(Array.from({ length: 6 }, () => t.sf('list-shelves', {}, me.token)));
    for (const a of answers) expect(a.status).toBe(200);
    const ids = answers.map((a) => a.body.map((s: any) => s.id).join());
    expect(new Set(ids).size).toBe(1);
    const rows = await t.deps.db.query('select slug from public.shelves where user_id = $1', [me.id]);
    expect(rows).toHaveLength(5);
  });

  it('refuses a payload with unknown keys', async () => {
    const me = await createTestUser(t);
    const res = await t.sf('list-shelves', { user_id: me.id }, me.token);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('invalid_input');
  });
});

describe('create-shelf', () => {
  let me: TestUser;
  beforeAll(async () => {
    me = await createTestUser(t);
  });

  it('trims the name and answers the new id', async () => {
    const res = await t.sf('create-shelf', { name: '  Summer 2025  ' }, me.token);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['id']);
    const list = await t.sf('list-shelves', {}, me.token);
    expect(list.body.find((s: any) => s.id === res.body.id)).toEqual({
      id: res.body.id,
      name: 'Summer 2025',
      description: null,
      slug: null,
    });
  });

  it('accepts 100 characters and refuses 101, blank names and non-strings, writing nothing', async () => {
    expect((await t.sf('create-shelf', { name: 'x'.repeat(100) }, me.token)).status).toBe(200);
    const before = await t.deps.db.query('select id from public.shelves where user_id = $1', [me.id]);
    for (const name of ['y'.repeat(101), '', '    ', 42, null]) {
      const res = await t.sf('create-shelf', { name }, me.token);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('invalid_input');
    }
    expect((await t.sf('create-shelf', {}, me.token)).status).toBe(400);
    expect(await t.deps.db.query('select id from public.shelves where user_id = $1', [me.id])).toHaveLength(
      before.length,
    );
  });

  it('keeps names unique per user, case-insensitively, built-ins included', async () => {
    expect((await t.sf('create-shelf', { name: 'Classics' }, me.token)).status).toBe(200);
    for (const name of ['classics', ' CLASSICS ', 'read', 'to be read', 'Favorites']) {
      const res = await t.sf('create-shelf', { name }, me.token);
      expect(res.status).toBe(409);
      expect(res.body).toEqual({
        error: 'You already have a shelf with this name.',
        code: 'shelf_name_taken',
      });
    }
    const other = await createTestUser(t);
    expect((await t.sf('create-shelf', { name: 'Classics' }, other.token)).status).toBe(200);
  });

  it('never takes a built-in name for a custom shelf, even before the built-ins exist', async () => {
    const fresh = await createTestUser(t);
    expect((await t.sf('create-shelf', { name: 'Owned' }, fresh.token)).status).toBe(409);
    const list = await t.sf('list-shelves', {}, fresh.token);
    expect(list.body.map((s: any) => s.slug)).toEqual(BUILTINS.map(([slug]) => slug));
  });
});

describe('shelf-counts and edition-shelves', () => {
  it('counts every shelf of the caller (zeros included) and names the shelves holding an edition', async () => {
    const me = await createTestUser(t);
    const other = await createTestUser(t);
    const custom = (await t.sf('create-shelf', { name: 'Keepers' }, me.token)).body.id;
    const shelves = (await t.sf('list-shelves', {}, me.token)).body;
    const read = shelves.find((s) => s.slug === 'read')!.id;
    await t.sf('add-to-shelf', { shelf_name: 'read', edition_id: edition(0).id }, me.token);
    await t.sf('add-to-shelf', { shelf_name: 'read', edition_id: edition(1).id }, me.token);
    await t.sf('add-to-shelf', { shelf_id: custom, edition_id: edition(0).id }, me.token);
    await t.sf('add-to-shelf', { shelf_name: 'owned', edition_id: edition(0).id }, other.token);

    const counts = await t.sf('shelf-counts', {}, me.token);
    expect(counts.status).toBe(200);
    const expected = Object.fromEntries(shelves.map((s: any) => [s.id, 0]));
    expect(counts.body).toEqual({ counts: { ...expected, [read]: 2, [custom]: 1 } });

    const holding = await t.sf('edition-shelves', { edition_id: edition(0).id }, me.token);
    expect(holding).toEqual({ status: 200, body: [read, custom] });
    const withWork = await t.sf(
      'edition-shelves',
      { edition_id: edition(0).id, work_id: edition(0).work_id },
      me.token,
    );
    expect(withWork.body).toEqual([read, custom]);
    const otherWork = editions.find((e) => e.work_id !== edition(0).work_id)!.work_id;
    expect(
      (await t.sf('edition-shelves', { edition_id: edition(0).id, work_id: otherWork }, me.token)).body,
    ).toEqual([]);
    expect((await t.sf('edition-shelves', { edition_id: edition(2).id }, me.token)).body).toEqual([]);
    expect((await t.sf('edition-shelves', { edition_id: 'nope' }, me.token)).status).toBe(400);
  });

  it("ticks a shelf holding any edition of the work when asked with the work, and unticking takes the work's editions off", async () => {
    // A row matched by ISBN to a non-primary edition: the shelf holds that edition, the reader looks at another.
    const work = editions.find((e) => editions.filter((o) => o.work_id === e.work_id).length > 1)!.work_id;
    const ofWork = editions.filter((e) => e.work_id === work);
    const shelved = ofWork[0]!;
    const viewed = ofWork[1]!;
    const me = await createTestUser(t);
    const custom = (await t.sf('create-shelf', { name: 'Matched' }, me.token)).body.id;
    const read = (await t.sf('add-to-shelf', { shelf_name: 'read', edition_id: shelved.id }, me.token)).body
      .shelf_id;
    await t.sf('add-to-shelf', { shelf_id: custom, edition_id: shelved.id }, me.token);

    expect((await t.sf('edition-shelves', { edition_id: viewed.id, work_id: work }, me.token)).body).toEqual([
      read,
      custom,
    ]);
    // Without the work, the edition's own shelves only (the shelf page's 'Add to Shelves').
    expect((await t.sf('edition-shelves', { edition_id: viewed.id }, me.token)).body).toEqual([]);
    // An edition that is not the work's answers nothing, whatever the work holds.
    const stranger = editions.find((e) => e.work_id !== work)!;
    expect(
      (await t.sf('edition-shelves', { edition_id: stranger.id, work_id: work }, me.token)).body,
    ).toEqual([]);
    // A work_id the edition is not of removes only that edition (here: nothing).
    await t.sf('remove-from-shelf', { shelf_id: read, edition_id: stranger.id, work_id: work }, me.token);
    expect((await t.sf('edition-shelves', { edition_id: shelved.id }, me.token)).body).toEqual([
      read,
      custom,
    ]);

    expect(
      (await t.sf('remove-from-shelf', { shelf_id: read, edition_id: viewed.id, work_id: work }, me.token))
        .body,
    ).toEqual({ ok: true });
    expect((await t.sf('edition-shelves', { edition_id: viewed.id, work_id: work }, me.token)).body).toEqual([
      custom,
    ]);
    expect((await t.sf('edition-shelves', { edition_id: shelved.id }, me.token)).body).toEqual([custom]);
  });

  it('answers an empty map for a user with no shelves yet', async () => {
    const fresh = await createTestUser(t);
    expect((await t.sf('shelf-counts', undefined, fresh.token)).body).toEqual({ counts: {} });
  });
});
