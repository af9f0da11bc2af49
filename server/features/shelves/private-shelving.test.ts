// Private reading stays private (issue 13 §3): the shelving a private start or finish does is the reader's
// own. Anyone else (anonymous or another reader) sees the shelves and the public profile exactly as before,
// while the reader sees their own shelves as usual.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../tests/support/test-app';
import { createTestUser } from '../../../tests/support/test-users';
import type { TestUser } from '../../../tests/support/test-users';
import type { EditionName, TestEdition } from '../reading/testing/reading-data';
import { logEvent, readingTestApp } from '../reading/testing/reading-data';

let t: TestApp;
let ed: Record<EditionName, TestEdition>;
beforeAll(async () => {
  ({ t, ed } = await readingTestApp());
});
afterAll(() => t.close());

async function ownShelfIds(u: TestUser): Promise<Record<string, string>> {
  const shelves = (await t.sf('list-shelves', {}, u.token)).body as { id: string; slug: string | null }[];
  return Object.fromEntries(shelves.map((s) => [s.slug ?? s.id, s.id]));
}

/** Everything another person can see of the reader: the public profile and every shelf of theirs, in full. */
async function publicView(u: TestUser, viewerToken: string | undefined) {
  const shelfIds = (
    await t.deps.db.query<{ id: string }>('select id from public.shelves where user_id = $1', [u.id])
  ).map((s) => s.id);
  const shelves: Record<string, unknown> = {};
  for (const id of shelfIds.sort()) {
    shelves[id] = await t.sf('public-shelf', { shelf_id: id }, viewerToken);
  }
  return { profile: await t.sf('public-profile', { username: u.username }, viewerToken), shelves };
}

async function ownItems(u: TestUser, shelfId: string): Promise<string[]> {
  const res = await t.sf('get-shelf-items', { shelf_id: shelfId, limit: 100 }, u.token);
  return (res.body as { editions: { id: string } }[]).map((i) => i.editions.id);
}

const ok = async (res: Promise<{ status: number; body: any }>) => {
  const answered = await res;
  expect(answered.status).toBe(200);
  return answered.body;
};

