import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleCatalogue } from '../../../tests/fixtures/sample-catalogue';
import { createTestApp } from '../../../tests/support/test-app';
import type { TestApp } from '../../../tests/support/test-app';
import { createTestUser } from '../../../tests/support/test-users';
import type { TestUser } from '../../../tests/support/test-users';

interface EditionRef {
  id: string;
  work_id: string;
}

let t: TestApp;
let editions: EditionRef[];
beforeAll(async () => {
  t = await createTestApp({ seed: sampleCatalogue });
  editions = await t.deps.db.query('select id, work_id from public.editions order by isbn');
});
afterAll(() => t.close());

const edition = (i: number) => editions[i] as EditionRef;
const items = async (user: TestUser, shelf_id: string) =>
  t.sf('get-shelf-items', { shelf_id, limit: 100 }, user.token);

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

describe('public-shelf', () => {
  it('shows any shelf to anyone: name, owner username and items with the owner’s rating', async () => {
    const owner = await createTestUser(t);
    const viewer = await createTestUser(t);
    const shelf = (await t.sf('create-shelf', { name: 'Sea stories' }, owner.token)).body.id;
    await t.sf('add-to-shelf', { shelf_id: shelf, edition_id: edition(2).id }, owner.token);
    await t.sf('add-to-shelf', { shelf_id: shelf, edition_id: edition(3).id }, owner.token);
    await rate(owner, edition(2).work_id, 5);
    await rate(viewer, edition(2).work_id, 1);

    const own = (await items(owner, shelf)).body;
    for (const token of [undefined, t.deps.keys.anonKey, viewer.token, owner.token]) {
      const res = await t.sf('public-shelf', { shelf_id: shelf }, token);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ shelf: { name: 'Sea stories', username: owner.username }, items: own });
    }
    expect(own[0]).toMatchObject({ my_rating: 5, average_rating: 3 });

    const paged = await t.sf('public-shelf', { shelf_id: shelf, limit: 1, after: own[0]!.sort_key });
    expect(paged.body.items).toEqual([own[1]]);
  });

  it('answers an empty shelf, 404 Shelf not found for an unknown id and 400 for a malformed one', async () => {
    const owner = await createTestUser(t);
    const shelf = (await t.sf('create-shelf', { name: 'Empty' }, owner.token)).body.id;
    expect((await t.sf('public-shelf', { shelf_id: shelf })).body.items).toEqual([]);
    expect(await t.sf('public-shelf', { shelf_id: '00000000-0000-4000-8000-000000000000' })).toEqual({
      status: 404,
      body: { error: 'Shelf not found', code: 'not_found' },
    });
    expect((await t.sf('public-shelf', { shelf_id: 'x' })).status).toBe(400);
    expect((await t.sf('public-shelf', {})).status).toBe(400);
  });
});
