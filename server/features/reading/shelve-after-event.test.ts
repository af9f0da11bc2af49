// log-progress-event keeps the built-in shelves in step: start -> Currently Reading, finish -> Read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../tests/support/test-app';
import { createTestUser } from '../../../tests/support/test-users';
import type { EditionName, TestEdition } from './testing/reading-data';
import { builtInShelfEditions, logEvent, readingTestApp } from './testing/reading-data';

let t: TestApp;
let ed: Record<EditionName, TestEdition>;
beforeAll(async () => {
  ({ t, ed } = await readingTestApp());
});
afterAll(() => t.close());

describe('log-progress-event: built-in shelves', () => {
  const shelfNames = async (userId: string) =>
    (
      await t.deps.db.query<{ slug: string; name: string }>(
        'select slug, name from shelves where user_id = $1 order by slug',
        [userId],
      )
    ).map((s) => `${s.slug}:${s.name}`);
  // The five built-ins of SPEC.md §3, made together on first use and never twice.
  const ALL_BUILT_INS = [
    'currently-reading:Currently Reading',
    'favorites:Favorites',
    'owned:Owned',
    'read:Read',
    'to-be-read:To Be Read',
  ];

  it('start puts the edition on Currently Reading, built-ins created once, appended at the end', async () => {
    const u = await createTestUser(t);
    await logEvent(t, u.token, ed.pride, 'start');
    await logEvent(t, u.token, ed.emma, 'start');
    expect(await shelfNames(u.id)).toEqual(ALL_BUILT_INS);
    expect(await builtInShelfEditions(t, u.id, 'currently-reading')).toEqual([ed.pride.id, ed.emma.id]);
  });

  it('finish moves it to Read; dnf only takes it off Currently Reading; a re-read keeps it on Read', async () => {
    const u = await createTestUser(t);
    await logEvent(t, u.token, ed.pride, 'start');
    await logEvent(t, u.token, ed.emma, 'start');
    await logEvent(t, u.token, ed.pride, 'finish');
    expect(await builtInShelfEditions(t, u.id, 'currently-reading')).toEqual([ed.emma.id]);
    expect(await builtInShelfEditions(t, u.id, 'read')).toEqual([ed.pride.id]);
    await logEvent(t, u.token, ed.emma, 'dnf');
    expect(await builtInShelfEditions(t, u.id, 'currently-reading')).toEqual([]);
    expect(await builtInShelfEditions(t, u.id, 'read')).toEqual([ed.pride.id]);
    await logEvent(t, u.token, ed.pride, 'start');
    expect(await builtInShelfEditions(t, u.id, 'currently-reading')).toEqual([ed.pride.id]);
    expect(await builtInShelfEditions(t, u.id, 'read')).toEqual([ed.pride.id]);
    await logEvent(t, u.token, ed.pride, 'finish');
    expect(await builtInShelfEditions(t, u.id, 'read')).toEqual([ed.pride.id]);
  });

  it('uses an existing built-in shelf and appends after its last key', async () => {
    const u = await createTestUser(t);
    const [shelf] = await t.deps.db.query<{ id: string }>(
      `insert into shelves (user_id, name, slug) values ($1, 'Currently Reading', 'currently-reading') returning id`,
      [u.id],
    );
    await t.deps.db.query(
      `insert into shelf_items (shelf_id, edition_id, work_id, sort_key) values ($1, $2, $3, 'a5')`,
      [shelf?.id, ed.wuthering.id, ed.wuthering.work_id],
    );
    await logEvent(t, u.token, ed.omens, 'start');
    const items = await t.deps.db.query<{ edition_id: string; sort_key: string }>(
      'select edition_id, sort_key from shelf_items where shelf_id = $1 order by sort_key',
      [shelf?.id],
    );
    expect(items.map((i) => i.edition_id)).toEqual([ed.wuthering.id, ed.omens.id]);
    expect((items[1]?.sort_key ?? '') > 'a5').toBe(true);
    expect(await shelfNames(u.id)).toEqual(ALL_BUILT_INS);
  });

  it('leaves another reader’s shelves alone', async () => {
    const a = await createTestUser(t);
    const b = await createTestUser(t);
    await logEvent(t, a.token, ed.pride, 'start');
    expect(await shelfNames(b.id)).toEqual([]);
  });

  it('appends parallel starts of different editions once each, with distinct keys', async () => {
    const u = await createTestUser(t);
    const editions = [ed.pride, ed.emma, ed.wuthering, ed.omens];
    const results = await Promise.all(editions.map((e) => logEvent(t, u.token, e, 'start')));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const onShelf = await builtInShelfEditions(t, u.id, 'currently-reading');
    expect(new Set(onShelf)).toEqual(new Set(editions.map((e) => e.id)));
    expect(onShelf).toHaveLength(4);
    expect(await shelfNames(u.id)).toEqual(ALL_BUILT_INS);
  });
});
