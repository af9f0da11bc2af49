import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleCatalogue } from '../../../tests/fixtures/sample-catalogue';
import { createTestApp } from '../../../tests/support/test-app';
import type { TestApp } from '../../../tests/support/test-app';
import { createTestUser } from '../../../tests/support/test-users';
import type { TestUser } from '../../../tests/support/test-users';
import { loadDemoCatalogue } from '../../db/seed/catalogue';

let t: TestApp;
let editionIds: string[];
beforeAll(async () => {
  t = await createTestApp({ seed: [...sampleCatalogue, ...(await loadDemoCatalogue()).slice(0, 20)] });
  editionIds = (await t.deps.db.query<{ id: string }>('select id from public.editions order by isbn')).map(
    (e) => e.id,
  );
});
afterAll(() => t.close());

/** A new shelf with n items; answers its id and the items' keys and edition ids in shelf order. */
async function shelfWith(user: TestUser, n: number) {
  const shelf = (await t.sf('create-shelf', { name: `Shelf ${Math.random()}` }, user.token)).body
    .id as string;
  for (const edition_id of editionIds.slice(0, n))
    await t.sf('add-to-shelf', { shelf_id: shelf, edition_id }, user.token);
  return { shelf, ...(await order(user, shelf)) };
}
async function order(user: TestUser, shelf: string) {
  const items = (await t.sf('get-shelf-items', { shelf_id: shelf, limit: 100 }, user.token)).body;
  return {
    keys: items.map((i: any) => i.sort_key) as string[],
    editions: items.map((i: any) => i.editions.id) as string[],
  };
}
const move = (
  user: TestUser,
  shelf_id: string,
  sort_key: string,
  above: string | null,
  below: string | null,
) => t.sf('reorder-shelf-item', { shelf_id, sort_key, above, below }, user.token);

