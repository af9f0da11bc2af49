// The cover cache over real HTTP (issue 17): the server on a real port, the covers fixture server standing in
// for covers.openlibrary.org, and plain fetch as a browser's <img> would ask.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COVER_SIZES } from '@shared/covers';
import type { SeedWork } from '../../server/db/seed/catalogue';
import { seedCatalogue } from '../../server/db/seed/catalogue';
import { COVER_FIXTURE, startCoversFixture } from '../support/covers-fixture';
import type { CoversFixture } from '../support/covers-fixture';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';

const ISBN = {
  cover: '9780141439518',
  second: '9780141439471',
  concurrent: '9780743487580',
  missing: COVER_FIXTURE.missingIsbns[0],
  gif: COVER_FIXTURE.gifIsbn,
  html: COVER_FIXTURE.htmlIsbn,
  hang: COVER_FIXTURE.hangIsbn,
  olid: '9780060853983',
  offline: '9780140441000',
  redirectedAway: '9780140449136',
  redirectedHome: '9780140447927',
} as const;
const OL_COVER_ID = '8231856';

const edition = (isbn13: string) => ({
  isbn13,
  title: `Edition ${isbn13}`,
  publisher: 'Fixture Press',
  date: '2001-01-01',
  date_string: '2001',
  page_count: 100,
  format: 'Paperback' as const,
});
const works: SeedWork[] = [
  {
    title: 'Covers',
    authors: ['A. Writer'],
    first_published: '2001-01-01',
    date_string: '2001',
    genres: ['Fiction'],
    description: 'A work whose editions try every answer a cover service can give.',
    editions: [...Object.values(ISBN), ...COVER_FIXTURE.moreHangIsbns].map(edition),
  },
];

let storageDir: string;
let fixture: CoversFixture;
/** Another covers server on a second loopback port, where a hostile redirect points. */
let elsewhere: CoversFixture;
let s: TestServer;

beforeAll(async () => {
  storageDir = await mkdtemp(join(tmpdir(), 'covers-'));
  fixture = await startCoversFixture();
  elsewhere = await startCoversFixture();
  s = await startTestServer({ config: { coversUrl: fixture.url, storageDir } });
  await seedCatalogue(s.t.deps.db, works);
  await s.t.deps.db.query('update public.editions set cover_url = $1 where isbn = $2', [
    `https://covers.openlibrary.org/b/id/${OL_COVER_ID}-L.jpg`,
    ISBN.olid,
  ]);
});

afterAll(async () => {
  await s?.close();
  await fixture?.close();
  await elsewhere?.close();
  await rm(storageDir, { recursive: true, force: true });
});

const get = (path: string) => fetch(`${s.url}${path}`, { redirect: 'manual' });
const upstream = (fragment: string) => fixture.requests.filter((r) => r.path.includes(fragment)).length;

async function editionCoverUrl(isbn: string): Promise<string | null> {
  const [row] = await s.t.deps.db.query<{ id: string }>('select id from public.editions where isbn = $1', [
    isbn,
  ]);
  const res = await s.sf('edition-cover', { edition_id: row!.id });
  return res.body.cover_url as string | null;
}

