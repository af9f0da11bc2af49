// Likes, comments and reports over real HTTP with readers signed in by supabase-js (issue 27): likes of a
// review and of a Friends Activity line (idempotent, counted exactly in the cached public work-reviews, who
// liked paged by cursor), comments with edit and delete and the review author's removal, reports with the
// admins' queue and its audit log, the per-reader limits, and blocks, private lines and unconfirmed
// accounts on every one of these surfaces.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COMMENT_LIMIT_MESSAGE,
  COMMUNITY_MESSAGES,
  MAX_COMMENTS_PER_MINUTE,
  MAX_REPORTS_PER_DAY,
  REPORT_LIMIT_MESSAGE,
} from '@shared/api/community';
import type { ReportItem, ReviewComment } from '@shared/api/community';
import type { Review } from '@shared/api/reviews';
import { startPublicReadCache } from '../../server/cache/public-read-cache';
import type { PublicReadCache } from '../../server/cache/public-read-cache';
import { sampleEditions, socialReader } from '../support/social-flows';
import type { SocialReader } from '../support/social-flows';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';
import { createTestUser } from '../support/test-users';

let s: TestServer;
let cache: PublicReadCache;
let books: { id: string; work_id: string; title: string }[];
beforeAll(async () => {
  s = await startTestServer();
  cache = await startPublicReadCache(s.t.deps.db);
  s.t.deps.publicReads = cache;
  books = await sampleEditions(s);
});
afterAll(async () => {
  await cache.close();
  await s.close();
});

