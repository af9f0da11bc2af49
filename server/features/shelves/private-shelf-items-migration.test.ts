// Migration 0041 on rows the old code wrote: items a private start or finish put on a built-in shelf go back
// to private, unless a later public event would have published them; everything else stays public.
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../tests/support/test-app';
import { createTestUser } from '../../../tests/support/test-users';
import type { EditionName, TestEdition } from '../reading/testing/reading-data';
import { insertEventAt, readingTestApp } from '../reading/testing/reading-data';

let t: TestApp;
let ed: Record<EditionName, TestEdition>;
beforeAll(async () => {
  ({ t, ed } = await readingTestApp());
});
afterAll(() => t.close());

const migration = () =>
  readFile(new URL('../../db/migrations/0041_private_shelf_items.sql', import.meta.url), 'utf8');

describe('migration 0041', () => {
  it('hides what old private events shelved, and nothing else', async () => {
    const db = t.deps.db;
    const u = await createTestUser(t);
    const shelves = (await t.sf('list-shelves', {}, u.token)).body as { id: string; slug: string }[];
    const shelf = (slug: string) => shelves.find((s) => s.slug === slug)?.id;
    // Back to the table as it was before 0041, without the Friends Activity triggers (0121, 0183) that came
    // later.
    await db.exec(`drop trigger shelf_items_added_activities on public.shelf_items;
                   drop trigger shelf_items_removed_activities on public.shelf_items;
                   drop trigger shelf_items_changed_activities on public.shelf_items;
                   alter table public.shelf_items drop constraint shelf_items_seen_by_someone,
                   drop column owner_visible, drop column published_at`);

    const day = (n: number, ms = 0) => new Date(Date.UTC(2026, 0, n) + ms).toISOString();
    const item = (slug: string, e: TestEdition, addedAt: string, key: string) =>
      db.query(
        `insert into public.shelf_items (shelf_id, edition_id, work_id, sort_key, added_at)
         values ($1, $2, $3, $4, $5)`,
        [shelf(slug), e.id, e.work_id, key, addedAt],
      );
    // Private start, shelved in its transaction a millisecond before it: private.
    await insertEventAt(t, u.id, ed.pride, 'start', day(1, 1), { is_public: false });
    await item('currently-reading', ed.pride, day(1), 'a0');
    // Private start, then public progress: published by the progress.
    await insertEventAt(t, u.id, ed.emma, 'start', day(2, 1), { is_public: false });
    await insertEventAt(t, u.id, ed.emma, 'progress', day(3), { end_page: 5 });
    await item('currently-reading', ed.emma, day(2), 'a1');
    // Public start: public.
    await insertEventAt(t, u.id, ed.wuthering, 'start', day(4, 1));
    await item('currently-reading', ed.wuthering, day(4), 'a2');
    // Private finish: private.
    await insertEventAt(t, u.id, ed.omens, 'start', day(5));
    await insertEventAt(t, u.id, ed.omens, 'finish', day(6, 1), { is_public: false });
    await item('read', ed.omens, day(6), 'a0');
    // Put on Read by hand long before a private finish: the reader's own public add.
    await insertEventAt(t, u.id, ed.prideModern, 'start', day(8), { is_public: false });
    await insertEventAt(t, u.id, ed.prideModern, 'finish', day(9), { is_public: false });
    await item('read', ed.prideModern, day(7), 'a1');

    await db.exec(await migration());

    const rows = await db.query<{ edition_id: string; owner_visible: boolean; published_at: string | null }>(
      `select si.edition_id, si.owner_visible, si.published_at, si.added_at from public.shelf_items si
       join public.shelves s on s.id = si.shelf_id where s.user_id = $1`,
      [u.id],
    );
    const published = (e: TestEdition) => {
      const row = rows.find((r) => r.edition_id === e.id) as Record<string, unknown>;
      expect(row.owner_visible).toBe(true);
      return row.published_at === null ? null : new Date(row.published_at as string).toISOString();
    };
    expect(published(ed.pride)).toBeNull();
    expect(published(ed.emma)).toBe(day(2));
    expect(published(ed.wuthering)).toBe(day(4));
    expect(published(ed.omens)).toBeNull();
    expect(published(ed.prideModern)).toBe(day(7));
  });
});
