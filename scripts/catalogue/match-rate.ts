// How well a reader's Goodreads export matches the catalogue (issue 26): imports
// tests/fixtures/imports/goodreads-190.csv into a fresh 490-work demo catalogue, with Open Library reachable
// through the local fixture server (its bundles/goodreads-190.json holds the books the demo lacks), and
// reports rows matched to works we hold, works created from Open Library, works created unverified from the
// file, and duplicates: works the import made that are a work we already held (same title, subtitle aside,
// and the same first author however spelt) and authors it made that are an author we held. Target: 0.
//
//   npx tsx scripts/catalogue/match-rate.ts            (PGlite in memory; DATABASE_URL for PostgreSQL)
//
// The fixture (194 rows) is ours, built from public book lists: the demo catalogue's own works (its series
// works, its Russian, Polish, French, Spanish and Japanese authors, and every tenth other work) in Goodreads'
// shapes: series suffixes in titles, Goodreads' long subtitled titles, other transliterations of authors'
// names, `="…"` ISBN cells, 45% of them empty and a fifth of another edition's ISBN; 71 well-known SF,
// fantasy and Russian classics the demo lacks (Locus and Hugo winners, the Earthsea, Dune, Foundation,
// Hyperion and Expanse series, Strugatsky, Chekhov, Grossman, Solzhenitsyn), which Open Library's fixture
// knows by ISBN; and 25 books neither holds (small-press and translated SF), most without an ISBN.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { surnameKey, transliterationKey } from '@shared/domain/library-import/name-fold';
import { loadDemoCatalogue, seedCatalogue } from '../../server/db/seed/catalogue';
import { startOpenLibraryFixture } from '../../tests/support/openlibrary-fixture';
import { startTestServer } from '../../tests/support/test-server';
import { createTestUser } from '../../tests/support/test-users';

const FILE = fileURLToPath(new URL('../../tests/fixtures/imports/goodreads-190.csv', import.meta.url));

interface StatusRow {
  title: string;
  outcome: string;
  reason: string | null;
  work_id: string | null;
}

/**
 * Title without subtitle, folded, and the first author's surname alone: one book however written. Looser
 * than any matching step on purpose, so that the count errs towards reporting a duplicate.
 */
const bookKey = (title: string, firstAuthor: string) =>
  `${transliterationKey((title.split(/[:;]/, 1)[0] ?? title).trim())}|${transliterationKey(firstAuthor.split(/\s+/).at(-1) ?? '')}`;

async function main(): Promise<void> {
  const ol = await startOpenLibraryFixture();
  const s = await startTestServer({ config: { openLibraryUrl: ol.url } });
  try {
    const db = s.t.deps.db;
    await seedCatalogue(db, await loadDemoCatalogue());
    const before = await db.query<{ id: string; title: string; first: string }>(
      `select w.id, w.title, split_part(w.author_names, ', ', 1) as first from public.works w`,
    );
    const authorsBefore = await db.query<{ id: string; name: string }>('select id, name from public.authors');
    const heldIds = new Set(before.map((w) => w.id));
    const heldKeys = new Set(before.map((w) => bookKey(w.title, w.first)));
    const heldAuthorKeys = new Set(authorsBefore.map((a) => surnameKey(a.name)));

    const reader = await createTestUser(s.t);
    const started = Date.now();
    const run = await s.sf(
      'import-library',
      { format: 'goodreads', file_name: 'goodreads_library_export.csv', content: readFileSync(FILE, 'utf8') },
      reader.token,
    );
    if (run.status !== 200)
      throw new Error(`import-library answered ${run.status}: ${JSON.stringify(run.body)}`);
    let status: { state: string; total: number; rows: StatusRow[] };
    for (;;) {
      const answer = await s.sf('import-status', { import_id: run.body.import_id, limit: 500 }, reader.token);
      status = answer.body;
      if (status.state === 'done' || status.state === 'failed') break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const seconds = (Date.now() - started) / 1000;

    const made = await db.query<{ id: string; title: string; first: string; provenance: string }>(
      `select w.id, w.title, split_part(w.author_names, ', ', 1) as first, w.provenance from public.works w
       where not (w.id = any($1::uuid[]))`,
      [[...heldIds]],
    );
    const newAuthors = await db.query<{ name: string }>(
      'select name from public.authors where not (id = any($1::uuid[]))',
      [authorsBefore.map((a) => a.id)],
    );
    const rows = status.rows;
    const fromOpenLibrary = new Set(made.filter((w) => w.provenance === 'openlibrary').map((w) => w.id));
    const count = (test: (r: StatusRow) => boolean) => rows.filter(test).length;
    const duplicates = made.filter((w) => heldKeys.has(bookKey(w.title, w.first)));
    const duplicateAuthors = newAuthors.filter((a) => heldAuthorKeys.has(surnameKey(a.name)));
    const figures = {
      rows: status.total,
      state: status.state,
      matched_to_works_we_held: count((r) => r.work_id !== null && heldIds.has(r.work_id)),
      of_them_by_title_and_author: count(
        (r) =>
          r.work_id !== null && heldIds.has(r.work_id) && (r.reason ?? '').startsWith('Title and author'),
      ),
      created_from_open_library: made.filter((w) => w.provenance === 'openlibrary').length,
      rows_on_open_library_works: count((r) => r.work_id !== null && fromOpenLibrary.has(r.work_id)),
      created_unverified_from_the_file: made.filter((w) => w.provenance === 'reader').length,
      works_with_series_from_open_library: (
        await db.query(
          `select 1 from public.works where provenance = 'openlibrary' and series_name is not null
           and not (id = any($1::uuid[]))`,
          [[...heldIds]],
        )
      ).length,
      failed_or_skipped: count((r) => r.outcome === 'failed' || r.outcome === 'skipped'),
      duplicates_of_works_we_held: duplicates.length,
      duplicate_authors: duplicateAuthors.length,
      open_library_requests: ol.requests.length,
      seconds: Math.round(seconds * 10) / 10,
    };
    console.log(JSON.stringify(figures, null, 2));
    for (const d of duplicates) console.log(`duplicate work: ${d.title} / ${d.first}`);
    for (const a of duplicateAuthors) console.log(`duplicate author: ${a.name}`);
    if (process.argv.includes('--list-created'))
      for (const r of rows) if (r.outcome === 'created') console.log(`created from the file: ${r.title}`);
  } finally {
    await s.close();
    await ol.close();
  }
}

await main();
