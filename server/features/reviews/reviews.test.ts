import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleCatalogue } from '../../../tests/fixtures/sample-catalogue';
import { createTestApp } from '../../../tests/support/test-app';
import type { TestApp } from '../../../tests/support/test-app';
import { createTestUser } from '../../../tests/support/test-users';
import type { TestUser } from '../../../tests/support/test-users';

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let admin: TestUser;
let pride: { workId: string; editions: string[] };
let emma: { workId: string; editions: string[] };

const workNamed = async (title: string) => {
  const rows = await t.deps.db.query<{ work_id: string; edition_id: string }>(
    `select w.id as work_id, e.id as edition_id from works w join editions e on e.work_id = w.id
     where w.title = $1 order by e.isbn`,
    [title],
  );
  return { workId: rows[0]!.work_id, editions: rows.map((r) => r.edition_id) };
};

const ratingOf = async (workId: string) => {
  const { body } = await t.sf('work-details', { work_id: workId });
  return { count: body.rating_count as number, sum: body.rating_sum as number };
};
const reviewCount = async () =>
  (await t.deps.db.query<{ n: number }>('select count(*) as n from reviews'))[0]!.n;

const draft = (over: Record<string, unknown> = {}) => ({
  work_id: pride.workId,
  edition_id: pride.editions[0],
  rating: 4.5,
  tone: 2,
  pace: 3,
  recommend: true,
  story_focus: 2,
  headline: '  A sparkling comedy of manners  ',
  review_body: 'Witty from the first line.',
  spoiler: false,
  mood_ids: [3, 2],
  quality_ids: [3],
  content_warnings: { '4': 1, '1': 0 },
  ...over,
});

beforeAll(async () => {
  t = await createTestApp({ seed: sampleCatalogue });
  alice = await createTestUser(t, { username: 'alice_reads' });
  bob = await createTestUser(t, { username: 'bob_reads' });
  admin = await createTestUser(t, { username: 'the_admin', admin: true });
  pride = await workNamed('Pride and Prejudice');
  emma = await workNamed('Emma');
  await t.deps.db.query(`update profiles set avatar_url = 'public/x.png' where id = $1`, [bob.id]);
});
afterAll(() => t.close());

