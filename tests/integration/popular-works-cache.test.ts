// popular-works (the signed-out Recommended page, issue 28) from the public read cache over real HTTP, on
// PGlite and (with DATABASE_URL) PostgreSQL: a repeated page is served from memory, and whatever changes it
// (a rebuild of the popular lists, a shown work's new rating, a work unverified or verified again) shows on
// the very next read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPublicReadCache } from '../../server/cache/public-read-cache';
import type { PublicReadCache } from '../../server/cache/public-read-cache';
import { seedCatalogue } from '../../server/db/seed/catalogue';
import { rebuildProfiles } from '../../server/features/recommendations/similarity-job';
import { sampleCatalogue } from '../fixtures/sample-catalogue';
import { signedInReader } from '../support/import-flows';
import type { Reader } from '../support/import-flows';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';

let s: TestServer;
let cache: PublicReadCache;
const workId: Record<string, string> = {};
beforeAll(async () => {
  s = await startTestServer();
  await seedCatalogue(s.t.deps.db, sampleCatalogue);
  cache = await startPublicReadCache(s.t.deps.db);
  s.t.deps.publicReads = cache;
  for (const r of await s.t.deps.db.query<{ id: string; title: string }>(
    'select id, title from public.works',
  ))
    workId[r.title] = r.id;
}, 120_000);
afterAll(async () => {
  await cache.close();
  await s.close();
});

interface PopularPage {
  items: { title: string; rating_count: number; reason: string }[];
}

/** The signed-out page as a visitor's client asks for it (the anon key). */
async function popular(): Promise<PopularPage & { text: string }> {
  const res = await fetch(`${s.url}/sf/popular-works`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${s.anonKey}` },
    body: JSON.stringify({ limit: 10 }),
  });
  const text = await res.text();
  expect(res.status, text).toBe(200);
  return { ...(JSON.parse(text) as PopularPage), text };
}
const titles = (page: PopularPage) => page.items.map((i) => i.title);

async function rate(reader: Reader, title: string, rating: number) {
  const res = await s.sf('submit-review', { work_id: workId[title], rating }, reader.token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** Changes rows with the database's announcements off, so only an answer read afresh can show it. */
async function unannounced(sql: string, params: unknown[]) {
  await s.t.deps.db.transaction(async (tx) => {
    await tx.query('set local session_replication_role = replica');
    await tx.query(sql, params);
  });
}

describe('the signed-out Recommended list from the cache', () => {
  let first: Reader;
  let second: Reader;

  it('lists the rated works, most rated first, and serves a repeat from memory', async () => {
    first = await signedInReader(s);
    second = await signedInReader(s);
    await rate(first, 'Pride and Prejudice', 5);
    await rate(second, 'Pride and Prejudice', 5);
    await rate(first, 'Emma', 4);
    await rebuildProfiles(s.t.deps.db);

    const page = await popular();
    expect(titles(page)).toEqual(['Pride and Prejudice', 'Emma']);
    expect(page.items[0]?.reason).toBe('Well rated and popular: 5.0 average from 2 ratings');

    const hits = cache.stats().hits;
    // Proof that the repeat came from memory: a retitling nobody announced does not show.
    await unannounced('update public.works set title = $2 where id = $1', [
      workId['Emma'],
      'Emma Unannounced',
    ]);
    expect((await popular()).text).toBe(page.text);
    expect(cache.stats().hits).toBe(hits + 1);
    await unannounced('update public.works set title = $2 where id = $1', [workId['Emma'], 'Emma']);
  });

  it("shows a shown work's new rating at once, and a rebuild's new list on the next read", async () => {
    await rate(second, 'Emma', 5);
    const rated = await popular();
    expect(rated.items.find((i) => i.title === 'Emma')?.rating_count).toBe(2);
    // Not in the list until the popular lists are rebuilt: the page is a lookup of what the job stored.
    await rate(second, 'Good Omens', 4);
    expect(titles(await popular())).not.toContain('Good Omens');
    await rebuildProfiles(s.t.deps.db);
    expect(titles(await popular())).toContain('Good Omens');
  });

  it('drops a work made unverified at once, and shows it again when it is verified again', async () => {
    const verified = (on: boolean) =>
      s.t.deps.db.query('update public.works set verified = $2 where id = $1', [workId['Emma'], on]);
    await verified(false);
    expect(titles(await popular())).not.toContain('Emma');
    await verified(true);
    expect(titles(await popular())).toContain('Emma');
  });
});
