// New ISBNs and lazy enrichment through the API, with the recorded Open Library fixture server in
// Open Library's place.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_ISBNS, startOpenLibraryFixture } from '../../../tests/support/openlibrary-fixture';
import type { OpenLibraryFixture } from '../../../tests/support/openlibrary-fixture';
import { createTestApp } from '../../../tests/support/test-app';
import type { TestApp } from '../../../tests/support/test-app';

let fixture: OpenLibraryFixture;
let t: TestApp;
beforeAll(async () => {
  fixture = await startOpenLibraryFixture();
  t = await createTestApp({ openLibraryUrl: fixture.url });
});
afterAll(async () => {
  await t.close();
  await fixture.close();
});

const isbnRequests = (isbn: string) => fixture.requests.filter((p) => p === `/isbn/${isbn}.json`).length;

describe('a new ISBN', () => {
  it('is fetched, stored with its work, authors and genres, and found', async () => {
    const first = await t.sf('search-works', { query: FIXTURE_ISBNS.ministry });
    expect(first.status).toBe(200);
    expect(first.body.new_isbn_added).toBe(true);
    expect(first.body.results).toEqual([
      expect.objectContaining({
        work_title: 'The Ministry for the Future',
        author_names: 'Kim Stanley Robinson',
        rank: 1,
      }),
    ]);

    const again = await t.sf('search-works', { query: '978-0-316-30013-1' });
    expect(again.body).toEqual({ results: first.body.results, new_isbn_added: false });
    expect(isbnRequests(FIXTURE_ISBNS.ministry)).toBe(1);

    const byTitle = await t.sf('search-works', { query: 'ministry future' });
    expect(byTitle.body.results[0]!.work_id).toBe(first.body.results[0]!.work_id);

    const editions = await t.sf('work-editions', { work_id: first.body.results[0]!.work_id });
    const details = await t.sf('edition-details', { edition_id: editions.body.editions[0]!.id });
    expect(details.body).toMatchObject({
      publisher: 'Orbit',
      page_count: 576,
      format: 'Hardcover',
      year: 2020,
    });
  });

  it('is imported once when many searches for it arrive together', async () => {
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => t.sf('search-works', { query: FIXTURE_ISBNS.redirectAuthor })),
    );
    expect(answers.every((a) => a.status === 200 && a.body.results.length === 1)).toBe(true);
    expect(isbnRequests(FIXTURE_ISBNS.redirectAuthor)).toBe(1);
    const rows = await t.deps.db.query('select id from editions where isbn = $1', [
      FIXTURE_ISBNS.redirectAuthor,
    ]);
    expect(rows).toHaveLength(1);
  });

  it('answers no results, and stores nothing, when Open Library does not know it', async () => {
    const { status, body } = await t.sf('search-works', { query: FIXTURE_ISBNS.missing });
    expect(status).toBe(200);
    expect(body).toEqual({ results: [], new_isbn_added: false });
    expect(await t.deps.db.query('select 1 from editions where isbn = $1', [FIXTURE_ISBNS.missing])).toEqual(
      [],
    );
  });

  it('answers a clear error when Open Library answers garbage', async () => {
    const { status, body } = await t.sf('search-works', { query: FIXTURE_ISBNS.html });
    expect(status).toBe(503);
    expect(body.code).toBe('unavailable');
  });
});

describe('lazy enrichment', () => {
  it('fills in description, pages and genres once for rows never checked', async () => {
    const [work] = await t.deps.db.query<{ id: string }>(
      `insert into works (title, checked_full_metadata) values ('Piranesi', false) returning id`,
    );
    const [edition] = await t.deps.db.query<{ id: string }>(
      `insert into editions (work_id, title, isbn, checked_full_metadata) values ($1, 'Piranesi', $2, false)
       returning id`,
      [work?.id, FIXTURE_ISBNS.redirectWork],
    );
    const meta = await t.sf('edition-metadata', { edition_id: edition?.id });
    expect(meta.status).toBe(200);
    expect(meta.body.description).toEqual(expect.any(String));
    expect(meta.body.page_count).toBeGreaterThan(0);

    const genres = await t.sf('work-genres', { work_id: work?.id });
    expect(genres.body.genres.length).toBeGreaterThan(0);

    const before = fixture.requests.length;
    await t.sf('edition-metadata', { edition_id: edition?.id });
    await t.sf('work-genres', { work_id: work?.id });
    expect(fixture.requests.length).toBe(before);
  });
});
