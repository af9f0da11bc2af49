// Following over real HTTP with readers signed in by supabase-js (issue 27): follow and unfollow, requests
// approved and declined for a reader who approves followers, the follow lists and counts (exact at once
// through the public read cache), blocks, and the follow limits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FOLLOW_DAY_LIMIT_MESSAGE, FOLLOW_LIMIT_MESSAGE, MAX_FOLLOWS } from '@shared/api/social';
import { startPublicReadCache } from '../../server/cache/public-read-cache';
import type { PublicReadCache } from '../../server/cache/public-read-cache';
import { socialReader } from '../support/social-flows';
import type { SocialReader } from '../support/social-flows';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';

let s: TestServer;
let cache: PublicReadCache;
beforeAll(async () => {
  s = await startTestServer();
  cache = await startPublicReadCache(s.t.deps.db);
  s.t.deps.publicReads = cache;
});
afterAll(async () => {
  await cache.close();
  await s.close();
});

const profileOf = async (r: SocialReader, token?: string) =>
  (await s.sf('public-profile', { username: r.username }, token)).body;

describe('following', () => {
  it('follows at once, shows in both lists and counts, and unfollows', async () => {
    const [ann, ben] = [await socialReader(s), await socialReader(s)];
    expect((await profileOf(ben)).followers).toBe(0);

    const followed = await s.sf('follow-reader', { user_id: ben.id }, ann.token);
    expect(followed).toEqual({ status: 200, body: { state: 'accepted' } });
    // Again: the same state, not a second follow.
    expect((await s.sf('follow-reader', { user_id: ben.id }, ann.token)).body).toEqual({ state: 'accepted' });

    // The cached public profile counts the follow at once.
    expect(await profileOf(ben)).toMatchObject({ followers: 1, following: 0, restricted: false });
    expect(await profileOf(ann)).toMatchObject({ followers: 0, following: 1 });
    const followers = await s.sf('reader-followers', { username: ben.username });
    expect(followers.body.readers.map((r: { id: string }) => r.id)).toEqual([ann.id]);
    const following = await s.sf('reader-following', { username: ann.username });
    expect(following.body.readers.map((r: { username: string }) => r.username)).toEqual([ben.username]);
    expect((await s.sf('reader-relationship', { user_id: ben.id }, ann.token)).body).toMatchObject({
      following: 'accepted',
      followed_by: false,
    });
    expect((await s.sf('reader-relationship', { user_id: ann.id }, ben.token)).body).toMatchObject({
      following: 'none',
      followed_by: true,
    });

    expect((await s.sf('unfollow-reader', { user_id: ben.id }, ann.token)).status).toBe(200);
    expect((await profileOf(ben)).followers).toBe(0);
    expect((await s.sf('reader-followers', { username: ben.username })).body.readers).toEqual([]);
  });

  it("keeps both readers' cached profile counts exact at once through follow, follow back and block", async () => {
    const [ann, ben] = [await socialReader(s), await socialReader(s)];
    const counts = async (r: SocialReader) => {
      const p = await profileOf(r);
      return { followers: p.followers as number, following: p.following as number };
    };
    // Both profiles are read twice first: the second reads are served by the cache, so the answers asked
    // for next would come from it too if nothing dropped them.
    const hitsBefore = cache.stats().hits;
    for (const r of [ann, ben, ann, ben]) expect(await counts(r)).toEqual({ followers: 0, following: 0 });
    expect(cache.stats().hits - hitsBefore).toBeGreaterThanOrEqual(2);
    const first = await s.sf('public-profile', { username: ann.username });

    await s.sf('follow-reader', { user_id: ben.id }, ann.token);
    expect(await counts(ann)).toEqual({ followers: 0, following: 1 });
    expect(await counts(ben)).toEqual({ followers: 1, following: 0 });
    expect((await s.sf('public-profile', { username: ann.username })).body).not.toEqual(first.body);

    await s.sf('follow-reader', { user_id: ann.id }, ben.token);
    expect(await counts(ann)).toEqual({ followers: 1, following: 1 });
    expect(await counts(ben)).toEqual({ followers: 1, following: 1 });

    await s.sf('unfollow-reader', { user_id: ann.id }, ben.token);
    expect(await counts(ann)).toEqual({ followers: 0, following: 1 });
    expect(await counts(ben)).toEqual({ followers: 1, following: 0 });

    // A block ends the remaining follow in its own transaction: both counts drop at once.
    await s.sf('block-reader', { user_id: ann.id }, ben.token);
    expect(await counts(ann)).toEqual({ followers: 0, following: 0 });
    expect(await counts(ben)).toEqual({ followers: 0, following: 0 });
  });

  it('pages the follow lists newest first by cursor', async () => {
    const star = await socialReader(s);
    const fans = [await socialReader(s), await socialReader(s), await socialReader(s)];
    for (const fan of fans) await s.sf('follow-reader', { user_id: star.id }, fan.token);
    const seen: string[] = [];
    let after: string | undefined;
    do {
      const page = await s.sf('reader-followers', { username: star.username, limit: 2, after });
      expect(page.status).toBe(200);
      seen.push(...page.body.readers.map((r: { id: string }) => r.id));
      after = page.body.next_cursor ?? undefined;
    } while (after);
    expect(seen).toEqual(fans.map((f) => f.id).reverse());
  });

  it('asks a reader who approves followers, who approves or declines; others see only the header', async () => {
    const [owner, asker, other] = [await socialReader(s), await socialReader(s), await socialReader(s)];
    await s.sf('create-shelf', { name: 'Private-ish' }, owner.token);
    expect((await s.sf('update-social-settings', { follow_policy: 'approve' }, owner.token)).body).toEqual({
      follow_policy: 'approve',
    });
    expect((await s.sf('social-settings', {}, owner.token)).body).toEqual({ follow_policy: 'approve' });

    const header = await profileOf(owner, asker.token);
    expect(header).toMatchObject({ restricted: true, shelves: [], reading: [] });
    expect((await s.sf('reader-followers', { username: owner.username }, asker.token)).status).toBe(403);
    expect((await s.sf('follower-profile', { username: owner.username }, asker.token)).status).toBe(404);
    // The reader themself sees their whole profile.
    const own = await s.sf('follower-profile', { username: owner.username }, owner.token);
    expect(own.body).toMatchObject({
      restricted: false,
      shelves: [expect.objectContaining({ name: 'Private-ish' })],
    });

    expect((await s.sf('follow-reader', { user_id: owner.id }, asker.token)).body).toEqual({
      state: 'requested',
    });
    expect((await s.sf('follow-reader', { user_id: owner.id }, other.token)).body).toEqual({
      state: 'requested',
    });
    expect((await profileOf(owner)).followers).toBe(0);
    const requests = await s.sf('follow-requests', {}, owner.token);
    expect(requests.body.requests.map((r: { reader: { id: string } }) => r.reader.id)).toEqual([
      other.id,
      asker.id,
    ]);

    // Only the one asked can answer, and only a request that exists.
    expect(
      (await s.sf('answer-follow-request', { user_id: asker.id, approve: true }, other.token)).status,
    ).toBe(404);
    expect(
      (await s.sf('answer-follow-request', { user_id: asker.id, approve: true }, owner.token)).status,
    ).toBe(200);
    expect(
      (await s.sf('answer-follow-request', { user_id: other.id, approve: false }, owner.token)).status,
    ).toBe(200);
    expect(
      (await s.sf('answer-follow-request', { user_id: other.id, approve: true }, owner.token)).status,
    ).toBe(404);

    expect((await profileOf(owner)).followers).toBe(1);
    const full = await s.sf('follower-profile', { username: owner.username }, asker.token);
    expect(full.body).toMatchObject({ restricted: false, followers: 1 });
    expect((await s.sf('follower-profile', { username: owner.username }, other.token)).status).toBe(404);
    expect((await s.sf('reader-relationship', { user_id: owner.id }, other.token)).body.following).toBe(
      'none',
    );
    expect((await s.sf('follow-requests', {}, owner.token)).body.requests).toEqual([]);
    // The follower-only answer is never the one the cache shares: anyone else still gets the header.
    expect(await profileOf(owner)).toMatchObject({ restricted: true, shelves: [] });
  });

  it('refuses oneself, unknown and unconfirmed readers, changing nothing', async () => {
    const [ann, quiet] = [await socialReader(s), await socialReader(s)];
    await s.t.deps.db.query('update auth.users set email_confirmed_at = null where id = $1', [quiet.id]);
    expect(await s.sf('follow-reader', { user_id: ann.id }, ann.token)).toMatchObject({
      status: 400,
      body: { code: 'invalid_input' },
    });
    for (const id of [quiet.id, '00000000-0000-4000-8000-000000000000']) {
      expect(await s.sf('follow-reader', { user_id: id }, ann.token)).toMatchObject({
        status: 404,
        body: { error: 'Reader not found', code: 'not_found' },
      });
    }
    const rows = await s.t.deps.db.query('select 1 from public.follows where follower_id = $1', [ann.id]);
    expect(rows).toEqual([]);
  });

  it('ends follows both ways on a block and keeps the two from following again', async () => {
    const [ann, ben] = [await socialReader(s), await socialReader(s)];
    await s.sf('follow-reader', { user_id: ben.id }, ann.token);
    await s.sf('follow-reader', { user_id: ann.id }, ben.token);
    expect((await s.sf('block-reader', { user_id: ben.id }, ann.token)).status).toBe(200);
    expect(await profileOf(ann)).toMatchObject({ followers: 0, following: 0 });
    for (const [who, whom] of [
      [ann, ben],
      [ben, ann],
    ] as const) {
      expect(await s.sf('follow-reader', { user_id: whom.id }, who.token)).toMatchObject({
        status: 403,
        body: { code: 'forbidden', error: 'You cannot follow this reader.' },
      });
    }
    expect((await s.sf('reader-relationship', { user_id: ben.id }, ann.token)).body.blocked).toBe(true);
    await s.sf('unblock-reader', { user_id: ben.id }, ann.token);
    expect((await s.sf('follow-reader', { user_id: ben.id }, ann.token)).body.state).toBe('accepted');
  });

  it(`stops at ${MAX_FOLLOWS} follows and at the day's allowance with limit_reached`, async () => {
    const [ann, ben] = [await socialReader(s), await socialReader(s)];
    const db = s.t.deps.db;
    // Readers made straight in the database: following them one call at a time would take the day's limit.
    await db.query(
      `with made as (
         insert into auth.users (email, email_confirmed_at)
         select 'many' || n || '-' || $1 || '@example.test', now() from generate_series(1, $2) n returning id)
       insert into public.follows (follower_id, followee_id, state, accepted_at)
       select $1::uuid, id, 'accepted', now() from made`,
      [ann.id, MAX_FOLLOWS],
    );
    expect(await s.sf('follow-reader', { user_id: ben.id }, ann.token)).toEqual({
      status: 409,
      body: { code: 'limit_reached', error: FOLLOW_LIMIT_MESSAGE },
    });

    const carl = await socialReader(s);
    await db.query(
      `insert into public.follow_days (user_id, day, count) values ($1, (now() at time zone 'UTC')::date, 200)`,
      [carl.id],
    );
    expect(await s.sf('follow-reader', { user_id: ben.id }, carl.token)).toEqual({
      status: 409,
      body: { code: 'limit_reached', error: FOLLOW_DAY_LIMIT_MESSAGE },
    });
    const rows = await db.query('select 1 from public.follows where followee_id = $1', [ben.id]);
    expect(rows).toEqual([]);
  });
});
