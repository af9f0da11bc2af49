// Finding any book (issue 26) over real HTTP, with readers signed in through the real supabase-js client and
// Open Library's recorded stand-in: its results come beside ours without what we hold, a pick imports the
// work once however many readers pick it at once, and a slow, failing or refusing Open Library leaves our
// own results standing and answers "unavailable" quickly once the breaker opens.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../server/auth/limits';
import { seedCatalogue } from '../../server/db/seed/catalogue';
import { storePickedWork } from '../../server/features/catalogue/pick-import';
import { GOODREADS_COLUMNS } from '@shared/domain/library-import/goodreads';
import { sampleCatalogue } from '../fixtures/sample-catalogue';
import { PASSWORD, registerConfirmed } from '../support/auth-flows';
import { importAndWait, signedInReader } from '../support/import-flows';
import { startOpenLibraryFixture } from '../support/openlibrary-fixture';
import type { OpenLibraryFixture } from '../support/openlibrary-fixture';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';

const TIME_WAR = '/works/OL9000007W';
const MARTIAN = '/works/OL9000006W';

let ol: OpenLibraryFixture;
beforeAll(async () => {
  ol = await startOpenLibraryFixture();
});
afterAll(() => ol.close());

async function start(
  extra: { anonymousSearches?: number; readerCalls?: number; breakerFailures?: number } = {},
) {
  const s = await startTestServer({
    config: {
      openLibraryUrl: ol.url,
      trustProxy: true,
      rateLimits: {
        ...DEFAULT_RATE_LIMITS,
        openlibrary_ip: { max: extra.anonymousSearches ?? 1000, windowSeconds: 600 },
        openlibrary_user: { max: extra.readerCalls ?? 1000, windowSeconds: 600 },
      },
    },
    openLibraryGate: { breakerFailures: extra.breakerFailures ?? 5, breakerCooldownMs: 60_000 },
  });
  await seedCatalogue(s.t.deps.db, sampleCatalogue);
  return s;
}

/** A reader signed up, confirmed and signed in with supabase-js; answers the access token. */
async function signedIn(s: TestServer): Promise<string> {
  const reg = await registerConfirmed(s);
  const { data, error } = await s.client().auth.signInWithPassword({ email: reg.email, password: PASSWORD });
  expect(error).toBeNull();
  return data.session?.access_token ?? '';
}

const titles = (body: { results: { title?: string; work_title?: string }[] }) =>
  body.results.map((r) => r.title ?? r.work_title);