describe('reorder-shelf-item', () => {
  let me: TestUser;
  beforeAll(async () => {
    me = await createTestUser(t);
  });

  it('moves an item between its new neighbours, to the top and to the bottom', async () => {
    const { shelf, keys, editions } = await shelfWith(me, 5);
    const [a, b, c, d, e] = editions;
    const [k0, k1, k2, k3, k4] = keys as [string, string, string, string, string];

    const middle = await move(me, shelf, k4, k1, k2);
    expect(middle.status).toBe(200);
    expect(k1 < middle.body.new_key && middle.body.new_key < k2).toBe(true);
    expect((await order(me, shelf)).editions).toEqual([a, b, e, c, d]);

    const top = await move(me, shelf, k3, null, k0);
    expect(top.body.new_key < k0).toBe(true);
    expect((await order(me, shelf)).editions).toEqual([d, a, b, e, c]);

    const bottom = await move(me, shelf, k0, k2, null);
    expect(bottom.body.new_key > k2).toBe(true);
    expect((await order(me, shelf)).editions).toEqual([d, b, e, c, a]);
    expect((await order(me, shelf)).keys).toEqual([...(await order(me, shelf)).keys].sort());
  });

  it('keeps the key when the item is already where it is asked to go', async () => {
    const { shelf, keys } = await shelfWith(me, 3);
    expect((await move(me, shelf, keys[1]!, keys[0]!, keys[2]!)).body).toEqual({ new_key: keys[1] });
    expect((await order(me, shelf)).keys).toEqual(keys);
  });

  it('recomputes against the current neighbours when the given ones are stale', async () => {
    const { shelf, keys, editions } = await shelfWith(me, 5);
    const [a, b, , d, e] = editions;
    // Someone took c off the shelf; a client that still shows it drops e between b and c.
    await t.sf('remove-shelf-item', { shelf_id: shelf, sort_key: keys[2] }, me.token);
    const afterAbove = await move(me, shelf, keys[4]!, keys[1]!, keys[2]!);
    expect(afterAbove.status).toBe(200);
    expect((await order(me, shelf)).editions).toEqual([a, b, e, d]);

    // above is gone: the item goes right before below.
    await t.sf('remove-shelf-item', { shelf_id: shelf, sort_key: keys[0] }, me.token);
    const current = await order(me, shelf); // b, e, d
    await move(me, shelf, current.keys[2]!, keys[0]!, current.keys[0]!);
    expect((await order(me, shelf)).editions).toEqual([d, b, e]);

    // Asked for the top with a below that is gone: still the top.
    const now = await order(me, shelf); // d, b, e
    await move(me, shelf, now.keys[2]!, null, keys[0]!);
    expect((await order(me, shelf)).editions).toEqual([e, d, b]);
    // Asked for the bottom with an above that is gone: still the bottom.
    const last = await order(me, shelf); // e, d, b
    await move(me, shelf, last.keys[0]!, keys[2]!, null);
    expect((await order(me, shelf)).editions).toEqual([d, b, e]);

    // Both neighbours gone (keys no item has): nothing to go by, the item stays. The middle item is the
    // one moved, so staying differs from going to the top or the bottom.
    const before = await order(me, shelf); // d, b, e
    expect((await move(me, shelf, before.keys[1]!, 'Zy', 'Zz')).body).toEqual({ new_key: before.keys[1] });
    expect(await order(me, shelf)).toEqual(before);
  });

  it('ends with unique, correctly ordered keys after 10 parallel moves to the top', async () => {
    const { shelf, keys, editions } = await shelfWith(me, 12);
    const first = keys[0]!;
    const movers = keys.slice(2, 12);
    const answers = await Promise.all(movers.map((k) => move(me, shelf, k, null, first)));
    expect(answers.map((a) => a.status)).toEqual(movers.map(() => 200));
    const after = await order(me, shelf);
    expect(after.keys).toHaveLength(12);
    expect(new Set(after.keys).size).toBe(12);
    expect([...after.keys].sort()).toEqual(after.keys);
    // The ten moved items all precede the old first item; the untouched second item stays right after it.
    expect(after.editions.slice(10)).toEqual([editions[0], editions[1]]);
    expect(new Set(after.editions.slice(0, 10))).toEqual(new Set(editions.slice(2, 12)));
    const newKeys = answers.map((a) => a.body.new_key).sort();
    expect(newKeys).toEqual(after.keys.slice(0, 10));
  });

  it('ends consistent after parallel moves of neighbouring items in both directions', async () => {
    const { shelf, keys } = await shelfWith(me, 10);
    const moves = [
      [keys[0], keys[5], keys[6]],
      [keys[9], null, keys[0]],
      [keys[3], keys[8], keys[9]],
      [keys[6], keys[1], keys[2]],
      [keys[2], keys[9], null],
      [keys[7], keys[0], keys[1]],
    ] as [string, string | null, string | null][];
    const answers = await Promise.all(moves.map(([k, above, below]) => move(me, shelf, k, above, below)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const after = await order(me, shelf);
    expect(after.keys).toHaveLength(10);
    expect(new Set(after.keys).size).toBe(10);
    expect([...after.keys].sort()).toEqual(after.keys);
  });

  it('refuses bad neighbours and unknown items', async () => {
    const { shelf, keys } = await shelfWith(me, 3);
    const [k0, k1, k2] = keys as [string, string, string];
    const bad = await move(me, shelf, k0, k2, k1);
    expect(bad).toEqual({
      status: 400,
      body: { error: 'above must sort before below.', code: 'invalid_input' },
    });
    expect((await move(me, shelf, k0, k0, k1)).status).toBe(400);
    expect((await move(me, shelf, k0, null, null)).body.error).toBe(
      'Give above or below unless the item is alone on its shelf.',
    );
    expect(await move(me, shelf, 'a9zz', k0, k1)).toEqual({
      status: 404,
      body: { error: 'Shelf item not found', code: 'not_found' },
    });
    for (const body of [
      { shelf_id: shelf, sort_key: k0, above: k1 },
      { shelf_id: shelf, sort_key: '', above: null, below: null },
      { shelf_id: shelf, above: null, below: null },
    ]) {
      expect((await t.sf('reorder-shelf-item', body, me.token)).status).toBe(400);
    }
    expect((await order(me, shelf)).keys).toEqual(keys);
  });

  it('lets an item alone on its shelf be "moved" in place', async () => {
    const { shelf, keys } = await shelfWith(me, 1);
    expect((await move(me, shelf, keys[0]!, null, null)).body).toEqual({ new_key: keys[0] });
  });
});
