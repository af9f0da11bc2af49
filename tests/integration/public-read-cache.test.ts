// The public read cache (issue 19) over real HTTP, on PGlite and (with DATABASE_URL) PostgreSQL: a repeat
// read is served from memory with the same bytes and ETag, If-None-Match answers 304, and every kind of write
// (a review, an admin's edit, a profile change, a shelf item's privacy, plain SQL) shows on the very next
// read. An item only its owner may see is never served to anyone else.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { startPublicReadCache } from '../../server/cache/public-read-cache';
import type { PublicReadCache } from '../../server/cache/public-read-cache';
import { seedCatalogue } from '../../server/db/seed/catalogue';
import { sampleCatalogue } from '../fixtures/sample-catalogue';
import { signedInReader } from '../support/import-flows';
import type { Reader } from '../support/import-flows';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';
import { createTestUser } from '../support/test-users';

let s: TestServer;
let cache: PublicReadCache;
let editions: { id: string; work_id: string }[];
beforeAll(async () => {
  s = await startTestServer();
  await seedCatalogue(s.t.deps.db, sampleCatalogue);
  // The real server builds its cache in buildDeps; the test server's app reads deps.publicReads per call.
  cache = await startPublicReadCache(s.t.deps.db);
  s.t.deps.publicReads = cache;
  editions = await s.t.deps.db.query<{ id: string; work_id: string }>(
    `select distinct on (work_id) id, work_id from public.editions order by work_id, id`,
  );
  if (editions.length < 4) throw new Error('sample catalogue too small');
});
afterAll(async () => {
  await cache.close();
  await s.close();
});

interface Answer {
  status: number;
  text: string;
  body: any;
  etag: string | null;
  cacheControl: string | null;
  headers: Headers;
}

async function post(
  name: string,
  body: unknown,
  token?: string,
  headers: Record<string, string> = {},
  base = s.url,
): Promise<Answer> {
  const res = await fetch(`${base}/sf/${name}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${token ?? s.anonKey}`,
      ...headers,
    },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return {
    status: res.status,
    text,
    body: text ? JSON.parse(text) : null,
    etag: res.headers.get('etag'),
    cacheControl: res.headers.get('cache-control'),
    headers: res.headers,
  };
}

async function ok(answer: Promise<Answer>): Promise<Answer> {
  const a = await answer;
  expect(a.status, a.text).toBe(200);
  return a;
}

/** Changes a row with the database's announcements off, so only an answer read afresh can show it. */
async function unannounced(sql: string, params: unknown[]) {
  await s.t.deps.db.transaction(async (tx) => {
    await tx.query('set local session_replication_role = replica');
    await tx.query(sql, params);
  });
}

/** Plain SQL, announced as any write is: the next read must show it, with no waiting in between. */
async function announced(sql: string, params: unknown[]) {
  await s.t.deps.db.query(sql, params);
}

const workAt = (i: number) => editions[i] as { id: string; work_id: string };