describe('private reading events and the shelves', () => {
  it('a private start or finish changes nothing others see, while the owner sees the book as usual', async () => {
    const reader = await createTestUser(t);
    const other = await createTestUser(t);
    const viewers = [undefined, t.deps.keys.anonKey, other.token];

    // A fresh reader: the first private start must not make any shelf appear either. (Shelf ids cannot be
    // listed by others, so the new built-ins only matter through the profile, and they are empty to all.)
    const fresh = await Promise.all(viewers.map((v) => publicView(reader, v)));
    await ok(logEvent(t, reader.token, ed.wuthering, 'start', { is_public: false }));
    const afterFirst = await Promise.all(viewers.map((v) => publicView(reader, v)));
    expect(afterFirst.map((v) => v.profile)).toEqual(fresh.map((v) => v.profile));
    for (const view of afterFirst) {
      for (const shelf of Object.values(view.shelves) as any[]) expect(shelf.body.items).toEqual([]);
    }

    // Some public life: a public start and an explicit add.
    await ok(logEvent(t, reader.token, ed.emma, 'start'));
    await ok(t.sf('add-to-shelf', { shelf_name: 'to-be-read', edition_id: ed.omens.id }, reader.token));
    const before = await Promise.all(viewers.map((v) => publicView(reader, v)));

    await ok(logEvent(t, reader.token, ed.pride, 'start', { is_public: false }));
    await ok(logEvent(t, reader.token, ed.pride, 'finish', { is_public: false }));
    await ok(logEvent(t, reader.token, ed.wuthering, 'finish', { is_public: false }));
    // Started in public, finished in private: to anyone else it is still being read.
    await ok(logEvent(t, reader.token, ed.emma, 'finish', { is_public: false }));

    expect(await Promise.all(viewers.map((v) => publicView(reader, v)))).toEqual(before);
    const cr = before[0]?.profile.body.shelves.find((s: any) => s.name === 'Currently Reading');
    expect(cr).toMatchObject({ count: 1 });

    // The owner's own view follows every event, private ones included.
    const ids = await ownShelfIds(reader);
    expect(await ownItems(reader, ids['currently-reading'] as string)).toEqual([]);
    expect(await ownItems(reader, ids.read as string)).toEqual([ed.pride.id, ed.wuthering.id, ed.emma.id]);
    const counts = (await t.sf('shelf-counts', {}, reader.token)).body.counts;
    expect(counts[ids['currently-reading'] as string]).toBe(0);
    expect(counts[ids.read as string]).toBe(3);
    expect((await t.sf('edition-shelves', { edition_id: ed.emma.id }, reader.token)).body).toEqual([
      ids.read,
    ]);
  });

  it('a private start in progress shows on the owner’s Currently Reading only', async () => {
    const reader = await createTestUser(t);
    await ok(logEvent(t, reader.token, ed.pride, 'start'));
    const before = await publicView(reader, undefined);
    await ok(logEvent(t, reader.token, ed.emma, 'start', { is_public: false }));
    await ok(logEvent(t, reader.token, ed.emma, 'progress', { end_page: 10, is_public: false }));
    expect(await publicView(reader, undefined)).toEqual(before);

    const ids = await ownShelfIds(reader);
    expect(await ownItems(reader, ids['currently-reading'] as string)).toEqual([ed.pride.id, ed.emma.id]);
    const publicShelf = await t.sf('public-shelf', { shelf_id: ids['currently-reading'] });
    expect(publicShelf.body.items.map((i: any) => i.editions.id)).toEqual([ed.pride.id]);
  });

  it('a later public event publishes the item, dated then and not at the private event', async () => {
    const reader = await createTestUser(t);
    const start = await ok(logEvent(t, reader.token, ed.pride, 'start', { is_public: false }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    const progress = await ok(logEvent(t, reader.token, ed.pride, 'progress', { end_page: 20 }));
    const ids = await ownShelfIds(reader);

    const seen = (await t.sf('public-shelf', { shelf_id: ids['currently-reading'] })).body.items;
    expect(seen.map((i: any) => i.editions.id)).toEqual([ed.pride.id]);
    expect(Date.parse(seen[0]!.added_at)).toBeGreaterThan(Date.parse(start.event.created_at));
    expect(Date.parse(seen[0]!.added_at)).toBeLessThanOrEqual(Date.parse(progress.event.created_at));
    // The owner keeps the date the book went on the shelf.
    const own = (await t.sf('get-shelf-items', { shelf_id: ids['currently-reading'] }, reader.token)).body;
    expect(Date.parse(own[0]!.added_at)).toBeLessThanOrEqual(Date.parse(start.event.created_at));

    const profile = (await t.sf('public-profile', { username: reader.username })).body;
    expect(profile.shelves.find((s: any) => s.id === ids['currently-reading'])).toMatchObject({ count: 1 });
  });

  it('a published item goes after what was public before it, so the order tells nothing either', async () => {
    const reader = await createTestUser(t);
    await ok(logEvent(t, reader.token, ed.pride, 'start', { is_public: false }));
    await ok(logEvent(t, reader.token, ed.emma, 'start'));
    await ok(logEvent(t, reader.token, ed.pride, 'pause'));
    const ids = await ownShelfIds(reader);
    const seen = (await t.sf('public-shelf', { shelf_id: ids['currently-reading'] })).body.items;
    expect(seen.map((i: any) => i.editions.id)).toEqual([ed.emma.id, ed.pride.id]);
    expect(await ownItems(reader, ids['currently-reading'] as string)).toEqual([ed.emma.id, ed.pride.id]);
  });

  it('an explicit add by the reader publishes a privately shelved book', async () => {
    const reader = await createTestUser(t);
    await ok(logEvent(t, reader.token, ed.omens, 'start', { is_public: false }));
    await ok(logEvent(t, reader.token, ed.omens, 'finish', { is_public: false }));
    const ids = await ownShelfIds(reader);
    expect((await t.sf('public-shelf', { shelf_id: ids.read })).body.items).toEqual([]);

    await ok(t.sf('add-to-shelf', { shelf_id: ids.read, edition_id: ed.omens.id }, reader.token));
    const seen = (await t.sf('public-shelf', { shelf_id: ids.read })).body.items;
    expect(seen.map((i: any) => i.editions.id)).toEqual([ed.omens.id]);
    expect((await t.sf('public-profile', { username: reader.username })).body.shelves).toEqual([
      { id: ids.read, name: 'Read', count: 1 },
    ]);
  });

  it('a public finish takes the book off Currently Reading for everyone', async () => {
    const reader = await createTestUser(t);
    await ok(logEvent(t, reader.token, ed.emma, 'start'));
    await ok(logEvent(t, reader.token, ed.emma, 'finish', { is_public: false }));
    await ok(logEvent(t, reader.token, ed.emma, 'start', { is_public: false }));
    const ids = await ownShelfIds(reader);
    expect(await ownItems(reader, ids['currently-reading'] as string)).toEqual([ed.emma.id]);
    await ok(logEvent(t, reader.token, ed.emma, 'finish'));
    expect(await ownItems(reader, ids['currently-reading'] as string)).toEqual([]);
    expect((await t.sf('public-shelf', { shelf_id: ids['currently-reading'] })).body.items).toEqual([]);
    // The Read item came from the private finish and stays the reader's own; the public finish publishes it.
    const read = (await t.sf('public-shelf', { shelf_id: ids.read })).body.items;
    expect(read.map((i: any) => i.editions.id)).toEqual([ed.emma.id]);
  });
});