describe('Open Library results beside ours', () => {
  let s: TestServer;
  let reader: string;
  let other: string;
  beforeAll(async () => {
    s = await start();
    [reader, other] = [await signedIn(s), await signedIn(s)];
  });
  afterAll(() => s.close());

  it('leaves out what we hold, by work key, ISBN, or title and first author', async () => {
    const ours = await s.sf('search-works', { query: 'austen' });
    expect(titles(ours.body)).toEqual(expect.arrayContaining(['Pride and Prejudice', 'Emma']));
    // Pride and Prejudice shares an ISBN with our edition; Emma only its title and author.
    const remote = await s.sf('search-openlibrary', { query: 'austen' });
    expect(remote.status).toBe(200);
    expect(remote.body).toEqual({ status: 'ok', results: [] });
    expect(ol.requests.some((p) => p.startsWith('/search.json?') && p.includes('q=austen'))).toBe(true);

    const weir = await s.sf('search-openlibrary', { query: 'Andy Weir' });
    expect(titles(weir.body)).toEqual(['Project Hail Mary', 'The Martian', 'Artemis']);
    expect(weir.body.results[1]).toEqual({
      ol_key: MARTIAN,
      title: 'The Martian',
      author_names: 'Andy Weir',
      first_publish_year: 2011,
      cover_url: `${s.url}/covers/olid/9000006`,
      edition_count: 58,
    });
  });

  it('asks Open Library nothing for an ISBN, and once for a query asked twice', async () => {
    const before = ol.requests.length;
    expect((await s.sf('search-openlibrary', { query: '9780141439518' })).body.results).toEqual([]);
    expect(ol.requests.length).toBe(before);
    await s.sf('search-openlibrary', { query: 'snow crash' });
    await s.sf('search-openlibrary', { query: '  Snow   CRASH ' });
    expect(ol.requests.filter((p) => p.includes('q=snow+crash')).length).toBe(1);
  });

  it('imports a pick with its edition, authors, cover, date and genres, then finds it as ours', async () => {
    const picked = await s.sf('import-openlibrary-work', { ol_key: TIME_WAR }, reader);
    expect(picked.status, JSON.stringify(picked.body)).toBe(200);
    const workId = picked.body.work_id as string;
    const work = (await s.sf('work-details', { work_id: workId })).body;
    expect(work.title).toBe('This Is How You Lose the Time War');
    expect(work.date_string).toBe('2019');
    expect(work.work_authors.map((a: { authors: { name: string } }) => a.authors.name)).toEqual([
      'Amal El-Mohtar',
      'Max Gladstone',
    ]);
    const editions = (await s.sf('work-editions', { work_id: workId })).body;
    expect(editions.editions).toHaveLength(1);
    // The edition with an ISBN, a page count and a cover is chosen over the paperback without them.
    expect(editions.editions[0]).toMatchObject({
      isbn: '9781534430990',
      page_count: 209,
      publisher: 'Saga Press',
      cover_url: `${s.url}/covers/olid/9000007`,
    });
    expect(editions.primary_edition_id).toBe(editions.editions[0].id);
    const genres = (await s.sf('work-genres', { work_id: workId })).body.genres.map(
      (g: { name: string }) => g.name,
    );
    expect(genres).toContain('Science Fiction');

    expect(titles((await s.sf('search-works', { query: 'time war' })).body)).toEqual([
      'This Is How You Lose the Time War',
    ]);
    expect((await s.sf('search-openlibrary', { query: 'time war' })).body.results).toEqual([]);
  });

  it('gives readers picking the same result at the same moment one work', async () => {
    const answers = await Promise.all(
      [reader, other, reader, other].map((token) =>
        s.sf('import-openlibrary-work', { ol_key: MARTIAN }, token),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.body.work_id)).size).toBe(1);
    // Past this process's coalescing too: two stores of the same pick at once, as two servers would.
    const picked = await s.t.deps.openLibrary.fetchPickedWork(MARTIAN);
    if (!picked) throw new Error('fixture lacks The Martian');
    const db = s.t.deps.db;
    const again = await Promise.all([
      storePickedWork(db, MARTIAN, picked),
      storePickedWork(db, MARTIAN, picked),
    ]);
    expect(again).toEqual([answers[0]?.body.work_id, answers[0]?.body.work_id]);
    const [counts] = await db.query<{ works: number; editions: number; authors: number }>(
      `select (select count(*)::int from public.works where ol_key = $1) as works,
              (select count(*)::int from public.editions e join public.works w on w.id = e.work_id
                where w.ol_key = $1) as editions,
              (select count(*)::int from public.authors where ol_key = '/authors/OL9000004A') as authors`,
      [MARTIAN],
    );
    expect(counts).toEqual({ works: 1, editions: 1, authors: 1 });
  });

  it("offers an author's other works from Open Library, without those we hold", async () => {
    const [weir] = await s.t.deps.db.query<{ id: string }>(
      `select id from public.authors where ol_key = '/authors/OL9000004A'`,
    );
    const res = await s.sf('author-openlibrary-works', { author_id: weir?.id });
    expect(res.status).toBe(200);
    expect(titles(res.body).sort()).toEqual(['Artemis', 'Project Hail Mary']);
    expect(ol.requests).toContain('/authors/OL9000004A/works.json?limit=50');
  });

  it('needs a signed-in reader to import, and refuses any key that is not a work key', async () => {
    const works = async () =>
      (await s.t.deps.db.query<{ n: number }>('select count(*)::int as n from public.works'))[0]?.n;
    const before = await works();
    const anonymous = await s.sf('import-openlibrary-work', { ol_key: '/works/OL9000008W' });
    expect(anonymous.status).toBe(401);
    const requests = ol.requests.length;
    for (const ol_key of [
      '/works/OL9000008W/../../authors/OL1A',
      'https://evil.example/works/OL1W',
      '/authors/OL9000004A',
      '/works/OL9000008W?x=1',
      '/works/OL9000008W.json',
      'OL9000008W',
    ]) {
      const res = await s.sf('import-openlibrary-work', { ol_key }, reader);
      expect(res.status, ol_key).toBe(400);
      expect(res.body.code).toBe('invalid_input');
    }
    expect(ol.requests.length).toBe(requests);
    expect(await works()).toBe(before);
    const unknown = await s.sf('import-openlibrary-work', { ol_key: '/works/OL1W' }, reader);
    expect(unknown.status).toBe(404);
    expect(await works()).toBe(before);
  });

  it('shows a reader the shelves their search results are on', async () => {
    const hit = (await s.sf('search-works', { query: 'emma' })).body.results[0];
    expect(hit).toMatchObject({ work_title: 'Emma', rating_count: 0, rating_average: null });
    expect(hit.primary_edition_id).toBeTruthy();
    const add = await s.sf(
      'add-to-shelf',
      { shelf_name: 'To Be Read', edition_id: hit.primary_edition_id },
      reader,
    );
    expect(add.status).toBe(200);
    const status = await s.sf('works-shelf-status', { work_ids: [hit.work_id] }, reader);
    expect(status.body.works).toEqual([
      { work_id: hit.work_id, shelves: [{ id: add.body.shelf_id, name: 'To Be Read', slug: 'to-be-read' }] },
    ]);
    expect((await s.sf('works-shelf-status', { work_ids: [hit.work_id] }, other)).body.works).toEqual([]);
  });
});

