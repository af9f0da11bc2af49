// The dashboard's reads: currently-reading and reading-events.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../tests/support/test-app';
import { createTestUser } from '../../../tests/support/test-users';
import type { EditionName, TestEdition } from './testing/reading-data';
import { logEvent, readingTestApp } from './testing/reading-data';

let t: TestApp;
let ed: Record<EditionName, TestEdition>;
beforeAll(async () => {
  ({ t, ed } = await readingTestApp());
});
afterAll(() => t.close());

const current = async (token: string) => {
  const { status, body } = await t.sf('currently-reading', {}, token);
  expect(status).toBe(200);
  return body.items as any[];
};

describe('currently-reading', () => {
  it('answers each edition being read with its work, first author, cover and progress', async () => {
    const u = await createTestUser(t);
    await logEvent(t, u.token, ed.omens, 'start');
    const [item] = await current(u.token);
    expect(item).toEqual({
      edition: {
        id: ed.omens.id,
        title: 'Good Omens',
        page_count: 432,
        cover_url: `${t.deps.config.publicUrl}/covers/isbn/9780060853983`,
      },
      work: { id: ed.omens.work_id, title: 'Good Omens' },
      author: { id: expect.any(String), name: 'Terry Pratchett' },
      event_type: 'start',
      last_event_at: expect.any(String),
      current_page: 1,
      current_percent: 0,
      percent: 0,
    });
  });

  it('shows pages as page / page count rounded, percentages as sent, and carries them over pause and resume', async () => {
    const u = await createTestUser(t);
    await logEvent(t, u.token, ed.pride, 'start'); // 480 pages
    await logEvent(t, u.token, ed.pride, 'progress', { start_page: 1, end_page: 100 });
    expect((await current(u.token))[0]).toMatchObject({
      event_type: 'progress',
      current_page: 100,
      percent: 21,
    });
    await logEvent(t, u.token, ed.pride, 'pause');
    expect((await current(u.token))[0]).toMatchObject({
      event_type: 'pause',
      current_page: 100,
      percent: 21,
    });
    await logEvent(t, u.token, ed.pride, 'resume');
    expect((await current(u.token))[0]).toMatchObject({
      event_type: 'resume',
      current_page: 100,
      percent: 21,
    });
    await logEvent(t, u.token, ed.pride, 'progress', { start_percent: 30, end_percent: 45.6 });
    expect((await current(u.token))[0]).toMatchObject({
      current_page: null,
      current_percent: 45.6,
      percent: 46,
    });
  });

  it('drops finished and abandoned editions and starts a re-read from page 1', async () => {
    const u = await createTestUser(t);
    await logEvent(t, u.token, ed.pride, 'start');
    await logEvent(t, u.token, ed.emma, 'start');
    await logEvent(t, u.token, ed.pride, 'progress', { start_page: 1, end_page: 300 });
    await logEvent(t, u.token, ed.pride, 'finish');
    await logEvent(t, u.token, ed.emma, 'dnf', { end_page: 20 });
    expect(await current(u.token)).toEqual([]);
    await logEvent(t, u.token, ed.pride, 'start');
    expect(await current(u.token)).toMatchObject([
      { edition: { id: ed.pride.id }, current_page: 1, percent: 0 },
    ]);
  });

  it('lists newest first, at most 10, including the owner’s private updates', async () => {
    const u = await createTestUser(t);
    const extra: TestEdition[] = [];
    for (let i = 1; i <= 9; i += 1) {
      // One reader reads one edition of a work at a time, so each extra book is its own work, by the
      // Wuthering Heights author and without edition authors of its own.
      const [row] = await t.deps.db.query<{ id: string; work_id: string }>(
        `with w as (insert into works (title) values ($1) returning id),
              a as (insert into work_authors (work_id, author_id)
                    select w.id, wa.author_id from w, work_authors wa where wa.work_id = $2)
         insert into editions (work_id, title, page_count) select id, $1, 200 from w returning id, work_id`,
        [`Extra book ${i}`, ed.wuthering.work_id],
      );
      extra.push({
        id: (row as { id: string }).id,
        work_id: (row as { work_id: string }).work_id,
        title: '',
        page_count: 200,
      });
    }
    for (const edition of [ed.pride, ed.emma, ed.omens, ...extra])
      await logEvent(t, u.token, edition, 'start');
    await logEvent(t, u.token, ed.pride, 'progress', { end_page: 48, is_public: false });
    const items = await current(u.token);
    expect(items).toHaveLength(10);
    expect(items[0]).toMatchObject({ edition: { id: ed.pride.id }, current_page: 48, percent: 10 });
    expect(items.slice(1).map((i) => i.edition.id)).toEqual(extra.map((e) => e.id).reverse());
    // A printing without its own authors shows the work's first author.
    expect(items[1].author.name).toBe('Emily Brontë');
  });

  it('shows each reader only their own and refuses anonymous callers', async () => {
    const a = await createTestUser(t);
    const b = await createTestUser(t);
    await logEvent(t, a.token, ed.emma, 'start');
    expect(await current(b.token)).toEqual([]);
    expect((await t.sf('currently-reading', {})).status).toBe(401);
  });
});