describe('public reads from the cache', () => {
  it('a repeat is the same bytes and ETag from memory; If-None-Match answers 304 without a body', async () => {
    const { work_id } = workAt(0);
    const first = await ok(post('work-details', { work_id }));
    expect(first.etag).toMatch(/^"[\w-]+"$/);
    expect(first.cacheControl).toBe('no-cache');
    expect(first.headers.get('content-type')).toMatch(/^application\/json/);
    // The security headers every response carries are kept.
    expect(first.headers.get('x-content-type-options')).toBe('nosniff');
    expect(first.headers.get('content-security-policy')).toBeTruthy();

    // A title changed without announcement does not show: the answer comes from memory.
    await unannounced('update public.works set title = $2 where id = $1', [work_id, 'Unannounced title']);
    const again = await ok(post('work-details', { work_id }));
    expect(again.text).toBe(first.text);
    expect(again.etag).toBe(first.etag);

    const notModified = await post('work-details', { work_id }, undefined, {
      'if-none-match': first.etag ?? '',
    });
    expect(notModified.status).toBe(304);
    expect(notModified.text).toBe('');
    expect(notModified.etag).toBe(first.etag);
    expect(notModified.headers.get('x-content-type-options')).toBe('nosniff');
    const listed = await post('work-details', { work_id }, undefined, {
      'if-none-match': `"other", ${first.etag}`,
    });
    expect(listed.status).toBe(304);
    const weak = await post('work-details', { work_id }, undefined, { 'if-none-match': `W/${first.etag}` });
    expect(weak.status).toBe(304);
    const stale = await ok(post('work-details', { work_id }, undefined, { 'if-none-match': '"other"' }));
    expect(stale.text).toBe(first.text);

    // An announced change (here plain SQL) shows on the next read, with a new ETag.
    await announced('update public.works set title = $2 where id = $1', [work_id, 'Announced title']);
    const changed = await ok(post('work-details', { work_id }));
    expect(changed.body.title).toBe('Announced title');
    expect(changed.etag).not.toBe(first.etag);
    const revalidated = await post('work-details', { work_id }, undefined, {
      'if-none-match': first.etag ?? '',
    });
    expect(revalidated.status).toBe(200);
  });

  it('a submitted review shows at once in the reviews, the work rating and the reviewer profile', async () => {
    const reader = await signedInReader(s);
    const { username } = (await ok(post('get-profile', {}, reader.token))).body;
    const { work_id } = workAt(1);
    const reviewsBefore = (await ok(post('work-reviews', { work_id }))).body.reviews.length;
    const workBefore = (await ok(post('work-details', { work_id }))).body;
    const profileBefore = (await ok(post('public-profile', { username }))).body;
    expect(profileBefore.ratings).toBe(0);

    await ok(post('submit-review', { work_id, rating: 4.5, headline: 'Cached no more' }, reader.token));
    const reviews = (await ok(post('work-reviews', { work_id }))).body.reviews;
    expect(reviews).toHaveLength(reviewsBefore + 1);
    expect(reviews.map((r: any) => r.headline)).toContain('Cached no more');
    const work = (await ok(post('work-details', { work_id }))).body;
    expect(work.rating_count).toBe(workBefore.rating_count + 1);
    expect((await ok(post('public-profile', { username }))).body).toMatchObject({ ratings: 1, reviews: 1 });
  });

  it("a signed-in reader sees their own review first, privately, and others' order is untouched", async () => {
    const { work_id } = workAt(2);
    const readers: Reader[] = [await signedInReader(s), await signedInReader(s), await signedInReader(s)];
    for (const [i, reader] of readers.entries()) {
      await ok(post('submit-review', { work_id, rating: 2 + i, headline: `Review ${i}` }, reader.token));
    }
    const shared = await ok(post('work-reviews', { work_id }));
    expect(shared.cacheControl).toBe('no-cache');
    const sharedOrder = shared.body.reviews.map((r: any) => r.user_id);
    expect(sharedOrder).toEqual(readers.map((r) => r.id).reverse());

    const uncached = createApp({ ...s.t.deps, publicReads: undefined });
    for (const reader of readers) {
      const mine = await ok(post('work-reviews', { work_id }, reader.token));
      expect(mine.cacheControl).toBe('private, no-cache');
      const expected = [reader.id, ...sharedOrder.filter((id: string) => id !== reader.id)];
      expect(mine.body.reviews.map((r: any) => r.user_id)).toEqual(expected);
      // The same answer the database gives without any cache.
      const direct = await uncached.request('/sf/work-reviews', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${reader.token}` },
        body: JSON.stringify({ work_id }),
      });
      expect(JSON.parse(mine.text)).toEqual(await direct.json());
    }
    // The shared answer is still the shared order.
    expect((await ok(post('work-reviews', { work_id }))).text).toBe(shared.text);
  });

  it("an admin's edit of a work shows on the next read", async () => {
    const admin = await createTestUser(s.t, { admin: true });
    const { work_id } = workAt(3);
    const before = (await ok(post('work-details', { work_id }))).body;
    await ok(
      post(
        'set-work-date',
        { work_id, lock: true, date: '1901-02-03', date_string: 'Early 1901' },
        admin.token,
      ),
    );
    const after = (await ok(post('work-details', { work_id }))).body;
    expect(after).toMatchObject({ date: '1901-02-03', date_string: 'Early 1901', date_is_locked: true });
    expect(after.date_string).not.toBe(before.date_string);
  });

  it("a profile change shows on the next read of the profile and of the reader's reviews", async () => {
    const reader = await signedInReader(s);
    const { username } = (await ok(post('get-profile', {}, reader.token))).body;
    const { work_id } = workAt(0);
    await ok(post('submit-review', { work_id, rating: 3, headline: 'Byline test' }, reader.token));
    expect((await ok(post('public-profile', { username }))).body.profile.first_name).toBe('Ada');
    expect((await ok(post('work-reviews', { work_id }))).body.reviews.map((r: any) => r.username)).toContain(
      username,
    );

    const renamed = `${username}_x`;
    await ok(post('update-profile', { first_name: 'Grace', username: renamed }, reader.token));
    expect((await ok(post('public-profile', { username: renamed }))).body.profile.first_name).toBe('Grace');
    expect((await post('public-profile', { username })).status).toBe(404);
    const bylines = (await ok(post('work-reviews', { work_id }))).body.reviews.map((r: any) => r.username);
    expect(bylines).toContain(renamed);
    expect(bylines).not.toContain(username);
  });

  it('a shelf item only its owner sees is never served to anyone else; made public, it shows at once', async () => {
    const owner = await signedInReader(s);
    const other = await signedInReader(s);
    const edition = workAt(1);
    // A private start shelves the book on Currently Reading for the owner alone.
    await ok(
      post(
        'log-progress-event',
        { work_id: edition.work_id, edition_id: edition.id, event_type: 'start', is_public: false },
        owner.token,
      ),
    );
    const shelves = (await ok(post('list-shelves', {}, owner.token))).body as { id: string; slug: string }[];
    const shelf_id = shelves.find((x) => x.slug === 'currently-reading')?.id as string;
    const own = (await ok(post('get-shelf-items', { shelf_id }, owner.token))).body;
    expect(own.map((i: any) => i.editions.id)).toEqual([edition.id]);

    // Owner first, so a cached answer would be theirs if the cache ever mixed viewers.
    for (const token of [owner.token, undefined, other.token, owner.token]) {
      expect((await ok(post('public-shelf', { shelf_id }, token))).body.items).toEqual([]);
    }

    // A public progress event publishes the item: everyone sees it on the next read.
    await ok(
      post(
        'log-progress-event',
        { work_id: edition.work_id, edition_id: edition.id, event_type: 'progress', end_page: 10 },
        owner.token,
      ),
    );
    for (const token of [undefined, other.token]) {
      const items = (await ok(post('public-shelf', { shelf_id }, token))).body.items;
      expect(items.map((i: any) => i.editions.id)).toEqual([edition.id]);
    }

    // Hidden again from the public (plain SQL: the same column the shelving rules set).
    await announced('update public.shelf_items set published_at = null where shelf_id = $1', [shelf_id]);
    for (const token of [undefined, other.token, owner.token]) {
      expect((await ok(post('public-shelf', { shelf_id }, token))).body.items).toEqual([]);
    }
  });

  it('another process on the same database never serves the old answer after a write through this one', async () => {
    const second = await startPublicReadCache(s.t.deps.db);
    try {
      const otherApp = createApp({ ...s.t.deps, publicReads: second });
      const readThere = async (work_id: string) => {
        const res = await otherApp.request('/sf/work-details', {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${s.anonKey}` },
          body: JSON.stringify({ work_id }),
        });
        return (await res.json()) as { title: string; rating_count: number };
      };
      const { work_id } = workAt(3);
      const before = await readThere(work_id);
      expect(second.stats().entries).toBeGreaterThan(0);
      const reader = await signedInReader(s);
      await ok(post('submit-review', { work_id, rating: 5, headline: 'Seen elsewhere' }, reader.token));
      expect((await readThere(work_id)).rating_count).toBe(before.rating_count + 1);
    } finally {
      await second.close();
    }
  });
});
