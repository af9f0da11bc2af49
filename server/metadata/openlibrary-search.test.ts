// The client's list calls against the recorded fixture: the URLs it asks, coalescing, caching, and how the
// gate's refusals and Open Library's failures reach callers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOpenLibraryFixture } from '../../tests/support/openlibrary-fixture';
import type { OpenLibraryFixture } from '../../tests/support/openlibrary-fixture';
import { createOpenLibraryClient, OpenLibraryError, type OpenLibraryConfig } from './openlibrary';
import { chooseEdition, readSearchAnswer } from './openlibrary-search';

let fixture: OpenLibraryFixture;
beforeAll(async () => {
  fixture = await startOpenLibraryFixture();
});
afterAll(() => fixture.close());

const client = (overrides: Partial<OpenLibraryConfig> = {}) =>
  createOpenLibraryClient({
    baseUrl: fixture.url,
    userAgent: 'Shelfwise/test (a@b.c)',
    timeoutMs: 1000,
    ...overrides,
  });

const searches = (q: string) => fixture.requests.filter((p) => p.startsWith('/search.json') && p.includes(q));

describe('searchWorks', () => {
  it('asks /search.json with the fields we need and reads the docs', async () => {
    const works = await client().searchWorks('lose the time war');
    const asked = new URL(`http://x${searches('q=lose+the+time+war')[0] ?? ''}`);
    expect(asked.searchParams.get('fields')).toBe(
      'key,title,author_name,author_key,first_publish_year,isbn,cover_i,edition_count,subject,number_of_pages_median',
    );
    expect(works).toEqual([
      expect.objectContaining({
        olKey: '/works/OL9000007W',
        title: 'This Is How You Lose the Time War',
        authorNames: ['Amal El-Mohtar', 'Max Gladstone'],
        authorKeys: ['/authors/OL9000006A', '/authors/OL9000007A'],
        firstPublishYear: 2019,
        isbn13s: ['9781534430990', '9781529405231'],
        coverId: 9000007,
        editionCount: 24,
        medianPages: 209,
      }),
    ]);
  });

  it('shares one request between concurrent identical queries and caches the answer', async () => {
    const ol = client();
    const answers = await Promise.all([
      ol.searchWorks('piranesi'),
      ol.searchWorks(' PIRANESI '),
      ol.searchWorks('piranesi'),
    ]);
    expect(answers[0]).toEqual(answers[1]);
    await ol.searchWorks('Piranesi');
    expect(searches('q=piranesi')).toHaveLength(1);
  });

  it('keeps whatever the query holds inside the q parameter', async () => {
    await client().searchWorks('a&limit=1000/../../admin?x=#y');
    const last = fixture.requests.at(-1) ?? '';
    const url = new URL(`http://x${last}`);
    expect(url.pathname).toBe('/search.json');
    expect(url.searchParams.get('q')).toBe('a&limit=1000/../../admin?x=#y');
    expect(url.searchParams.get('limit')).toBe('20');
  });

  it('reports a 429, a 500 and a timeout as unreachable, and refuses at once past the breaker', async () => {
    const ol = client({ timeoutMs: 200, gate: { breakerFailures: 3, breakerCooldownMs: 60_000 } });
    try {
      for (const [mode, q] of [
        ['rate-limited', 'q1'],
        ['failing', 'q2'],
        ['slow', 'q3'],
      ] as const) {
        fixture.mode = mode;
        fixture.slowMs = 1000;
        await expect(ol.searchWorks(q)).rejects.toMatchObject({ code: 'unreachable' });
      }
      const before = fixture.requests.length;
      fixture.mode = 'normal';
      const err = await ol.searchWorks('q4').catch((e: unknown) => e);
      expect(err).toBeInstanceOf(OpenLibraryError);
      expect(fixture.requests.length).toBe(before);
      expect(ol.isOpen()).toBe(true);
    } finally {
      fixture.mode = 'normal';
    }
  });

  it('refuses as busy beyond the rate limit instead of queueing without end', async () => {
    const ol = client({ gate: { ratePerSecond: 1, burst: 1, maxWaitMs: 500 } });
    const results = await Promise.allSettled(['b1', 'b2', 'b3'].map((q) => ol.searchWorks(q)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(
      results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason.code),
    ).toEqual(['busy', 'busy']);
  });
});

describe('authorWorks and fetchPickedWork', () => {
  it("lists an author's works, including works filed under a merged author key", async () => {
    const works = await client().authorWorks('/authors/OL9000004A', 'Andy Weir');
    expect(works.map((w) => w.title).sort()).toEqual(['Artemis', 'Project Hail Mary', 'The Martian']);
    expect(works.every((w) => w.authorNames[0] === 'Andy Weir')).toBe(true);
    expect(await client().authorWorks('../../etc/passwd', 'x')).toEqual([]);
  });

  it('picks the edition with an ISBN, pages and a cover; a work without editions has none', async () => {
    const picked = await client().fetchPickedWork('/works/OL9000007W');
    expect(picked?.edition).toMatchObject({
      olKey: '/books/OL9000006M',
      isbn13: '9781534430990',
      pageCount: 209,
    });
    expect(picked?.authors.map((a) => a.name)).toEqual(['Amal El-Mohtar', 'Max Gladstone']);
    expect(picked?.work).toMatchObject({ firstPublished: '2019-07-16', dateString: '2019' });
    const artemis = await client().fetchPickedWork('/works/OL9000008W');
    expect(artemis?.edition).toBeNull();
    expect(artemis?.work.firstPublished).toBe('2017-01-01');
    expect(await client().fetchPickedWork('/works/OL1W')).toBeNull();
  });
});

describe('reading answers', () => {
  it('leaves out docs without a work key or title and reads odd fields as absent', () => {
    const works = readSearchAnswer({
      docs: [
        { key: '/books/OL1M', title: 'An edition' },
        { key: '/works/OL2W' },
        {
          key: '/works/OL3W',
          title: 'Odd',
          first_publish_year: 'soon',
          isbn: ['x', '0553418025'],
          cover_i: -1,
        },
      ],
    });
    expect(works).toEqual([
      expect.objectContaining({
        olKey: '/works/OL3W',
        firstPublishYear: null,
        isbn13s: ['9780553418026'],
        coverId: null,
      }),
    ]);
    expect(readSearchAnswer(['not', 'an', 'answer'])).toBeNull();
    expect(chooseEdition([])).toBeNull();
  });
});