describe('limits', () => {
  it('anonymous callers search Open Library through us only within a limit per address; readers go on', async () => {
    const s = await start({ anonymousSearches: 3 });
    try {
      const from = (ip: string) => ({ 'x-forwarded-for': ip, authorization: `Bearer ${s.anonKey}` });
      for (let i = 0; i < 3; i += 1) {
        expect(
          (await s.sf('search-openlibrary', { query: 'piranesi' }, undefined, from('203.0.113.7'))).status,
        ).toBe(200);
      }
      const refused = await s.sf('search-openlibrary', { query: 'piranesi' }, undefined, from('203.0.113.7'));
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe('rate_limited');
      expect(
        (await s.sf('search-openlibrary', { query: 'piranesi' }, undefined, from('203.0.113.8'))).status,
      ).toBe(200);
      const token = await signedIn(s);
      const reader = await s.sf('search-openlibrary', { query: 'piranesi' }, undefined, {
        'x-forwarded-for': '203.0.113.7',
        authorization: `Bearer ${token}`,
      });
      expect(reader.status).toBe(200);
    } finally {
      await s.close();
    }
  });

  it("count a signed-in reader's searches and picks per account, under a larger budget", async () => {
    const s = await start({ readerCalls: 2 });
    try {
      const token = await signedIn(s);
      expect((await s.sf('search-openlibrary', { query: 'piranesi' }, token)).status).toBe(200);
      expect((await s.sf('import-openlibrary-work', { ol_key: '/works/OL9000003W' }, token)).status).toBe(
        200,
      );
      const works = await s.t.deps.db.query('select id from public.works');
      const refused = await s.sf('import-openlibrary-work', { ol_key: '/works/OL9000005W' }, token);
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe('rate_limited');
      expect(await s.t.deps.db.query('select id from public.works')).toHaveLength(works.length);
      // Another reader has a budget of their own.
      expect((await s.sf('search-openlibrary', { query: 'piranesi' }, await signedIn(s))).status).toBe(200);
    } finally {
      await s.close();
    }
  });
});

describe("a reader's unverified copy of a book Open Library knows", () => {
  it("hides nothing from the Open Library results, and the pick makes that copy the catalogue's", async () => {
    const s = await start();
    try {
      const maker = await signedInReader(s);
      const cells: Record<string, string> = { 'Book Id': '1', Title: 'Artemis', Author: 'Andy Weir' };
      const file = [GOODREADS_COLUMNS.join(','), GOODREADS_COLUMNS.map((c) => cells[c] ?? '').join(',')].join(
        '\n',
      );
      const done = await importAndWait(s, maker, `${file}\n`);
      expect(done.rows[0]).toMatchObject({ outcome: 'created' });
      const madeId = done.rows[0].work_id as string;

      // Search hides the reader's unverified copy, so Open Library's record must still be offered.
      expect(titles((await s.sf('search-works', { query: 'artemis' })).body)).toEqual([]);
      const picker = await signedIn(s);
      expect(titles((await s.sf('search-openlibrary', { query: 'Andy Weir' }, picker)).body)).toContain(
        'Artemis',
      );
      const picked = await s.sf('import-openlibrary-work', { ol_key: '/works/OL9000008W' }, picker);
      expect(picked.status, JSON.stringify(picked.body)).toBe(200);
      // The same work, no second copy, now known to Open Library and so everyone's.
      expect(picked.body.work_id).toBe(madeId);
      expect(titles((await s.sf('search-works', { query: 'artemis' })).body)).toEqual(['Artemis']);
      expect((await s.sf('work-details', { work_id: madeId }, picker)).status).toBe(200);
    } finally {
      await s.close();
    }
  });
});

describe('when Open Library is slow, failing or refusing', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await start({ breakerFailures: 3 });
  });
  afterAll(async () => {
    ol.mode = 'normal';
    await s.close();
  });

  it('our results still come at once, and the remote part says it is unavailable', async () => {
    ol.mode = 'slow';
    ol.slowMs = 10_000;
    const remote = s.sf('search-openlibrary', { query: 'slow one' });
    const started = Date.now();
    const ours = await s.sf('search-works', { query: 'pride' });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(titles(ours.body)).toContain('Pride and Prejudice');
    expect((await remote).body).toEqual({ status: 'unavailable', results: [] });

    ol.mode = 'rate-limited';
    expect((await s.sf('search-openlibrary', { query: 'refused one' })).body.status).toBe('unavailable');
    ol.mode = 'failing';
    expect((await s.sf('search-openlibrary', { query: 'failing one' })).body.status).toBe('unavailable');
  });

  it('answers quickly without asking once the breaker is open, and a pick says why it cannot', async () => {
    // Three failures in a row above opened it.
    const requests = ol.requests.length;
    const started = Date.now();
    const res = await s.sf('search-openlibrary', { query: 'another query' });
    expect(Date.now() - started).toBeLessThan(300);
    expect(res.body).toEqual({ status: 'unavailable', results: [] });
    expect(ol.requests.length).toBe(requests);
    const token = await signedIn(s);
    const pick = await s.sf('import-openlibrary-work', { ol_key: '/works/OL9000008W' }, token);
    expect(pick.status).toBe(503);
    expect(pick.body.code).toBe('unavailable');
    expect(titles((await s.sf('search-works', { query: 'emma' })).body)).toContain('Emma');
  });
});
