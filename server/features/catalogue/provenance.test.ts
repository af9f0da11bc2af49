// Issue 26: where works come from, on the database the app runs on. The seed is the operator's load,
// an Open Library import is Open Library's, and a reader's unverified work is verified by Open Library
// knowing its ISBN: through the lazy enrichment of its maker's work page, or another caller's ISBN search.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleCatalogue } from '../../../tests/fixtures/sample-catalogue';
import { FIXTURE_ISBNS, startOpenLibraryFixture } from '../../../tests/support/openlibrary-fixture';
import type { OpenLibraryFixture } from '../../../tests/support/openlibrary-fixture';
import { createTestApp } from '../../../tests/support/test-app';
import type { TestApp } from '../../../tests/support/test-app';
import { createTestUser } from '../../../tests/support/test-users';
import type { TestUser } from '../../../tests/support/test-users';

let fixture: OpenLibraryFixture;
let t: TestApp;
let maker: TestUser;
beforeAll(async () => {
  fixture = await startOpenLibraryFixture();
  t = await createTestApp({ seed: sampleCatalogue, openLibraryUrl: fixture.url });
  maker = await createTestUser(t);
});
afterAll(async () => {
  await t.close();
  await fixture.close();
});

const provenanceOf = async (workId: string) =>
  (
    await t.deps.db.query<{ provenance: string; verified: boolean; title: string; ol_key: string | null }>(
      'select provenance, verified, title, ol_key from public.works where id = $1',
      [workId],
    )
  )[0];

/** A work and edition as a reader's import makes them, with this ISBN. */
async function readerBook(title: string, isbn: string): Promise<string> {
  const [row] = await t.deps.db.query<{ id: string }>(
    `with w as (insert into public.works (title, provenance, created_by) values ($1, 'reader', $3) returning id)
     insert into public.editions (work_id, title, isbn, provenance, created_by)
     select w.id, $1, $2, 'reader', $3 from w returning work_id as id`,
    [title, isbn, maker.id],
  );
  return row!.id;
}

describe('provenance', () => {
  it('counts the seed as the operator’s, verified', async () => {
    const rows = await t.deps.db.query<{ provenance: string; verified: boolean; n: number }>(
      'select provenance, verified, count(*)::int as n from public.works group by 1, 2',
    );
    expect(rows).toEqual([{ provenance: 'operator', verified: true, n: sampleCatalogue.length }]);
  });

  it('counts a book the ISBN lookup brought from Open Library as Open Library’s', async () => {
    const found = await t.sf('search-works', { query: FIXTURE_ISBNS.redirectAuthor });
    expect(found.body.new_isbn_added).toBe(true);
    const work = await provenanceOf(found.body.results[0]!.work_id);
    expect(work).toMatchObject({ provenance: 'openlibrary', verified: true });
  });

  it('starts a reader’s work unverified, even when the insert says otherwise', async () => {
    const [row] = await t.deps.db.query<{ id: string }>(
      `insert into public.works (title, provenance, verified, created_by) values ('Mine', 'reader', true, $1)
       returning id`,
      [maker.id],
    );
    expect(await provenanceOf(row!.id)).toMatchObject({ provenance: 'reader', verified: false });
  });

  it('verifies a reader’s work when the lazy enrichment finds it on Open Library', async () => {
    const workId = await readerBook('ministry for the futur', FIXTURE_ISBNS.ministry);
    const genres = await t.sf('work-genres', { work_id: workId }, maker.token);
    expect(genres.status).toBe(200);
    expect(await provenanceOf(workId)).toMatchObject({
      provenance: 'openlibrary',
      verified: true,
      title: 'The Ministry for the Future',
    });
    const search = await t.sf('search-works', { query: 'ministry future' });
    expect(search.body.results.map((r) => r.work_id)).toContain(workId);
  });

  it('verifies a reader’s work when someone else searches its ISBN and Open Library knows it', async () => {
    const workId = await readerBook('Junk title', FIXTURE_ISBNS.isbn10Only);
    const found = await t.sf('search-works', { query: FIXTURE_ISBNS.isbn10Only });
    expect(found.status).toBe(200);
    expect(found.body.results.map((r) => r.work_id)).toEqual([workId]);
    expect(await provenanceOf(workId)).toMatchObject({ provenance: 'openlibrary', verified: true });
    expect((await provenanceOf(workId))!.title).not.toBe('Junk title');
  });

  it('leaves a reader’s work hidden when Open Library does not know its ISBN', async () => {
    const workId = await readerBook('Nobody knows', FIXTURE_ISBNS.missing);
    const found = await t.sf('search-works', { query: FIXTURE_ISBNS.missing });
    expect(found.body.results).toEqual([]);
    expect(await provenanceOf(workId)).toMatchObject({ provenance: 'reader', verified: false });
  });
});
