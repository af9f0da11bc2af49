import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDemoCatalogue } from '../../db/seed/catalogue';
import { createTestApp } from '../../../tests/support/test-app';
import type { TestApp } from '../../../tests/support/test-app';
import { createTestUser } from '../../../tests/support/test-users';
import type { TestUser } from '../../../tests/support/test-users';

interface EditionRef {
  id: string;
  work_id: string;
  title: string;
  page_count: number;
}

let t: TestApp;
let editions: EditionRef[];
beforeAll(async () => {
  t = await createTestApp({ seed: (await loadDemoCatalogue()).slice(0, 70) });
  editions = await t.deps.db.query(
    'select id, work_id, title, page_count from public.editions order by isbn',
  );
});
afterAll(() => t.close());

const edition = (i: number) => editions[i] as EditionRef;
const items = async (user: TestUser, shelf_id: string, extra: object = {}) =>
  t.sf('get-shelf-items', { shelf_id, ...extra }, user.token);
const builtinId = async (user: TestUser, slug: string) =>
  (await t.sf('list-shelves', {}, user.token)).body.find((s) => s.slug === slug)!.id;

async function rate(user: TestUser, workId: string, rating: number) {
  await t.deps.db.query('insert into public.reviews (user_id, work_id, rating) values ($1, $2, $3)', [
    user.id,
    workId,
    rating,
  ]);
  await t.deps.db.query(
    'update public.works set rating_sum = rating_sum + $2, rating_count = rating_count + 1 where id = $1',
    [workId, rating],
  );
}

describe('add-to-shelf', () => {
  it('adds by built-in name or slug (any case), creating the built-ins, and answers the shelf id', async () => {
    const me = await createTestUser(t);
    const byName = await t.sf(
      'add-to-shelf',
      { shelf_name: 'To Be Read', edition_id: edition(0).id },
      me.token,
    );
    expect(byName.status).toBe(200);
    const tbr = await builtinId(me, 'to-be-read');
    expect(byName.body).toEqual({ shelf_id: tbr });
    for (const shelf_name of ['to-be-read', ' TO BE READ ']) {
      const res = await t.sf('add-to-shelf', { shelf_name, edition_id: edition(1).id }, me.token);
      expect(res.body).toEqual({ shelf_id: tbr });
    }
    const byId = await t.sf('add-to-shelf', { shelf_id: tbr, edition_id: edition(2).id }, me.token);
    expect(byId.body).toEqual({ shelf_id: tbr });
    const listed = (await items(me, tbr)).body;
    expect(listed.map((i: any) => i.editions.id)).toEqual([edition(0).id, edition(1).id, edition(2).id]);
  });

  it('is idempotent, also when the same add races', async () => {
    const me = await createTestUser(t);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        t.sf('add-to-shelf', { shelf_name: 'owned', edition_id: edition(3).id }, me.token),
      ),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(new Set(answers.map((a) => a.body.shelf_id)).size).toBe(1);
    const first = (await items(me, answers[0]!.body.shelf_id)).body;
    expect(first).toHaveLength(1);
    await t.sf('add-to-shelf', { shelf_name: 'owned', edition_id: edition(3).id }, me.token);
    const again = (await items(me, answers[0]!.body.shelf_id)).body;
    expect(again).toEqual(first);
  });

  it('keeps parallel adds of different editions, each with its own key', async () => {
    const me = await createTestUser(t);
    const shelf = (await t.sf('create-shelf', { name: 'Parallel' }, me.token)).body.id;
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        t.sf('add-to-shelf', { shelf_id: shelf, edition_id: edition(i).id }, me.token),
      ),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const keys = (await items(me, shelf, { limit: 100 })).body.map((i: any) => i.sort_key);
    expect(keys).toHaveLength(10);
    expect(new Set(keys).size).toBe(10);
  });

  it('takes the work from the edition and refuses a work_id of another work, writing nothing', async () => {
    const me = await createTestUser(t);
    const ok = await t.sf(
      'add-to-shelf',
      { shelf_name: 'read', edition_id: edition(4).id, work_id: edition(4).work_id },
      me.token,
    );
    expect(ok.status).toBe(200);
    const wrong = await t.sf(
      'add-to-shelf',
      { shelf_name: 'favorites', edition_id: edition(4).id, work_id: edition(5).work_id },
      me.token,
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe('work_id: the edition belongs to a different work.');
    const stored = await t.deps.db.query<{ slug: string; work_id: string }>(
      `select s.slug, si.work_id from public.shelf_items si join public.shelves s on s.id = si.shelf_id
       where s.user_id = $1`,
      [me.id],
    );
    expect(stored).toEqual([{ slug: 'read', work_id: edition(4).work_id }]);
  });

  it('refuses bad input with 400 and unknown editions with 404', async () => {
    const me = await createTestUser(t);
    const shelf = (await t.sf('create-shelf', { name: 'Strict' }, me.token)).body.id;
    const bad = [
      { edition_id: edition(0).id },
      { shelf_id: shelf, shelf_name: 'read', edition_id: edition(0).id },
      { shelf_name: 'Fantasy', edition_id: edition(0).id },
      { shelf_name: '', edition_id: edition(0).id },
      { shelf_id: 'not-a-uuid', edition_id: edition(0).id },
      { shelf_id: shelf },
      { shelf_id: shelf, edition_id: 7 },
    ];
    for (const body of bad) {
      const res = await t.sf('add-to-shelf', body, me.token);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('invalid_input');
    }
    const missing = await t.sf(
      'add-to-shelf',
      { shelf_id: shelf, edition_id: '00000000-0000-4000-8000-000000000000' },
      me.token,
    );
    expect(missing).toEqual({ status: 404, body: { error: 'Edition not found', code: 'not_found' } });
    expect((await items(me, shelf)).body).toEqual([]);
  });
});