describe('reading-events', () => {
  it('answers the caller’s events filtered by type, newest first, paged', async () => {
    const u = await createTestUser(t);
    const other = await createTestUser(t);
    await logEvent(t, u.token, ed.pride, 'start');
    await logEvent(t, u.token, ed.pride, 'progress', { start_page: 1, end_page: 10 });
    await logEvent(t, u.token, ed.pride, 'pause');
    await logEvent(t, u.token, ed.pride, 'resume');
    await logEvent(t, u.token, ed.pride, 'progress', { start_page: 10, end_page: 20, is_public: false });
    await logEvent(t, u.token, ed.pride, 'finish');
    await logEvent(t, u.token, ed.emma, 'start');
    await logEvent(t, u.token, ed.emma, 'dnf');
    await logEvent(t, other.token, ed.pride, 'start');
    await logEvent(t, other.token, ed.pride, 'finish');

    const types = ['progress', 'finish', 'dnf'];
    const first = await t.sf('reading-events', { types, limit: 3 }, u.token);
    expect(first.status).toBe(200);
    expect(first.body.events.map((e: any) => [e.editions.title, e.event_type])).toEqual([
      ['Emma', 'dnf'],
      ['Pride and Prejudice', 'finish'],
      ['Pride and Prejudice', 'progress'],
    ]);
    expect(first.body.events[2]).toMatchObject({ user_id: u.id, end_page: 20, is_public: false });
    const second = await t.sf('reading-events', { types, limit: 3, after: first.body.next_cursor }, u.token);
    expect(second.body.events.map((e: any) => [e.event_type, e.end_page])).toEqual([['progress', 10]]);
    expect(second.body.next_cursor).toBeNull();

    const all = await t.sf('reading-events', {}, u.token);
    expect(all.body.events).toHaveLength(8);
    const emma = await t.sf('reading-events', { edition_id: ed.emma.id }, u.token);
    expect(emma.body.events.map((e: any) => e.event_type)).toEqual(['dnf', 'start']);
    const work = await t.sf('reading-events', { work_id: ed.pride.work_id, types: ['start'] }, u.token);
    expect(work.body.events).toHaveLength(1);
  });

  it('refuses unknown types, an empty type list and anonymous callers', async () => {
    const u = await createTestUser(t);
    expect((await t.sf('reading-events', { types: ['read'] }, u.token)).status).toBe(400);
    expect((await t.sf('reading-events', { types: [] }, u.token)).status).toBe(400);
    expect((await t.sf('reading-events', { types: ['progress'] })).status).toBe(401);
  });
});
