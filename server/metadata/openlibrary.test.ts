import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FIXTURE_ISBNS,
  startOpenLibraryFixture,
  type OpenLibraryFixture,
} from '../../tests/support/openlibrary-fixture';
import { mapPhysicalFormat, parsePagination, parsePublishDate } from './normalise';
import { createOpenLibraryClient, OpenLibraryError, type OpenLibraryConfig } from './openlibrary';

const USER_AGENT = 'Shelfwise/0.1.0 (tests@shelfwise.test)';
let fixture: OpenLibraryFixture;

beforeAll(async () => {
  fixture = await startOpenLibraryFixture();
});
afterAll(async () => {
  await fixture.close();
});

const client = (overrides: Partial<OpenLibraryConfig> = {}) =>
  createOpenLibraryClient({ baseUrl: fixture.url, userAgent: USER_AGENT, timeoutMs: 2000, ...overrides });

// Requests the fixture saw while `run` was going, so tests sharing the server stay independent.
async function requestsDuring(run: () => Promise<unknown>): Promise<string[]> {
  const start = fixture.requests.length;
  await run();
  return fixture.requests.slice(start);
}

async function rejection(promise: Promise<unknown>): Promise<OpenLibraryError> {
  const err = await promise.then(
    () => expect.unreachable('expected a rejection'),
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(OpenLibraryError);
  return err as OpenLibraryError;
}

describe('fetchByIsbn against the fixture server', () => {
  it('imports edition, work and authors for a known ISBN-13', async () => {
    const book = await client().fetchByIsbn(FIXTURE_ISBNS.ministry);
    expect(book).toEqual({
      edition: {
        olKey: '/books/OL9000001M',
        isbn13: '9780316300131',
        title: 'The Ministry for the Future',
        publisher: 'Orbit',
        date: '2020-10-06',
        dateString: 'October 6, 2020',
        pageCount: 576,
        format: 'Hardcover',
        description: null,
        coverUrl: 'https://covers.openlibrary.org/b/id/9000001-L.jpg',
        series: null,
      },
      work: {
        olKey: '/works/OL9000001W',
        title: 'The Ministry for the Future',
        description: expect.stringContaining('climate crisis') as string,
        firstPublished: '2020-01-01',
        dateString: '2020',
        subjects: expect.arrayContaining(['Dystopias', 'Science fiction']) as string[],
        genres: ['Science Fiction', 'Dystopian'],
      },
      // Open Library lists the name itself among the alternates too; it is kept once, as the name.
      authors: [
        {
          name: 'Kim Stanley Robinson',
          olKey: '/authors/OL9000001A',
          alternateNames: ['Kim S. Robinson', 'Robinson, Kim Stanley'],
        },
      ],
    });
  });

  it('follows the /isbn redirect and a work redirect, and reads a typed-text description', async () => {
    const seen = await requestsDuring(async () => {
      const book = await client().fetchByIsbn(FIXTURE_ISBNS.redirectWork);
      expect(book?.work.olKey).toBe('/works/OL9000003W');
      expect(book?.work.description).toMatch(/^Piranesi lives in the House/);
      expect(book?.work.genres).toEqual(['Fantasy', 'Literary Fiction']);
      expect(book?.edition).toMatchObject({ format: 'Hardcover', date: '2020-09-15', pageCount: 272 });
    });
    expect(seen).toEqual([
      '/isbn/9781635575637.json',
      '/books/OL9000002M.json',
      '/works/OL9000002W.json',
      '/works/OL9000003W.json',
      '/authors/OL9000002A.json',
    ]);
  });

  it('follows author redirects and joins title and subtitle', async () => {
    const book = await client().fetchByIsbn(FIXTURE_ISBNS.redirectAuthor);
    expect(book?.authors).toEqual([{ name: 'Andy Weir', olKey: '/authors/OL9000004A', alternateNames: [] }]);
    expect(book?.edition.title).toBe('Project Hail Mary: A Novel');
    expect(book?.work.title).toBe('Project Hail Mary');
  });

  it('derives the ISBN-13 of an edition that only has an ISBN-10', async () => {
    const book = await client().fetchByIsbn(FIXTURE_ISBNS.isbn10OnlyAsIsbn10);
    expect(book?.edition).toMatchObject({
      isbn13: '9780553562613',
      format: 'Mass Market Paperback',
      date: '1993-01-01',
      pageCount: null,
      coverUrl: null,
    });
    expect(book?.work).toMatchObject({ firstPublished: null, dateString: null, description: null });
  });

  it('returns null when Open Library has no such ISBN', async () => {
    expect(await client().fetchByIsbn(FIXTURE_ISBNS.missing)).toBeNull();
  });

  it('sends the configured User-Agent and asks for JSON on every request', async () => {
    const start = fixture.log.length;
    await client().fetchByIsbn(FIXTURE_ISBNS.redirectAuthor);
    const sent = fixture.log.slice(start);
    expect(sent.length).toBeGreaterThanOrEqual(4);
    for (const entry of sent)
      expect(entry).toMatchObject({ userAgent: USER_AGENT, accept: 'application/json' });
  });
});

describe('failures', () => {
  it('gives up after timeoutMs with an unreachable error instead of hanging', async () => {
    const started = Date.now();
    const err = await rejection(client({ timeoutMs: 300 }).fetchByIsbn(FIXTURE_ISBNS.hang));
    expect(err.code).toBe('unreachable');
    expect(err.message).toMatch(/Open Library could not be reached/);
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('reports a refused connection as unreachable', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));

    const err = await rejection(
      client({ baseUrl: `http://127.0.0.1:${port}` }).fetchByIsbn(FIXTURE_ISBNS.ministry),
    );
    expect(err.code).toBe('unreachable');
    expect(err.message).toMatch(/Open Library could not be reached/);
  });

  it('reports an HTML page as bad_response', async () => {
    const err = await rejection(client().fetchByIsbn(FIXTURE_ISBNS.html));
    expect(err.code).toBe('bad_response');
  });

  it('reports a 5xx as unreachable and an unexpected shape as bad_response', async () => {
    const answer = (status: number, body: unknown) => async () =>
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    const down = client({ fetch: answer(503, { error: 'maintenance' }) });
    expect((await rejection(down.fetchByIsbn(FIXTURE_ISBNS.ministry))).code).toBe('unreachable');
    const list = client({ fetch: answer(200, ['not', 'a', 'record']) });
    expect((await rejection(list.fetchByIsbn(FIXTURE_ISBNS.ministry))).code).toBe('bad_response');
    const noWork = client({ fetch: answer(200, { key: '/books/OL1M', title: 'Orphan', works: [] }) });
    expect((await rejection(noWork.fetchByIsbn(FIXTURE_ISBNS.ministry))).code).toBe('bad_response');
  });

  it('stops after three redirect hops', async () => {
    let calls = 0;
    const loop = client({
      fetch: async () => {
        calls++;
        const body = { key: '/works/OL1W', type: { key: '/type/redirect' }, location: '/works/OL1W' };
        return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
      },
    });
    const err = await rejection(loop.fetchWork('OL1W'));
    expect(err.code).toBe('bad_response');
    expect(calls).toBe(4);
  });
});