describe('submit-review', () => {
  it('stores a full review and answers its id; the work rating follows', async () => {
    const { status, body } = await t.sf('submit-review', draft(), alice.token);
    expect(status).toBe(200);
    expect(body).toEqual({ ok: true, review_id: expect.any(String) });

    const list = await t.sf('work-reviews', { work_id: pride.workId });
    expect(list.status).toBe(200);
    expect(list.body.reviews).toEqual([
      {
        id: body.review_id,
        user_id: alice.id,
        username: 'alice_reads',
        avatar_url: null,
        work_id: pride.workId,
        edition_id: pride.editions[0],
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
        updated_at: expect.any(String),
        rating: 4.5,
        headline: 'A sparkling comedy of manners',
        review_body: 'Witty from the first line.',
        spoiler: false,
        tone_q: 2,
        pace_q: 3,
        recommend_yes: true,
        story_focus_q: 2,
        moods: [2, 3],
        qualities: [3],
        content_warnings: { '4': 1 },
        like_count: 0,
        comment_count: 0,
      },
    ]);
    expect(await ratingOf(pride.workId)).toEqual({ count: 1, sum: 4.5 });
  });

  it('replaces the reader’s one review of a work on a second submit (upsert)', async () => {
    const first = await t.sf('work-reviews', { work_id: pride.workId });
    const before = first.body.reviews[0];
    const { status, body } = await t.sf(
      'submit-review',
      draft({
        rating: 3,
        edition_id: pride.editions[1],
        review_body: '   ',
        mood_ids: [],
        content_warnings: {},
      }),
      alice.token,
    );
    expect(status).toBe(200);
    expect(body.review_id).toBe(before!.id);
    const [after] = (await t.sf('work-reviews', { work_id: pride.workId })).body.reviews;
    expect(after).toMatchObject({ rating: 3, edition_id: pride.editions[1], review_body: null, moods: [] });
    expect(after!.content_warnings).toEqual({});
    expect(after!.created_at).toBe(before!.created_at);
    expect(await reviewCount()).toBe(1);
    expect(await ratingOf(pride.workId)).toEqual({ count: 1, sum: 3 });
  });

  it('keeps a rating alone as a rating: no tone, pace or story focus, recommend skipped, no edition', async () => {
    const { status } = await t.sf('submit-review', { work_id: emma.workId, rating: 5 }, bob.token);
    expect(status).toBe(200);
    const [review] = (await t.sf('work-reviews', { work_id: emma.workId })).body.reviews;
    expect(review).toMatchObject({
      tone_q: null,
      pace_q: null,
      story_focus_q: null,
      recommend_yes: null,
      edition_id: null,
      headline: '',
      review_body: null,
      spoiler: false,
      moods: [],
      qualities: [],
      content_warnings: {},
      avatar_url: 'public/x.png',
    });
  });

  it('refuses every broken limit with a clear 400 and writes nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ rating: 0 }, 'Please select a rating'],
      [{ rating: undefined }, 'Please select a rating'],
      [{ rating: null }, 'Please select a rating'],
      [{ rating: 5.25 }, 'Rating must be between 0.25 and 5, in steps of 0.25'],
      [{ rating: 4.1 }, 'Rating must be between 0.25 and 5, in steps of 0.25'],
      [{ rating: -0.25 }, 'Rating must be between 0.25 and 5, in steps of 0.25'],
      [{ headline: 'h'.repeat(201) }, 'Headline must be at most 200 characters'],
      [{ review_body: 'b'.repeat(2001) }, 'Review must be at most 2000 characters'],
      [{ mood_ids: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10] }, 'Maximum 10 moods selected'],
      [{ quality_ids: [1, 2, 3, 4, 5, 5] }, 'Maximum 5 qualities selected'],
      [{ mood_ids: [0] }, 'Unknown mood selected'],
      [{ mood_ids: [11] }, 'Unknown mood selected'],
      [{ mood_ids: [1.5] }, 'Unknown mood selected'],
      [{ quality_ids: [6] }, 'Unknown quality selected'],
      [{ mood_ids: [4, 4] }, 'Each mood can be selected once'],
      [{ quality_ids: [2, 2] }, 'Each quality can be selected once'],
      [{ content_warnings: { '9': 1 } }, 'Unknown content warning selected'],
      [{ content_warnings: { violence: 1 } }, 'Unknown content warning selected'],
      [{ content_warnings: { '3': 4 } }, 'Content warning severity must be 0 (None) to 3 (Severe)'],
      [{ content_warnings: { '3': -1 } }, 'Content warning severity must be 0 (None) to 3 (Severe)'],
      [{ tone: 6 }, 'Tone must be a whole number from 1 to 5'],
      [{ tone: 0 }, 'Tone must be a whole number from 1 to 5'],
      [{ pace: 0 }, 'Pace must be a whole number from 1 to 3'],
      [{ pace: 4 }, 'Pace must be a whole number from 1 to 3'],
      [{ story_focus: 1.5 }, 'Story focus must be a whole number from 1 to 3'],
    ];
    const before = await reviewCount();
    for (const [over, message] of cases) {
      const { status, body } = await t.sf(
        'submit-review',
        draft({ work_id: emma.workId, ...over }),
        alice.token,
      );
      expect(status, JSON.stringify(over)).toBe(400);
      expect(body).toMatchObject({ code: 'invalid_input', error: message });
    }
    for (const over of [{ work_id: 'nope' }, { rating: '5' }, { mood_ids: 'all' }, { spoiler: 'yes' }]) {
      const { status, body } = await t.sf('submit-review', draft(over), alice.token);
      expect(status, JSON.stringify(over)).toBe(400);
      expect(body.error).toMatch(new RegExp(`^${Object.keys(over)[0]}: `));
    }
    expect(await reviewCount()).toBe(before);
    expect(await ratingOf(emma.workId)).toEqual({ count: 1, sum: 5 });
  });

  it('accepts the limits themselves', async () => {
    const { status } = await t.sf(
      'submit-review',
      draft({
        work_id: emma.workId,
        edition_id: emma.editions[0],
        rating: 0.25,
        headline: 'h'.repeat(200),
        review_body: 'b'.repeat(2000),
        mood_ids: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
        quality_ids: [1, 2, 3, 4, 5],
        content_warnings: { '1': 3, '2': 2, '3': 1, '4': 0, '5': 1, '6': 1, '7': 1, '8': 3 },
        tone: 5,
        pace: 1,
        story_focus: 1,
      }),
      alice.token,
    );
    expect(status).toBe(200);
    expect(await ratingOf(emma.workId)).toEqual({ count: 2, sum: 5.25 });
  });

  it('is backed by a database check on content warnings, whoever writes', async () => {
    for (const warnings of ['{"9": 1}', '{"1": 4}', '{"1": 0}', '{"1": "2"}', '[]']) {
      await expect(
        t.deps.db.query(
          `insert into reviews (user_id, work_id, rating, content_warnings) values ($1, $2, 3, $3)`,
          [admin.id, emma.workId, warnings],
        ),
        warnings,
      ).rejects.toThrow(/reviews_content_warnings_valid|content_warnings/);
    }
  });

  it('checks the work and that the edition belongs to it', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    const noWork = await t.sf('submit-review', draft({ work_id: missing }), alice.token);
    expect(noWork).toEqual({ status: 404, body: { error: 'Work not found', code: 'not_found' } });
    const noEdition = await t.sf('submit-review', draft({ edition_id: missing }), alice.token);
    expect(noEdition).toEqual({ status: 404, body: { error: 'Edition not found', code: 'not_found' } });
    const other = await t.sf('submit-review', draft({ edition_id: emma.editions[0] }), alice.token);
    expect(other.status).toBe(400);
    expect(other.body.error).toBe('This edition belongs to another work');
  });

  it('needs a signed-in reader with a profile', async () => {
    const anonymous = await t.sf('submit-review', draft());
    expect(anonymous.status).toBe(401);
    const anonKey = await t.sf('submit-review', draft(), t.deps.keys.anonKey);
    expect(anonKey.status).toBe(401);
    const ghost = await createTestUser(t);
    await t.deps.db.query('delete from profiles where id = $1', [ghost.id]);
    const noProfile = await t.sf('submit-review', draft(), ghost.token);
    expect(noProfile.status).toBe(409);
    expect(noProfile.body.code).toBe('profile_missing');
  });
});

