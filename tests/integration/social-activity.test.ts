// Friends Activity over real HTTP with readers signed in by supabase-js (issue 27): what followed readers did
// in public, newest first and cursor-paged, with ratings and headlines; never a private event, one made
// private or deleted later, a blocked or muted reader's, or an unconfirmed account's; a shelf burst and an
// import as one line each.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityItem } from '@shared/api/social';
import { fixture, importAndWait } from '../support/import-flows';
import { sampleEditions, socialReader } from '../support/social-flows';
import type { SocialReader } from '../support/social-flows';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';

let s: TestServer;
let books: { id: string; work_id: string; title: string }[];
beforeAll(async () => {
  s = await startTestServer();
  books = await sampleEditions(s);
});
afterAll(() => s.close());

const book = (i: number) => {
  const b = books[i];
  if (!b) throw new Error(`no book ${i}`);
  return b;
};

async function log(r: SocialReader, i: number, event_type: string, is_public = true): Promise<string> {
  const res = await s.sf(
    'log-progress-event',
    { work_id: book(i).work_id, edition_id: book(i).id, event_type, is_public },
    r.token,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.event.id as string;
}

const feed = async (r: SocialReader, body: object = {}) => {
  const res = await s.sf('friends-activity', body, r.token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { items: ActivityItem[]; next_cursor: string | null; following: number };
};

/** Each line as "username kind title", newest first. */
const lines = async (r: SocialReader) =>
  (await feed(r)).items.map((i) =>
    `${i.reader.username} ${i.kind} ${i.work?.title ?? i.shelf?.name ?? ''}`.trim(),
  );

describe('Friends Activity', () => {
  it('lists what followed readers did in public, newest first, with the rating and headline of a review', async () => {
    const [me, maya, noah] = [await socialReader(s), await socialReader(s), await socialReader(s)];
    const stranger = await socialReader(s);
    expect(await feed(me)).toEqual({ items: [], next_cursor: null, following: 0 });
    await s.sf('follow-reader', { user_id: maya.id }, me.token);
    await s.sf('follow-reader', { user_id: noah.id }, me.token);

    await log(maya, 0, 'start');
    await log(noah, 1, 'start', false);
    await log(stranger, 2, 'start');
    await log(maya, 0, 'finish');
    await s.sf('submit-review', { work_id: book(0).work_id, rating: 4.5, headline: 'Loved it' }, maya.token);
    await log(noah, 3, 'start');
    await log(noah, 3, 'dnf');

    const got = await feed(me);
    expect(got.following).toBe(2);
    expect(got.items.map((i) => [i.reader.username, i.kind, i.work?.title])).toEqual([
      [noah.username, 'dnf', book(3).title],
      [noah.username, 'start', book(3).title],
      [maya.username, 'review', book(0).title],
      [maya.username, 'finish', book(0).title],
      [maya.username, 'start', book(0).title],
    ]);
    const [, , review, finish] = got.items;
    expect(review).toMatchObject({ rating: 4.5, headline: 'Loved it', work: { id: book(0).work_id } });
    expect(finish).toMatchObject({ rating: 4.5, review_id: review?.review_id });
    expect(finish?.reader).toEqual({
      id: maya.id,
      username: maya.username,
      first_name: expect.any(String),
      last_name: expect.anything(),
      avatar_url: null,
    });
  });

  it('pages by cursor without repeating or skipping a line', async () => {
    const [me, maya] = [await socialReader(s), await socialReader(s)];
    await s.sf('follow-reader', { user_id: maya.id }, me.token);
    for (let i = 0; i < 4; i++) await log(maya, i, 'start');
    await s.sf('submit-review', { work_id: book(0).work_id, rating: 2 }, maya.token);
    const all = (await feed(me)).items.map((i) => i.id);
    expect(all).toHaveLength(5);
    const paged: string[] = [];
    let after: string | undefined;
    do {
      const page = await feed(me, { limit: 2, after });
      paged.push(...page.items.map((i) => i.id));
      after = page.next_cursor ?? undefined;
    } while (after);
    expect(paged).toEqual(all);
  });

  it('drops a line whose event is deleted or made private later, and a deleted review', async () => {
    const [me, maya] = [await socialReader(s), await socialReader(s)];
    await s.sf('follow-reader', { user_id: maya.id }, me.token);
    const started = await log(maya, 0, 'start');
    const other = await log(maya, 1, 'start');
    const reviewed = await s.sf('submit-review', { work_id: book(2).work_id, rating: 3 }, maya.token);
    expect(await lines(me)).toHaveLength(3);

    await s.sf('delete-reading-log', { log_id: started }, maya.token);
    await s.t.deps.db.query('update public.reading_progress_events set is_public = false where id = $1', [
      other,
    ]);
    expect(await lines(me)).toEqual([`${maya.username} review ${book(2).title}`]);
    await s.sf('delete-review', { review_id: reviewed.body.review_id }, maya.token);
    expect(await lines(me)).toEqual([]);
  });

  it('never shows a blocked, muted or unconfirmed reader', async () => {
    const [me, blocker, muted, quiet] = [
      await socialReader(s),
      await socialReader(s),
      await socialReader(s),
      await socialReader(s),
    ];
    for (const r of [blocker, muted, quiet]) {
      await s.sf('follow-reader', { user_id: r.id }, me.token);
      await log(r, 0, 'start');
    }
    expect(await lines(me)).toHaveLength(3);

    // A block written as the later block slice might, without ending the follow: the rule alone hides it.
    await s.t.deps.db.query('insert into public.blocks (blocker_id, blocked_id) values ($1, $2)', [
      blocker.id,
      me.id,
    ]);
    await s.sf('mute-reader', { user_id: muted.id }, me.token);
    await s.t.deps.db.query('update auth.users set email_confirmed_at = null where id = $1', [quiet.id]);
    expect(await lines(me)).toEqual([]);

    await s.sf('unmute-reader', { user_id: muted.id }, me.token);
    expect(await lines(me)).toEqual([`${muted.username} start ${book(0).title}`]);
  });

  it('hides a reader who approves followers from one whose request waits', async () => {
    const [me, shy] = [await socialReader(s), await socialReader(s)];
    await s.sf('update-social-settings', { follow_policy: 'approve' }, shy.token);
    await s.sf('follow-reader', { user_id: me.id }, shy.token);
    await s.sf('follow-reader', { user_id: shy.id }, me.token);
    await log(shy, 0, 'start');
    expect(await lines(me)).toEqual([]);
    await s.sf('answer-follow-request', { user_id: me.id, approve: true }, shy.token);
    expect(await lines(me)).toEqual([`${shy.username} start ${book(0).title}`]);
  });

  it('collapses a burst of shelving into one line, and a reached goal is a line', async () => {
    const [me, maya] = [await socialReader(s), await socialReader(s)];
    await s.sf('follow-reader', { user_id: maya.id }, me.token);
    const shelf = await s.sf('create-shelf', { name: 'Summer' }, maya.token);
    for (const i of [0, 1, 2]) {
      await s.sf('add-to-shelf', { shelf_id: shelf.body.id, edition_id: book(i).id }, maya.token);
    }
    const [burst] = (await feed(me)).items;
    expect(burst).toMatchObject({ kind: 'shelved', book_count: 3, shelf: { name: 'Summer' }, work: null });

    const year = new Date().getUTCFullYear();
    await s.sf('set-reading-goal', { goal_year: year, goal_type: 'books', target_qty: 1 }, maya.token);
    await log(maya, 3, 'start');
    await log(maya, 3, 'finish');
    expect((await feed(me)).items.slice(0, 2).map((i) => [i.kind, i.goal])).toEqual([
      ['goal', { year, target: 1 }],
      ['finish', null],
    ]);
  });

  it('shows an import as one line, not one per book', async () => {
    const [me, maya] = [await socialReader(s), await socialReader(s)];
    await s.sf('follow-reader', { user_id: maya.id }, me.token);
    const done = await importAndWait(s, maya, fixture('goodreads-31.csv'), { file_name: 'goodreads.csv' });
    expect(done.state).toBe('done');
    const items = (await feed(me)).items;
    expect(items.map((i) => i.kind)).toEqual(['import']);
    expect(items[0]?.book_count).toBe(done.matched + done.created);
  });

  it("marks a line about the reader's unverified work, whose page others cannot open", async () => {
    const [me, maya] = [await socialReader(s), await socialReader(s)];
    await s.sf('follow-reader', { user_id: maya.id }, me.token);
    await log(maya, 3, 'start');
    expect((await feed(me)).items[0]?.work).toMatchObject({ id: book(3).work_id, verified: true });
    // As a reader-made work nobody has vouched for yet is (issue 26).
    await s.t.deps.db.query('update public.works set verified = false where id = $1', [book(3).work_id]);
    try {
      expect((await feed(me)).items[0]?.work).toMatchObject({ id: book(3).work_id, verified: false });
    } finally {
      await s.t.deps.db.query('update public.works set verified = true where id = $1', [book(3).work_id]);
    }
  });
});