describe('deduplication and caching', () => {
  it('shares one upstream lookup between concurrent calls for the same ISBN', async () => {
    const ol = client();
    const seen = await requestsDuring(async () => {
      const [a, b] = await Promise.all([
        ol.fetchByIsbn(FIXTURE_ISBNS.ministry),
        ol.fetchByIsbn('978-0-316-30013-1'),
      ]);
      expect(a).toEqual(b);
      expect(a).not.toBe(b);
    });
    expect(seen.filter((p) => p.startsWith('/isbn/'))).toEqual(['/isbn/9780316300131.json']);
  });

  it('serves repeat lookups, including misses, from the cache until the TTL passes', async () => {
    const ol = client({ cacheTtlMs: 200 });
    const first = await requestsDuring(async () => {
      await ol.fetchByIsbn(FIXTURE_ISBNS.redirectWork);
      await ol.fetchByIsbn(FIXTURE_ISBNS.missing);
    });
    expect(first).toHaveLength(6);
    const cached = await requestsDuring(async () => {
      expect((await ol.fetchByIsbn(FIXTURE_ISBNS.redirectWork))?.work.title).toBe('Piranesi');
      expect(await ol.fetchByIsbn(FIXTURE_ISBNS.missing)).toBeNull();
    });
    expect(cached).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 250));
    const expired = await requestsDuring(() => ol.fetchByIsbn(FIXTURE_ISBNS.missing));
    expect(expired).toEqual([`/isbn/${FIXTURE_ISBNS.missing}.json`]);
  });

  it('does not cache failures', async () => {
    const ol = client({ timeoutMs: 200 });
    await rejection(ol.fetchByIsbn(FIXTURE_ISBNS.html));
    const retried = await requestsDuring(() => ol.fetchByIsbn(FIXTURE_ISBNS.html).catch(() => null));
    expect(retried).toHaveLength(1);
  });

  it('evicts the oldest entry beyond cacheMaxEntries', async () => {
    const ol = client({ cacheMaxEntries: 1 });
    await ol.fetchByIsbn(FIXTURE_ISBNS.missing);
    await ol.fetchByIsbn('9781250313195');
    const seen = await requestsDuring(() => ol.fetchByIsbn(FIXTURE_ISBNS.missing));
    expect(seen).toHaveLength(1);
  });
});