describe('work-reviews', () => {
  it('lists newest first for everyone, and the caller’s own review first when signed in', async () => {
    await t.sf('submit-review', draft({ rating: 2 }), bob.token);
    await t.sf('submit-review', draft({ rating: 4 }), admin.token);
    const names = async (token?: string) =>
      (await t.sf('work-reviews', { work_id: pride.workId }, token)).body.reviews.map(
        (r: { username: string }) => r.username,
      );
    expect(await names()).toEqual(['the_admin', 'bob_reads', 'alice_reads']);
    expect(await names(t.deps.keys.anonKey)).toEqual(['the_admin', 'bob_reads', 'alice_reads']);
    expect(await names(alice.token)).toEqual(['alice_reads', 'the_admin', 'bob_reads']);
    expect(await names(bob.token)).toEqual(['bob_reads', 'the_admin', 'alice_reads']);
  });

  it('answers an empty list for a work without reviews and 404 for no work', async () => {
    const heights = await workNamed('Wuthering Heights');
    expect(await t.sf('work-reviews', { work_id: heights.workId })).toEqual({
      status: 200,
      body: { reviews: [] },
    });
    const missing = await t.sf('work-reviews', { work_id: '00000000-0000-4000-8000-000000000000' });
    expect(missing).toEqual({ status: 404, body: { error: 'Work not found', code: 'not_found' } });
  });
});

describe('delete-review', () => {
  const bobsReview = async () =>
    (await t.sf('work-reviews', { work_id: pride.workId }, bob.token)).body.reviews[0]!.id;

  it('lets only the owner delete: anonymous 401, another reader 404, an admin 404', async () => {
    const id = await bobsReview();
    expect((await t.sf('delete-review', { review_id: id })).status).toBe(401);
    expect(await t.sf('delete-review', { review_id: id }, alice.token)).toEqual({
      status: 404,
      body: { error: 'Review not found', code: 'not_found' },
    });
    expect((await t.sf('delete-review', { review_id: id }, admin.token)).status).toBe(404);
    expect(await bobsReview()).toBe(id);

    const before = await ratingOf(pride.workId);
    expect(await t.sf('delete-review', { review_id: id }, bob.token)).toEqual({
      status: 200,
      body: { ok: true },
    });
    expect(await ratingOf(pride.workId)).toEqual({ count: before.count - 1, sum: before.sum - 2 });
    expect((await t.sf('delete-review', { review_id: id }, bob.token)).status).toBe(404);
    expect((await t.sf('delete-review', { review_id: 'x' }, bob.token)).status).toBe(400);
  });

  it('undoes a deleted account’s ratings through the cascade', async () => {
    const carol = await createTestUser(t);
    await t.sf('submit-review', draft({ rating: 1 }), carol.token);
    await t.sf('submit-review', draft({ work_id: emma.workId, edition_id: null, rating: 5 }), carol.token);
    const pBefore = await ratingOf(pride.workId);
    const eBefore = await ratingOf(emma.workId);
    await t.deps.db.query('delete from auth.users where id = $1', [carol.id]);
    expect(await ratingOf(pride.workId)).toEqual({ count: pBefore.count - 1, sum: pBefore.sum - 1 });
    expect(await ratingOf(emma.workId)).toEqual({ count: eBefore.count - 1, sum: eBefore.sum - 5 });
  });
});