describe('get-shelf-items', () => {
  it('answers each item in the SPEC.md §3 shape with the caller’s rating and the work average', async () => {
    const me = await createTestUser(t);
    const other = await createTestUser(t);
    const e = edition(6);
    await rate(me, e.work_id, 4.25);
    await rate(other, e.work_id, 3);
    await t.sf('add-to-shelf', { shelf_name: 'read', edition_id: e.id }, me.token);
    await t.sf('add-to-shelf', { shelf_name: 'read', edition_id: edition(7).id }, me.token);
    const [authors] = await t.deps.db.query<{ list: unknown }>(
      `select coalesce(json_agg(json_build_object('authors', json_build_object('id', a.id, 'name', a.name))
                                order by ea.position), '[]') as list
       from public.edition_authors ea join public.authors a on a.id = ea.author_id where ea.edition_id = $1`,
      [e.id],
    );
    const [work] = await t.deps.db.query<{ title: string }>('select title from public.works where id = $1', [
      e.work_id,
    ]);

    const [isbn] = await t.deps.db.query<{ isbn: string }>('select isbn from public.editions where id = $1', [
      e.id,
    ]);

    const res = await items(me, await builtinId(me, 'read'));
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(2);
    const [first, second] = res.body;
    expect(first).toEqual({
      sort_key: expect.any(String),
      added_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      my_rating: 4.25,
      average_rating: 3.63,
      rating_count: 4,
      editions: {
        id: e.id,
        title: e.title,
        page_count: e.page_count,
        edition_authors: authors!.list,
        // The sample editions have no stored cover, so Open Library's by ISBN (404 when it has none).
        cover_url: `${t.deps.config.publicUrl}/covers/isbn/${isbn!.isbn}`,
      },
      works: { id: e.work_id, title: work!.title, verified: true },
    });
    expect((authors!.list as unknown[]).length).toBeGreaterThan(0);
    expect(second).toMatchObject({ my_rating: null, average_rating: null });
    expect(first!.sort_key < second!.sort_key).toBe(true);
  });

  it('credits each item’s authors in their order on the edition, and none where it has none', async () => {
    const me = await createTestUser(t);
    const shelf = (await t.sf('create-shelf', { name: 'Credits' }, me.token)).body.id;
    const [credited, uncredited, plain] = [edition(8), edition(9), edition(10)];
    // Credit order that is not name order, so a page sorted by name instead would show.
    const [zed, abe] = await t.deps.db.query<{ id: string; name: string }>(
      `insert into public.authors (name) values ('Zed Second-Credit'), ('Abe Third-Credit') returning id, name`,
    );
    await t.deps.db.query(
      `insert into public.edition_authors (edition_id, author_id, position) values ($1, $2, 1), ($1, $3, 2)`,
      [credited.id, zed!.id, abe!.id],
    );
    await t.deps.db.query('delete from public.edition_authors where edition_id = $1', [uncredited.id]);
    for (const e of [credited, uncredited, plain]) {
      await t.sf('add-to-shelf', { shelf_id: shelf, edition_id: e.id }, me.token);
    }

    const res = await items(me, shelf);
    expect(res.status).toBe(200);
    const names = res.body.map((item) => item.editions.edition_authors.map((a) => a.authors.name));
    expect(names[0]!.slice(-2)).toEqual(['Zed Second-Credit', 'Abe Third-Credit']);
    expect(names[0]!.length).toBeGreaterThan(2);
    expect(names[1]).toEqual([]);
    expect(names[2]!.length).toBeGreaterThan(0);
  });

  it('pages 60 items by cursor with no duplicates or gaps, in stable sort_key order', async () => {
    const me = await createTestUser(t);
    const shelf = (await t.sf('create-shelf', { name: 'Sixty' }, me.token)).body.id;
    for (let i = 0; i < 60; i++) {
      expect(
        (await t.sf('add-to-shelf', { shelf_id: shelf, edition_id: edition(i).id }, me.token)).status,
      ).toBe(200);
    }
    const seen: string[] = [];
    const keys: string[] = [];
    let after: string | null = null;
    const pageSizes: number[] = [];
    for (;;) {
      const res = await items(me, shelf, after === null ? {} : { after });
      expect(res.status).toBe(200);
      pageSizes.push(res.body.length);
      seen.push(...res.body.map((i: any) => i.editions.id));
      keys.push(...res.body.map((i: any) => i.sort_key));
      if (res.body.length < 20) break;
      after = res.body.at(-1)!.sort_key;
    }
    expect(pageSizes).toEqual([20, 20, 20, 0]);
    expect(seen).toEqual(editions.slice(0, 60).map((e) => e.id));
    expect([...keys].sort()).toEqual(keys);
    expect(new Set(keys).size).toBe(60);

    const big = await items(me, shelf, { limit: 100 });
    expect(big.body.map((i: any) => i.sort_key)).toEqual(keys);
    const small = await items(me, shelf, { limit: 7, after: keys[9] });
    expect(small.body.map((i: any) => i.sort_key)).toEqual(keys.slice(10, 17));
    expect((await items(me, shelf, { after: keys[59] })).body).toEqual([]);
  });

  it('refuses limits outside 1..100 and malformed cursors', async () => {
    const me = await createTestUser(t);
    const shelf = (await t.sf('create-shelf', { name: 'Limits' }, me.token)).body.id;
    for (const extra of [
      { limit: 0 },
      { limit: 101 },
      { limit: 2.5 },
      { limit: '20' },
      { after: '' },
      { after: 5 },
    ]) {
      const res = await items(me, shelf, extra);
      expect(res.status, JSON.stringify(extra)).toBe(400);
    }
    expect((await items(me, shelf, { limit: 100, after: null })).status).toBe(200);
  });
});