let nextBook = 0;
/** A reader with a review of a book nobody else in this file reviewed. */
async function reviewer(): Promise<SocialReader & { reviewId: string; workId: string }> {
  const r = await socialReader(s);
  const book = books[nextBook++ % books.length] as { id: string; work_id: string };
  const res = await s.sf(
    'submit-review',
    { work_id: book.work_id, rating: 4, headline: 'Worth it' },
    r.token,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { ...r, reviewId: res.body.review_id as string, workId: book.work_id };
}

const reviewsOf = async (workId: string, token?: string) =>
  (await s.sf('work-reviews', { work_id: workId }, token)).body.reviews as Review[];
/** The reviewer's review as the (cached) public work-reviews shows it. */
const shown = async (r: { reviewId: string; workId: string }) =>
  (await reviewsOf(r.workId)).find((review) => review.id === r.reviewId);
const block = (blocker: SocialReader, blocked: SocialReader) =>
  s.sf('block-reader', { user_id: blocked.id }, blocker.token);
const comments = async (reviewId: string, token?: string) => {
  const res = await s.sf('review-comments', { review_id: reviewId }, token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.comments as ReviewComment[];
};

describe('likes', () => {
  it('likes a review once, counts it in the cached public answer at once, and unlikes', async () => {
    const [ann, ben] = [await reviewer(), await socialReader(s)];
    expect(await shown(ann)).toMatchObject({ like_count: 0, comment_count: 0 });

    const liked = await s.sf('like', { review_id: ann.reviewId }, ben.token);
    expect(liked).toEqual({ status: 200, body: { liked: true, like_count: 1 } });
    expect((await s.sf('like', { review_id: ann.reviewId }, ben.token)).body).toEqual({
      liked: true,
      like_count: 1,
    });
    expect((await shown(ann))?.like_count).toBe(1);
    expect((await s.sf('like-states', { review_ids: [ann.reviewId] }, ben.token)).body).toEqual({
      likes: [{ id: ann.reviewId, liked: true, like_count: 1 }],
    });
    const who = await s.sf('likers', { review_id: ann.reviewId });
    expect(who.body.readers.map((r: { id: string }) => r.id)).toEqual([ben.id]);

    expect((await s.sf('unlike', { review_id: ann.reviewId }, ben.token)).body).toEqual({
      liked: false,
      like_count: 0,
    });
    expect((await s.sf('unlike', { review_id: ann.reviewId }, ben.token)).status).toBe(200);
    expect((await shown(ann))?.like_count).toBe(0);
  });

  it('pages who liked, newest first, by cursor', async () => {
    const ann = await reviewer();
    const fans = [await socialReader(s), await socialReader(s), await socialReader(s)];
    for (const fan of fans) await s.sf('like', { review_id: ann.reviewId }, fan.token);
    const seen: string[] = [];
    let after: string | undefined;
    do {
      const page = await s.sf('likers', { review_id: ann.reviewId, limit: 2, after });
      expect(page.status).toBe(200);
      seen.push(...page.body.readers.map((r: { id: string }) => r.id));
      after = page.body.next_cursor ?? undefined;
    } while (after);
    expect(seen).toEqual(fans.map((f) => f.id).reverse());
  });

  it('likes a public Friends Activity line, never a private one', async () => {
    const [maya, me] = [await socialReader(s), await socialReader(s)];
    await s.sf('follow-reader', { user_id: maya.id }, me.token);
    const book = books[0] as { id: string; work_id: string };
    for (const is_public of [true, false]) {
      await s.sf(
        'log-progress-event',
        { work_id: book.work_id, edition_id: book.id, event_type: is_public ? 'start' : 'finish', is_public },
        maya.token,
      );
    }
    const [shown] = (await s.sf('friends-activity', {}, me.token)).body.items as { id: string }[];
    expect(shown).toBeDefined();
    expect((await s.sf('like', { activity_id: shown?.id }, me.token)).body).toEqual({
      liked: true,
      like_count: 1,
    });
    expect((await s.sf('like-states', { activity_ids: [shown?.id] }, me.token)).body).toEqual({
      likes: [{ id: shown?.id, liked: true, like_count: 1 }],
    });
    const hidden = await s.t.deps.db.query<{ id: string }>(
      'select id from public.activities where user_id = $1 and not is_public',
      [maya.id],
    );
    expect(hidden).toHaveLength(1);
    const refused = await s.sf('like', { activity_id: hidden[0]?.id }, me.token);
    expect(refused.status).toBe(404);
    expect(refused.body.error).toBe(COMMUNITY_MESSAGES.activityNotFound);
    const who = await s.sf('likers', { activity_id: hidden[0]?.id }, me.token);
    expect(who.status).toBe(404);
  });

  it('keeps blocked readers apart, and unconfirmed accounts out', async () => {
    const [ann, ben, cat] = [await reviewer(), await socialReader(s), await socialReader(s)];
    await s.sf('like', { review_id: ann.reviewId }, ben.token);
    await s.sf('like', { review_id: ann.reviewId }, cat.token);
    await block(ann, ben);
    const refused = await s.sf('like', { review_id: ann.reviewId }, ben.token);
    expect(refused).toMatchObject({ status: 403, body: { error: COMMUNITY_MESSAGES.blocked } });
    // Neither sees the other's likes.
    const seenByAnn = await s.sf('likers', { review_id: ann.reviewId }, ann.token);
    expect(seenByAnn.body.readers.map((r: { id: string }) => r.id)).toEqual([cat.id]);
    expect((await s.sf('likers', { review_id: ann.reviewId }, ben.token)).status).toBe(403);
    expect((await s.sf('like-states', { review_ids: [ann.reviewId] }, ben.token)).body).toEqual({
      likes: [{ id: ann.reviewId, liked: false, like_count: 0 }],
    });

    // An unconfirmed account's review cannot be liked (nobody else sees it), nor can it like.
    const quiet = await reviewer();
    await s.t.deps.db.query('update auth.users set email_confirmed_at = null where id = $1', [quiet.id]);
    expect((await s.sf('like', { review_id: quiet.reviewId }, cat.token)).status).toBe(404);
    const unconfirmedLike = await s.sf('like', { review_id: ann.reviewId }, quiet.token);
    expect(unconfirmedLike).toMatchObject({ status: 403, body: { error: COMMUNITY_MESSAGES.confirmFirst } });
  });
});

describe('comments', () => {
  it("comments in plain text, edits and deletes one's own, and counts in the cached answer", async () => {
    const [ann, ben, cat] = [await reviewer(), await socialReader(s), await socialReader(s)];
    const body = 'Loved it <b>really</b> — see https://example.com/notes.';
    const added = await s.sf('add-comment', { review_id: ann.reviewId, body: `  ${body}  ` }, ben.token);
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const comment = added.body.comment as ReviewComment;
    expect(comment).toMatchObject({ body, can_edit: true, can_remove: true, edited_at: null });
    expect((await shown(ann))?.comment_count).toBe(1);
    expect((await comments(ann.reviewId)).map((c) => [c.body, c.can_edit])).toEqual([[body, false]]);

    const edited = await s.sf('edit-comment', { comment_id: comment.id, body: 'Changed my mind' }, ben.token);
    expect(edited.body.comment).toMatchObject({ body: 'Changed my mind' });
    expect(edited.body.comment.edited_at).not.toBeNull();
    // Nobody else edits or deletes it: the same 404 as a missing comment.
    expect((await s.sf('edit-comment', { comment_id: comment.id, body: 'Mine now' }, cat.token)).status).toBe(
      404,
    );
    expect((await s.sf('delete-comment', { comment_id: comment.id }, cat.token)).status).toBe(404);
    expect((await comments(ann.reviewId)).map((c) => c.body)).toEqual(['Changed my mind']);

    expect((await s.sf('delete-comment', { comment_id: comment.id }, ben.token)).status).toBe(200);
    expect(await comments(ann.reviewId)).toEqual([]);
    expect((await shown(ann))?.comment_count).toBe(0);
  });

  it("lets the review's author remove any comment on it, and an admin any comment (audit log)", async () => {
    const [ann, ben] = [await reviewer(), await socialReader(s)];
    const admin = await createTestUser(s.t, { admin: true });
    const first = (await s.sf('add-comment', { review_id: ann.reviewId, body: 'One' }, ben.token)).body
      .comment;
    const second = (await s.sf('add-comment', { review_id: ann.reviewId, body: 'Two' }, ben.token)).body
      .comment;
    const seenByAnn = await comments(ann.reviewId, ann.token);
    expect(seenByAnn.map((c) => [c.can_edit, c.can_remove])).toEqual([
      [false, true],
      [false, true],
    ]);
    expect((await s.sf('edit-comment', { comment_id: first.id, body: 'No' }, ann.token)).status).toBe(404);
    expect((await s.sf('delete-comment', { comment_id: first.id }, ann.token)).status).toBe(200);

    expect((await s.sf('admin-remove-comment', { comment_id: second.id }, ben.token)).status).toBe(403);
    expect((await s.sf('admin-remove-comment', { comment_id: second.id }, admin.token)).body).toEqual({
      message: COMMUNITY_MESSAGES.commentRemoved,
    });
    expect(await comments(ann.reviewId)).toEqual([]);
    const audit = await s.t.deps.db.query<{ action: string; before: { body: string } }>(
      'select action, before from public.admin_audit where target_id = $1',
      [second.id],
    );
    expect(audit).toEqual([
      { action: 'admin-remove-comment', before: expect.objectContaining({ body: 'Two' }) },
    ]);
  });

  it('refuses empty and over-long comments and changes nothing', async () => {
    const [ann, ben] = [await reviewer(), await socialReader(s)];
    for (const [body, message] of [
      ['   ', COMMUNITY_MESSAGES.commentRequired],
      ['x'.repeat(2001), COMMUNITY_MESSAGES.commentTooLong],
    ] as const) {
      const res = await s.sf('add-comment', { review_id: ann.reviewId, body }, ben.token);
      expect(res.status).toBe(400);
      expect(res.body.error).toContain(message);
    }
    expect(
      (await s.sf('add-comment', { review_id: ann.reviewId, body: '📚'.repeat(2000) }, ben.token)).status,
    ).toBe(200);
    expect(await comments(ann.reviewId)).toHaveLength(1);
  });

  it("pages a thread oldest first, and keeps blocked readers out of each other's threads", async () => {
    const [ann, ben, cat] = [await reviewer(), await socialReader(s), await socialReader(s)];
    for (const [who, body] of [
      [ben, 'b1'],
      [cat, 'c1'],
      [ben, 'b2'],
    ] as const) {
      await s.sf('add-comment', { review_id: ann.reviewId, body }, who.token);
    }
    const seen: string[] = [];
    let after: string | undefined;
    do {
      const page = await s.sf('review-comments', { review_id: ann.reviewId, limit: 2, after });
      seen.push(...page.body.comments.map((c: ReviewComment) => c.body));
      after = page.body.next_cursor ?? undefined;
    } while (after);
    expect(seen).toEqual(['b1', 'c1', 'b2']);

    await block(cat, ben);
    expect((await comments(ann.reviewId, cat.token)).map((c) => c.body)).toEqual(['c1']);
    expect((await comments(ann.reviewId, ben.token)).map((c) => c.body)).toEqual(['b1', 'b2']);
    // A blocked pair cannot comment on each other's reviews, nor read their threads.
    await block(ann, ben);
    const refused = await s.sf('add-comment', { review_id: ann.reviewId, body: 'Hello?' }, ben.token);
    expect(refused).toMatchObject({ status: 403, body: { error: COMMUNITY_MESSAGES.blocked } });
    expect((await s.sf('review-comments', { review_id: ann.reviewId }, ben.token)).status).toBe(403);
  });

  it(`answers limit_reached past ${MAX_COMMENTS_PER_MINUTE} comments a minute`, async () => {
    const [ann, ben] = [await reviewer(), await socialReader(s)];
    // The window is the current minute: fill it, and the next one in case the minute turns meanwhile.
    await s.t.deps.db.query(
      `insert into public.social_limit_windows (user_id, kind, window_start, count)
       select $1, 'comment', date_trunc('minute', now()) + m * interval '1 minute', $2
       from generate_series(0, 1) m`,
      [ben.id, MAX_COMMENTS_PER_MINUTE],
    );
    const refused = await s.sf('add-comment', { review_id: ann.reviewId, body: 'One more' }, ben.token);
    expect(refused).toMatchObject({
      status: 409,
      body: { code: 'limit_reached', error: COMMENT_LIMIT_MESSAGE },
    });
    expect(await comments(ann.reviewId)).toEqual([]);
  });

  it('counts parallel comments one after another, so a burst cannot pass the limit', async () => {
    const [ann, ben] = [await reviewer(), await socialReader(s)];
    const room = 3;
    // Three left in this minute and the next (in case the minute turns during the burst).
    await s.t.deps.db.query(
      `insert into public.social_limit_windows (user_id, kind, window_start, count)
       select $1, 'comment', date_trunc('minute', now()) + m * interval '1 minute', $2
       from generate_series(0, 1) m`,
      [ben.id, MAX_COMMENTS_PER_MINUTE - room],
    );
    const answers = await Promise.all(
      Array.from({ length: room + 5 }, (_, i) =>
        s.sf('add-comment', { review_id: ann.reviewId, body: `Burst ${i}` }, ben.token),
      ),
    );
    const made = answers.filter((a) => a.status === 200).length;
    for (const a of answers.filter((x) => x.status !== 200)) {
      expect(a).toMatchObject({ status: 409, body: { code: 'limit_reached' } });
    }
    const windows = await s.t.deps.db.query<{ count: number }>(
      `select count from public.social_limit_windows where user_id = $1 and kind = 'comment'`,
      [ben.id],
    );
    // No window past the limit, every comment made counted once, and each comment stored.
    for (const w of windows) expect(w.count).toBeLessThanOrEqual(MAX_COMMENTS_PER_MINUTE);
    const counted = windows.reduce((n, w) => n + w.count - (MAX_COMMENTS_PER_MINUTE - room), 0);
    expect(made).toBeGreaterThanOrEqual(room);
    expect(counted).toBe(made);
    expect(await comments(ann.reviewId)).toHaveLength(made);
  });
});

describe('reports', () => {
  it('reports once per reader and target; an admin dismisses or removes, each in the audit log', async () => {
    const [ann, ben, cat] = [await reviewer(), await socialReader(s), await socialReader(s)];
    const admin = await createTestUser(s.t, { admin: true });
    const comment = (await s.sf('add-comment', { review_id: ann.reviewId, body: 'Buy pills' }, ben.token))
      .body.comment as ReviewComment;

    expect(
      (await s.sf('report', { comment_id: comment.id, reason: 'spam', details: 'an advert' }, cat.token))
        .status,
    ).toBe(200);
    expect((await s.sf('report', { comment_id: comment.id, reason: 'other' }, cat.token)).status).toBe(200);
    expect((await s.sf('report', { review_id: ann.reviewId, reason: 'spoilers' }, cat.token)).status).toBe(
      200,
    );
    expect((await s.sf('report', { review_id: ann.reviewId, reason: 'bogus' }, cat.token)).status).toBe(400);

    expect((await s.sf('report-queue', {}, cat.token)).status).toBe(403);
    const queue = (await s.sf('report-queue', {}, admin.token)).body.reports as ReportItem[];
    const mine = queue.filter((r) => r.reporter.id === cat.id);
    expect(mine.map((r) => [r.reason, r.details, r.target.kind, r.target.text, r.open_reports])).toEqual([
      ['spam', 'an advert', 'comment', 'Buy pills', 1],
      ['spoilers', null, 'review', 'Worth it', 1],
    ]);

    const [onComment, onReview] = mine as [ReportItem, ReportItem];
    expect(
      (await s.sf('resolve-report', { report_id: onReview.id, action: 'dismiss' }, admin.token)).body,
    ).toEqual({
      message: COMMUNITY_MESSAGES.reportDismissed,
    });
    expect(
      (await s.sf('resolve-report', { report_id: onComment.id, action: 'remove' }, admin.token)).body,
    ).toEqual({
      message: COMMUNITY_MESSAGES.commentRemoved,
    });
    expect(await comments(ann.reviewId)).toEqual([]);
    expect(await shown(ann)).toBeDefined();
    const after = (await s.sf('report-queue', {}, admin.token)).body.reports as ReportItem[];
    expect(after.filter((r) => r.reporter.id === cat.id)).toEqual([]);
    // A handled report is not handled twice.
    expect(
      (await s.sf('resolve-report', { report_id: onReview.id, action: 'remove' }, admin.token)).status,
    ).toBe(404);
    const audit = await s.t.deps.db.query<{ action: string }>(
      `select action from public.admin_audit where actor_id = $1 order by created_at`,
      [admin.id],
    );
    expect(audit.map((a) => a.action)).toEqual(['dismiss-report', 'remove-reported-comment']);
  });

  it('removes a reported review with its reports', async () => {
    const [ann, ben] = [await reviewer(), await socialReader(s)];
    const admin = await createTestUser(s.t, { admin: true });
    await s.sf('report', { review_id: ann.reviewId, reason: 'hate' }, ben.token);
    const report = (
      (await s.sf('report-queue', { limit: 100 }, admin.token)).body.reports as ReportItem[]
    ).find((r) => r.target.id === ann.reviewId);
    expect(report).toBeDefined();
    expect(
      (await s.sf('resolve-report', { report_id: report?.id, action: 'remove' }, admin.token)).body,
    ).toEqual({
      message: COMMUNITY_MESSAGES.reviewRemoved,
    });
    expect(await shown(ann)).toBeUndefined();
  });

  it(`answers limit_reached past ${MAX_REPORTS_PER_DAY} reports a day, and a blocked pair cannot report`, async () => {
    const [ann, ben] = [await reviewer(), await socialReader(s)];
    await s.t.deps.db.query(
      `insert into public.social_limit_windows (user_id, kind, window_start, count)
       values ($1, 'report', date_trunc('day', now() at time zone 'UTC') at time zone 'UTC', $2)`,
      [ben.id, MAX_REPORTS_PER_DAY],
    );
    const refused = await s.sf('report', { review_id: ann.reviewId, reason: 'spam' }, ben.token);
    expect(refused).toMatchObject({
      status: 409,
      body: { code: 'limit_reached', error: REPORT_LIMIT_MESSAGE },
    });
    const stored = await s.t.deps.db.query('select 1 from public.reports where reporter_id = $1', [ben.id]);
    expect(stored).toEqual([]);

    const cat = await socialReader(s);
    await block(ann, cat);
    expect((await s.sf('report', { review_id: ann.reviewId, reason: 'spam' }, cat.token)).status).toBe(403);
  });
});