describe('fetchWork and fetchEdition', () => {
  it('loads a work by bare or full key, following redirects', async () => {
    const work = await client().fetchWork('OL9000002W');
    expect(work).toMatchObject({
      olKey: '/works/OL9000003W',
      title: 'Piranesi',
      firstPublished: '2020-01-01',
    });
    expect((await client().fetchWork('/works/OL9000004W'))?.genres).toEqual(['Science Fiction', 'Thriller']);
  });

  it('loads an edition and returns null for unknown or malformed keys', async () => {
    const edition = await client().fetchEdition('/books/OL9000004M');
    expect(edition).toMatchObject({
      title: 'Snow Crash',
      isbn13: '9780553562613',
      publisher: 'Bantam Books',
    });
    expect(await client().fetchEdition('OL1M')).toBeNull();
    expect(await client().fetchWork('../../etc/passwd')).toBeNull();
  });
});

describe('normalisation helpers', () => {
  it.each([
    ['April 29, 2003', '2003-04-29'],
    ['Apr 29 2003', '2003-04-29'],
    ['29 April 2003', '2003-04-29'],
    ['Sept. 3, 1999', '1999-09-03'],
    ['Apr 2003', '2003-04-01'],
    ['2003', '2003-01-01'],
    ['c1999', '1999-01-01'],
    ['[1985?]', '1985-01-01'],
    ['2003-04', '2003-04-01'],
    ['2021-05-04', '2021-05-04'],
    ['February 30, 2003', null],
    ['1999-2003', null],
    ['n.d.', null],
  ])('parsePublishDate(%j) -> %j', (input, expected) => {
    expect(parsePublishDate(input)).toBe(expected);
  });

  it('reads page counts from pagination strings', () => {
    expect(parsePagination('xii, 480 p.')).toBe(480);
    expect(parsePagination('480 p. : ill. ; 24 cm')).toBe(480);
    expect(parsePagination('352 pages')).toBe(352);
    expect(parsePagination('312')).toBe(312);
    expect(parsePagination('1 v. (unpaged)')).toBeNull();
    expect(parsePagination(null)).toBeNull();
  });

  it('maps physical formats onto the four shelf formats', () => {
    expect(mapPhysicalFormat('Hardcover')).toBe('Hardcover');
    expect(mapPhysicalFormat('hardback')).toBe('Hardcover');
    expect(mapPhysicalFormat('Trade Paperback')).toBe('Paperback');
    expect(mapPhysicalFormat('mass market paperback')).toBe('Mass Market Paperback');
    expect(mapPhysicalFormat('E-book')).toBe('Ebook');
    expect(mapPhysicalFormat('Audio CD')).toBeNull();
    expect(mapPhysicalFormat(null)).toBeNull();
  });
});