describe('remove-from-shelf and remove-shelf-item', () => {
  it('removes by edition (by shelf id or built-in name) and by sort_key, ok also when absent', async () => {
    const me = await createTestUser(t);
    const { shelf_id } = (
      await t.sf('add-to-shelf', { shelf_name: 'read', edition_id: edition(0).id }, me.token)
    ).body;
    await t.sf('add-to-shelf', { shelf_id, edition_id: edition(1).id }, me.token);
    await t.sf('add-to-shelf', { shelf_id, edition_id: edition(2).id }, me.token);

    expect(
      await t.sf('remove-from-shelf', { shelf_name: 'Read', edition_id: edition(0).id }, me.token),
    ).toEqual({
      status: 200,
      body: { ok: true },
    });
    expect((await t.sf('remove-from-shelf', { shelf_id, edition_id: edition(1).id }, me.token)).body).toEqual(
      {
        ok: true,
      },
    );
    expect((await t.sf('remove-from-shelf', { shelf_id, edition_id: edition(1).id }, me.token)).status).toBe(
      200,
    );
    const left = (await items(me, shelf_id)).body;
    expect(left.map((i: any) => i.editions.id)).toEqual([edition(2).id]);

    const byKey = await t.sf('remove-shelf-item', { shelf_id, sort_key: left[0]!.sort_key }, me.token);
    expect(byKey).toEqual({ status: 200, body: { ok: true } });
    expect((await items(me, shelf_id)).body).toEqual([]);
    expect(
      (await t.sf('remove-shelf-item', { shelf_id, sort_key: left[0]!.sort_key }, me.token)).status,
    ).toBe(200);
  });

  it('does not create built-ins just to remove nothing from them', async () => {
    const me = await createTestUser(t);
    const res = await t.sf(
      'remove-from-shelf',
      { shelf_name: 'favorites', edition_id: edition(0).id },
      me.token,
    );
    expect(res).toEqual({ status: 200, body: { ok: true } });
    expect(await t.deps.db.query('select 1 from public.shelves where user_id = $1', [me.id])).toEqual([]);
  });

  it('refuses bad input', async () => {
    const me = await createTestUser(t);
    const shelf = (await t.sf('create-shelf', { name: 'Bad input' }, me.token)).body.id;
    for (const body of [
      { edition_id: edition(0).id },
      { shelf_name: 'Nope', edition_id: edition(0).id },
      { shelf_id: shelf },
    ]) {
      expect((await t.sf('remove-from-shelf', body, me.token)).status).toBe(400);
    }
    for (const body of [{ shelf_id: shelf }, { shelf_id: shelf, sort_key: '' }, { sort_key: 'a0' }]) {
      expect((await t.sf('remove-shelf-item', body, me.token)).status).toBe(400);
    }
  });
});
