// Who may call each shelf endpoint, as the server answers it: anonymous callers (no token, the anon key),
// the owner, another user and an admin. Shelves are only changed or listed by their owner; for anyone
// else an existing shelf answers exactly like a missing one (404 'Shelf not found').
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleCatalogue } from '../../../tests/fixtures/sample-catalogue';
import { createTestApp } from '../../../tests/support/test-app';
import type { TestApp } from '../../../tests/support/test-app';
import { createTestUser } from '../../../tests/support/test-users';
import type { TestUser } from '../../../tests/support/test-users';
import type { EndpointName } from '@shared/api/endpoints';

let t: TestApp;
let owner: TestUser;
let stranger: TestUser;
let admin: TestUser;
let shelf: string;
let editionId: string;
let otherEditionId: string;
let keys: string[];

beforeAll(async () => {
  t = await createTestApp({ seed: sampleCatalogue });
  owner = await createTestUser(t);
  stranger = await createTestUser(t);
  admin = await createTestUser(t, { admin: true });
  const editions = await t.deps.db.query<{ id: string }>('select id from public.editions order by isbn');
  editionId = editions[0]!.id;
  otherEditionId = editions[1]!.id;
  shelf = (await t.sf('create-shelf', { name: 'Private thoughts' }, owner.token)).body.id;
  await t.sf('add-to-shelf', { shelf_id: shelf, edition_id: editionId }, owner.token);
  await t.sf('add-to-shelf', { shelf_id: shelf, edition_id: otherEditionId }, owner.token);
  keys = (await t.sf('get-shelf-items', { shelf_id: shelf }, owner.token)).body.map((i: any) => i.sort_key);
});
afterAll(() => t.close());

const snapshot = () =>
  t.deps.db.query(
    'select edition_id, sort_key from public.shelf_items where shelf_id = $1 order by sort_key',
    [shelf],
  );

/** Calls that name a shelf: the owner gets 200, everyone else 404 and nothing changes. */
const shelfCalls = (): [EndpointName, object][] => [
  ['get-shelf-items', { shelf_id: shelf }],
  ['add-to-shelf', { shelf_id: shelf, edition_id: otherEditionId }],
  ['remove-from-shelf', { shelf_id: shelf, edition_id: '00000000-0000-4000-8000-000000000000' }],
  ['remove-shelf-item', { shelf_id: shelf, sort_key: 'notThere' }],
  ['reorder-shelf-item', { shelf_id: shelf, sort_key: keys[1], above: null, below: keys[0] }],
];
/** Calls about the caller's own shelves in general. */
const ownCalls = (): [EndpointName, object][] => [
  ['list-shelves', {}],
  ['create-shelf', { name: `Mine ${Math.random()}` }],
  ['shelf-counts', {}],
  ['edition-shelves', { edition_id: editionId }],
];

describe('anonymous callers', () => {
  it('get 401 from every shelf endpoint but public-shelf, with or without the anon key', async () => {
    for (const token of [undefined, t.deps.keys.anonKey]) {
      for (const [name, body] of [...shelfCalls(), ...ownCalls()]) {
        const res = await t.sf(name, body, token);
        expect(res.status, name).toBe(401);
        expect(res.body.code).toBe('unauthorized');
      }
      expect((await t.sf('public-shelf', { shelf_id: shelf }, token)).status).toBe(200);
    }
    expect((await t.sf('list-shelves', {}, 'not-a-token')).status).toBe(401);
  });
});

describe('another user and an admin', () => {
  it('get 404 Shelf not found for the owner’s shelf on every call that names it, and change nothing', async () => {
    const before = await snapshot();
    for (const user of [stranger, admin]) {
      for (const [name, body] of shelfCalls()) {
        const res = await t.sf(name, body, user.token);
        expect(res, `${name} as ${user.username}`).toEqual({
          status: 404,
          body: { error: 'Shelf not found', code: 'not_found' },
        });
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it('see only their own shelves in list-shelves, shelf-counts and edition-shelves', async () => {
    for (const user of [stranger, admin]) {
      const list = (await t.sf('list-shelves', {}, user.token)).body;
      expect(list.map((s: any) => s.id)).not.toContain(shelf);
      const counts = (await t.sf('shelf-counts', {}, user.token)).body.counts;
      expect(Object.keys(counts)).not.toContain(shelf);
      expect((await t.sf('edition-shelves', { edition_id: editionId }, user.token)).body).toEqual([]);
    }
  });

  it('can read the shelf through public-shelf like anyone', async () => {
    for (const user of [stranger, admin]) {
      const res = await t.sf('public-shelf', { shelf_id: shelf }, user.token);
      expect(res.status).toBe(200);
      expect(res.body.shelf).toEqual({ name: 'Private thoughts', username: owner.username });
    }
  });
});

describe('the owner', () => {
  it('gets 200 from every call', async () => {
    for (const [name, body] of [...shelfCalls(), ...ownCalls()]) {
      const res = await t.sf(name, body, owner.token);
      expect(res.status, name).toBe(200);
    }
    expect((await t.sf('public-shelf', { shelf_id: shelf }, owner.token)).status).toBe(200);
  });
});
