// Notifications over real HTTP with readers signed in by supabase-js (issue 27): each kind (new follower,
// follow request, request approved, like of a review and of an activity line, comment, reply in a thread),
// collapsing, never oneself, never across a block or from a muted or unconfirmed reader, the kinds a reader
// turned off, marking read, and paging. Likes and comments are written as rows (their endpoints are another
// slice's): the notifications come from the tables' triggers, whichever endpoint writes them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationItem } from '@shared/api/notifications';
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

const list = async (r: SocialReader, body: object = {}) => {
  const res = await s.sf('notifications', body, r.token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { items: NotificationItem[]; next_cursor: string | null };
};
const unread = async (r: SocialReader) => {
  const res = await s.sf('notification-count', {}, r.token);
  expect(res.status).toBe(200);
  return res.body.unread as number;
};
/** Each notification as "kind actor [+others]", newest first. */
const seen = async (r: SocialReader) =>
  (await list(r)).items.map(
    (n) => `${n.kind} ${n.actor.username}${n.others ? ` +${n.others}` : ''}${n.read ? ' (read)' : ''}`,
  );

async function review(r: SocialReader, i: number): Promise<string> {
  const res = await s.sf('submit-review', { work_id: book(i).work_id, rating: 4 }, r.token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.review_id as string;
}
const like = (r: SocialReader, target: { review_id?: string; activity_id?: string }) =>
  s.t.deps.db.query('insert into public.likes (user_id, review_id, activity_id) values ($1, $2, $3)', [
    r.id,
    target.review_id ?? null,
    target.activity_id ?? null,
  ]);
const comment = (r: SocialReader, reviewId: string, body = 'Good point') =>
  s.t.deps.db.query('insert into public.review_comments (review_id, user_id, body) values ($1, $2, $3)', [
    reviewId,
    r.id,
    body,
  ]);

describe('notifications', () => {
  it('tells of a new follower, a request and its approval, and drops a request once answered', async () => {
    const [ann, ben, cat] = [await socialReader(s), await socialReader(s), await socialReader(s)];
    expect(await unread(ann)).toBe(0);
    await s.sf('follow-reader', { user_id: ann.id }, ben.token);
    expect(await seen(ann)).toEqual([`follower ${ben.username}`]);
    expect(await unread(ann)).toBe(1);

    await s.sf('update-social-settings', { follow_policy: 'approve' }, cat.token);
    await s.sf('follow-reader', { user_id: cat.id }, ann.token);
    await s.sf('follow-reader', { user_id: cat.id }, ben.token);
    expect(await seen(cat)).toEqual([`follow_request ${ben.username}`, `follow_request ${ann.username}`]);
    await s.sf('answer-follow-request', { user_id: ann.id, approve: true }, cat.token);
    await s.sf('answer-follow-request', { user_id: ben.id, approve: false }, cat.token);
    expect(await seen(cat)).toEqual([]);
    expect(await seen(ann)).toEqual([`request_approved ${cat.username}`, `follower ${ben.username}`]);
    expect(await seen(ben)).toEqual([]);
  });

  it('collapses likes of one review, never tells a reader of their own like, and links the work', async () => {
    const [author, a, b, c] = [
      await socialReader(s),
      await socialReader(s),
      await socialReader(s),
      await socialReader(s),
    ];
    const reviewId = await review(author, 0);
    await like(author, { review_id: reviewId });
    expect(await seen(author)).toEqual([]);
    for (const r of [a, b, c]) await like(r, { review_id: reviewId });
    const [only, ...rest] = (await list(author)).items;
    expect(rest).toEqual([]);
    expect(only).toMatchObject({
      kind: 'like',
      actor: { username: c.username },
      others: 2,
      read: false,
      review: { id: reviewId, work_id: book(0).work_id, title: book(0).title },
      activity: null,
    });
    expect(await unread(author)).toBe(1);

    // Once read, the next like starts a new notification.
    expect((await s.sf('mark-notification-read', { notification_id: only?.id }, author.token)).status).toBe(
      200,
    );
    expect(await unread(author)).toBe(0);
    await s.t.deps.db.query('delete from public.likes where user_id = $1', [a.id]);
    await like(a, { review_id: reviewId });
    expect(await seen(author)).toEqual([`like ${a.username}`, `like ${c.username} +2 (read)`]);
  });

  it('tells of a like of an activity line, with the line and its work', async () => {
    const [reader, fan] = [await socialReader(s), await socialReader(s)];
    await s.sf(
      'log-progress-event',
      { work_id: book(1).work_id, edition_id: book(1).id, event_type: 'start', is_public: true },
      reader.token,
    );
    const [line] = await s.t.deps.db.query<{ id: string }>(
      'select id from public.activities where user_id = $1',
      [reader.id],
    );
    await like(fan, { activity_id: line?.id });
    expect((await list(reader)).items).toEqual([
      expect.objectContaining({
        kind: 'like',
        review: null,
        activity: { id: line?.id, work: { id: book(1).work_id, title: book(1).title } },
      }),
    ]);
  });

  it("tells the review's author of comments and earlier commenters of replies, not the one writing", async () => {
    const [author, first, second] = [await socialReader(s), await socialReader(s), await socialReader(s)];
    const reviewId = await review(author, 2);
    await comment(author, reviewId, 'Thanks for reading');
    await comment(first, reviewId);
    expect(await seen(author)).toEqual([`comment ${first.username}`]);
    expect(await seen(first)).toEqual([]);
    await comment(second, reviewId);
    await comment(second, reviewId, 'And another thing');
    expect(await seen(author)).toEqual([`comment ${second.username} +1`]);
    expect(await seen(first)).toEqual([`reply ${second.username}`]);
    await comment(first, reviewId, 'Agreed');
    expect(await seen(second)).toEqual([`reply ${first.username}`]);
  });

  it('never tells across a block either way, nor of a muted or unconfirmed reader', async () => {
    const [me, blocked, blocker, muted, quiet] = [
      await socialReader(s),
      await socialReader(s),
      await socialReader(s),
      await socialReader(s),
      await socialReader(s),
    ];
    const reviewId = await review(me, 3);
    for (const r of [blocked, blocker, muted, quiet]) await like(r, { review_id: reviewId });
    for (const r of [blocked, blocker, muted, quiet])
      await s.sf('follow-reader', { user_id: me.id }, r.token);
    expect(await unread(me)).toBe(5);

    await s.sf('block-reader', { user_id: blocked.id }, me.token);
    await s.sf('block-reader', { user_id: me.id }, blocker.token);
    await s.sf('mute-reader', { user_id: muted.id }, me.token);
    await s.t.deps.db.query('update auth.users set email_confirmed_at = null where id = $1', [quiet.id]);
    // Every actor of the collapsed like is hidden, and so is each follow.
    expect(await seen(me)).toEqual([]);
    expect(await unread(me)).toBe(0);

    // The like shows again by its newest actor the reader may see; the blocked ones are out of its count.
    await s.sf('unmute-reader', { user_id: muted.id }, me.token);
    expect(await seen(me)).toEqual([`follower ${muted.username}`, `like ${muted.username} +1`]);
    // An unblock does not bring back what the two did to each other before.
    await s.sf('unblock-reader', { user_id: blocked.id }, me.token);
    expect(await seen(me)).toEqual([`follower ${muted.username}`, `like ${muted.username} +1`]);
  });

  it('stops the kinds a reader turned off, and keeps the choice', async () => {
    const [me, fan] = [await socialReader(s), await socialReader(s)];
    const defaults = await s.sf('notification-settings', {}, me.token);
    expect(defaults.body).toEqual({
      kinds: {
        follower: true,
        follow_request: true,
        request_approved: true,
        like: true,
        comment: true,
        reply: true,
      },
    });
    const kinds = { ...defaults.body.kinds, follower: false, like: false };
    expect((await s.sf('update-notification-settings', { kinds }, me.token)).body).toEqual({ kinds });
    expect((await s.sf('notification-settings', {}, me.token)).body).toEqual({ kinds });

    const reviewId = await review(me, 1);
    await s.sf('follow-reader', { user_id: me.id }, fan.token);
    await like(fan, { review_id: reviewId });
    await comment(fan, reviewId);
    expect(await seen(me)).toEqual([`comment ${fan.username}`]);

    // A setting missing a kind, or naming one that does not exist, is refused and changes nothing.
    const partial = await s.sf('update-notification-settings', { kinds: { like: true } }, me.token);
    expect(partial.status).toBe(400);
    const extra = await s.sf('update-notification-settings', { kinds: { ...kinds, poke: true } }, me.token);
    expect(extra.status).toBe(400);
    expect((await s.sf('notification-settings', {}, me.token)).body).toEqual({ kinds });
  });

  it('pages newest first, marks all read, and marks only the caller’s own', async () => {
    const me = await socialReader(s);
    const fans = [await socialReader(s), await socialReader(s), await socialReader(s)];
    for (const fan of fans) await s.sf('follow-reader', { user_id: me.id }, fan.token);
    const ids: string[] = [];
    let after: string | undefined;
    do {
      const page = await list(me, { limit: 2, after });
      ids.push(...page.items.map((n) => n.actor.id));
      after = page.next_cursor ?? undefined;
    } while (after);
    expect(ids).toEqual(fans.map((f) => f.id).reverse());

    const other = fans[0];
    if (!other) throw new Error('no fan');
    const mine = (await list(me)).items[0];
    expect((await s.sf('mark-notification-read', { notification_id: mine?.id }, other.token)).status).toBe(
      404,
    );
    expect(await unread(me)).toBe(3);
    expect((await s.sf('mark-all-notifications-read', {}, me.token)).status).toBe(200);
    expect(await unread(me)).toBe(0);
    expect((await list(me)).items.every((n) => n.read)).toBe(true);
    expect((await s.sf('mark-notification-read', { notification_id: 'nope' }, me.token)).status).toBe(400);
  });
});

describe('blocked and muted readers', () => {
  it('lists whom the caller blocked and muted, newest first and paged, and forgets an undone one', async () => {
    const me = await socialReader(s);
    const others = [await socialReader(s), await socialReader(s), await socialReader(s)];
    for (const o of others) await s.sf('block-reader', { user_id: o.id }, me.token);
    await s.sf('mute-reader', { user_id: others[0]?.id }, me.token);
    const first = await s.sf('blocked-readers', { limit: 2 }, me.token);
    expect(first.body.readers.map((r: { id: string }) => r.id)).toEqual(
      others
        .map((o) => o.id)
        .reverse()
        .slice(0, 2),
    );
    const second = await s.sf('blocked-readers', { limit: 2, after: first.body.next_cursor }, me.token);
    expect(second.body).toEqual({
      readers: [expect.objectContaining({ id: others[0]?.id })],
      next_cursor: null,
    });
    expect((await s.sf('muted-readers', {}, me.token)).body.readers).toEqual([
      expect.objectContaining({ id: others[0]?.id, username: others[0]?.username }),
    ]);

    await s.sf('unblock-reader', { user_id: others[1]?.id }, me.token);
    const after = await s.sf('blocked-readers', {}, me.token);
    expect(after.body.readers.map((r: { id: string }) => r.id)).toEqual([others[2]?.id, others[0]?.id]);
    // Another reader's lists are their own.
    expect((await s.sf('blocked-readers', {}, others[2]?.token)).body.readers).toEqual([]);
  });
});
