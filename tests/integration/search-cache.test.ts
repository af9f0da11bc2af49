// search-works answers from the public read cache (issue 19) over real HTTP, on PGlite and (with
// DATABASE_URL) PostgreSQL: a repeated search is served from memory, and whatever changes what a search can
// match (a work added, retitled or removed, plain SQL included) shows on the very next search.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPublicReadCache } from '../../server/cache/public-read-cache';
import type { PublicReadCache } from '../../server/cache/public-read-cache';
import { seedCatalogue } from '../../server/db/seed/catalogue';
import { sampleCatalogue } from '../fixtures/sample-catalogue';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';

let s: TestServer;
let cache: PublicReadCache;
beforeAll(async () => {
  s = await startTestServer();
  await seedCatalogue(s.t.deps.db, sampleCatalogue);
  cache = await startPublicReadCache(s.t.deps.db);
  s.t.deps.publicReads = cache;
});
afterAll(async () => {
  await cache.close();
  await s.close();
});

async function search(query: string): Promise<{ titles: string[]; etag: string | null; text: string }> {
  const res = await fetch(`${s.url}/sf/search-works`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${s.anonKey}` },
    body: JSON.stringify({ query }),
  });
  const text = await res.text();
  expect(res.status, text).toBe(200);
  const body = JSON.parse(text) as { results: { work_title: string }[] };
  return { titles: body.results.map((r) => r.work_title), etag: res.headers.get('etag'), text };
}

/** Changes a row with the database's announcements off, so only an answer read afresh can show it. */
async function unannounced(sql: string, params: unknown[]) {
  await s.t.deps.db.transaction(async (tx) => {
    await tx.query('set local session_replication_role = replica');
    await tx.query(sql, params);
  });
}

describe('search answers from the cache', () => {
  it('a repeated search is the same answer from memory', async () => {
    const first = await search('pride');
    expect(first.titles).toContain('Pride and Prejudice');
    const hitsBefore = cache.stats().hits;
    const again = await search('pride');
    expect(again.text).toBe(first.text);
    expect(again.etag).toBe(first.etag);
    expect(cache.stats().hits).toBe(hitsBefore + 1);
    // Proof that it came from memory: a retitling nobody announced does not show.
    const [work] = await s.t.deps.db.query<{ id: string }>(
      `select id from public.works where title = 'Pride and Prejudice'`,
    );
    await unannounced('update public.works set title = $2 where id = $1', [work?.id, 'Pride Unannounced']);
    expect((await search('pride')).titles).toContain('Pride and Prejudice');
    await unannounced('update public.works set title = $2 where id = $1', [work?.id, 'Pride and Prejudice']);
  });

  it('shows a work added, retitled or removed on the very next search', async () => {
    expect((await search('quillfeatherly')).titles).toEqual([]);
    await seedCatalogue(s.t.deps.db, [
      {
        ...(sampleCatalogue[0] as (typeof sampleCatalogue)[number]),
        title: 'The Quillfeatherly Affair',
        editions: [
          {
            ...(sampleCatalogue[0]?.editions[0] as (typeof sampleCatalogue)[number]['editions'][number]),
            isbn13: '9780000000019',
            title: 'The Quillfeatherly Affair',
          },
        ],
      },
    ]);
    expect((await search('quillfeatherly')).titles).toEqual(['The Quillfeatherly Affair']);

    await s.t.deps.db.query(`update public.works set title = 'The Marrowvane Affair' where title = $1`, [
      'The Quillfeatherly Affair',
    ]);
    expect((await search('quillfeatherly')).titles).toEqual([]);
    expect((await search('marrowvane')).titles).toEqual(['The Marrowvane Affair']);

    await s.t.deps.db.query(
      `delete from public.editions where work_id in (select id from public.works where title = $1)`,
      ['The Marrowvane Affair'],
    );
    await s.t.deps.db.query(`delete from public.works where title = $1`, ['The Marrowvane Affair']);
    expect((await search('marrowvane')).titles).toEqual([]);
  });
});