describe('covers from our own origin', () => {
  it('names our resolver in cover_url, never the covers host', async () => {
    expect(await editionCoverUrl(ISBN.cover)).toBe(`${s.url}/covers/isbn/${ISBN.cover}`);
    expect(await editionCoverUrl(ISBN.olid)).toBe(`${s.url}/covers/olid/${OL_COVER_ID}`);
  });

  it('fetches once, then redirects every size to an immutable re-encoded WebP of the right size', async () => {
    const first = await get(`/covers/isbn/${ISBN.cover}?size=header`);
    expect(first.status).toBe(302);
    expect(first.headers.get('cache-control')).toBe('public, max-age=86400');
    for (const [size, width] of Object.entries(COVER_SIZES)) {
      const res = await get(`/covers/isbn/${ISBN.cover}?size=${size}`);
      expect(res.status).toBe(302);
      const location = new URL(res.headers.get('location')!, res.url);
      expect(location.pathname).toMatch(new RegExp(`^/covers/[0-9a-f]{32}-${size}\\.webp$`));
      const image = await fetch(location);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/webp');
      expect(image.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
      expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({
        format: 'webp',
        width,
        height: width * 1.5,
      });
    }
    // One upstream request for all of them, asking politely and for the large cover without a blank default.
    const asked = fixture.requests.filter((r) => r.path.startsWith(`/b/isbn/${ISBN.cover}`));
    expect(asked.map((r) => r.path)).toEqual([`/b/isbn/${ISBN.cover}-L.jpg?default=false`]);
    expect(asked[0]!.userAgent).toMatch(/^Shelfwise\/\S+ \(.*admin@shelfwise\.app\)$/);
    // Stored once per size, keyed by content hash.
    expect((await readdir(join(storageDir, 'covers'))).filter((f) => f.endsWith('.webp'))).toHaveLength(3);
  });

  it('asks Open Library once for concurrent requests of one cover', async () => {
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => get(`/covers/isbn/${ISBN.concurrent}?size=thumb`)),
    );
    expect(answers.map((r) => r.status)).toEqual([302, 302, 302, 302, 302]);
    expect(upstream(`/b/isbn/${ISBN.concurrent}`)).toBe(1);
  });

  it('fetches by Open Library cover id when the edition has one', async () => {
    const res = await get(`/covers/olid/${OL_COVER_ID}?size=card`);
    expect(res.status).toBe(302);
    expect(upstream(`/b/id/${OL_COVER_ID}-L.jpg?default=false`)).toBe(1);
    expect(upstream(`/b/isbn/${ISBN.olid}`)).toBe(0);
  });

  it.each([
    ['a 404', ISBN.missing],
    ['a 1×1 GIF', ISBN.gif],
    ['an HTML page', ISBN.html],
  ])('remembers a cover Open Library lacks (%s) and is not asked again', async (_, isbn) => {
    const first = await get(`/covers/isbn/${isbn}`);
    expect(first.status).toBe(404);
    expect(first.headers.get('cache-control')).toBe('public, max-age=3600');
    const again = await get(`/covers/isbn/${isbn}?size=header`);
    expect(again.status).toBe(404);
    expect(upstream(`/b/isbn/${isbn}`)).toBe(1);
  });

  it('answers a cover that is slow upstream with a 404 at once, not after the upstream timeout', async () => {
    const started = Date.now();
    const res = await get(`/covers/isbn/${ISBN.hang}?size=thumb`);
    expect(res.status).toBe(404);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(Date.now() - started).toBeLessThan(4000);
  });

  it('does not hold a request when many new covers are being fetched: they would only queue', async () => {
    const slow = COVER_FIXTURE.moreHangIsbns.slice(0, 4);
    const started = Date.now();
    const timed = await Promise.all(
      slow.map(async (isbn) => {
        const res = await get(`/covers/isbn/${isbn}?size=thumb`);
        return { status: res.status, cache: res.headers.get('cache-control'), ms: Date.now() - started };
      }),
    );
    expect(timed.map((r) => [r.status, r.cache])).toEqual(slow.map(() => [404, 'no-store']));
    // The previous test's fetch is still waiting on the covers server, so at most three of these wait.
    expect(timed.filter((r) => r.ms < 1000).length).toBeGreaterThanOrEqual(1);
    expect(Math.max(...timed.map((r) => r.ms))).toBeLessThan(4000);
  });

  it('fetches nothing for what is not in our catalogue, nor for malformed sources or sizes', async () => {
    const before = fixture.requests.length;
    expect((await get('/covers/isbn/9781250186430')).status).toBe(404);
    expect((await get('/covers/olid/12345')).status).toBe(404);
    expect((await get(`/covers/isbn/${ISBN.cover}?size=huge`)).status).toBe(400);
    expect((await get('/covers/isbn/12345')).status).toBe(400);
    expect((await get('/covers/url/https%3A%2F%2Fexample.com%2Fx.jpg')).status).toBe(404);
    expect((await get('/covers/..%2F..%2Fetc%2Fpasswd')).status).toBe(404);
    expect((await get(`/covers/${'0'.repeat(32)}-card.webp`)).status).toBe(404);
    expect(fixture.requests.length).toBe(before);
  });

  it('serves cached covers with the covers server stopped, and a placeholder answer at once for the rest', async () => {
    await fixture.stop();
    try {
      const cached = await get(`/covers/isbn/${ISBN.second}?size=card`);
      // Never fetched before: the upstream is unreachable, so a quick 404 that the browser must not keep.
      expect(cached.status).toBe(404);
      expect(cached.headers.get('cache-control')).toBe('no-store');
      const started = Date.now();
      const hit = await get(`/covers/isbn/${ISBN.cover}?size=card`);
      expect(hit.status).toBe(302);
      const image = await fetch(new URL(hit.headers.get('location')!, hit.url));
      expect(image.status).toBe(200);
      const miss = await get(`/covers/isbn/${ISBN.offline}`);
      expect(miss.status).toBe(404);
      expect(Date.now() - started).toBeLessThan(2000);
    } finally {
      await fixture.start();
    }
    // The unreachable source is remembered for a few minutes: not asked again at once, even now it is back.
    const before = fixture.requests.length;
    expect((await get(`/covers/isbn/${ISBN.offline}`)).status).toBe(404);
    expect(fixture.requests.length).toBe(before);
    // Upstream failed a moment ago, so a new cover does not wait for its fetch (this one would hang).
    const started = Date.now();
    const fresh = await get(`/covers/isbn/${COVER_FIXTURE.moreHangIsbns[4]}`);
    expect([fresh.status, fresh.headers.get('cache-control')]).toEqual([404, 'no-store']);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});

describe('where a cover response may send the server', () => {
  it('does not follow a redirect away from COVERS_URL: the placeholder stands, and it is remembered', async () => {
    fixture.redirectTo(`${elsewhere.url}/data/isbn-${ISBN.redirectedAway}.jpg`);
    try {
      const res = await get(`/covers/isbn/${ISBN.redirectedAway}?size=card`);
      expect(res.status).toBe(404);
      expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    } finally {
      fixture.redirectTo(null);
    }
    expect(elsewhere.requests).toEqual([]);
    // Remembered as missing, like a 404: not asked again.
    expect((await get(`/covers/isbn/${ISBN.redirectedAway}?size=card`)).status).toBe(404);
    expect(upstream(`/b/isbn/${ISBN.redirectedAway}`)).toBe(1);
  });

  it('follows a redirect to COVERS_URL itself, named in full', async () => {
    fixture.redirectTo(`${fixture.url}/data/isbn-${ISBN.redirectedHome}.jpg`);
    try {
      const res = await get(`/covers/isbn/${ISBN.redirectedHome}?size=card`);
      expect(res.status).toBe(302);
      const image = await fetch(new URL(res.headers.get('location')!, res.url));
      expect(image.headers.get('content-type')).toBe('image/webp');
    } finally {
      fixture.redirectTo(null);
    }
  });
});
