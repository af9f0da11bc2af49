// Issue 26: `npm run catalogue -- load-openlibrary` on a generated 200-work dump in Open Library's format,
// run as the operator runs it (a child process) on the database of this pass: embedded PGlite in a DATA_DIR,
// or a throw-away database on DATABASE_URL's PostgreSQL. The demo catalogue is there first.
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/db';
import { migrate } from '../../server/db/migrate';
import { openPglite } from '../../server/db/pglite';
import { openPostgres } from '../../server/db/postgres';
import { loadDemoCatalogue, seedCatalogue } from '../../server/db/seed/catalogue';
import { dumpLine, writeOpenLibraryDump } from '../../scripts/catalogue/openlibrary-dump-writer';
import type { DumpPaths } from '../../scripts/catalogue/openlibrary-dump-writer';
import { startServerProcess } from '../support/server-process';
import { createThrowawayDatabase } from '../support/test-db';

const kind = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';

interface Target {
  env: Record<string, string | undefined>;
  open(): Promise<Db>;
  drop(): Promise<void>;
}

async function newTarget(): Promise<Target> {
  const dataDir = await mkdtemp(join(tmpdir(), 'sf-catalogue-'));
  const database = process.env.DATABASE_URL
    ? await createThrowawayDatabase(process.env.DATABASE_URL, 'sf_cat')
    : null;
  const target: Target = {
    env: { DATA_DIR: dataDir, DATABASE_URL: database?.url },
    open: () => (database ? openPostgres(database.url, 2) : openPglite(join(dataDir, 'pglite'))),
    async drop() {
      await database?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  const db = await target.open();
  await migrate(db);
  await seedCatalogue(db, await loadDemoCatalogue());
  await db.close();
  return target;
}

/** Runs the loader; `until` may kill it (SIGKILL) once its output shows what it waits for. */
function runLoader(target: Target, dump: DumpPaths, until?: RegExp) {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    CATALOGUE_BATCH_LINES: '20',
    CATALOGUE_PROGRESS_MS: '0',
    CATALOGUE_PAUSE: '0',
  };
  for (const [key, value] of Object.entries(target.env)) {
    if (value === undefined) delete env[key];
    else env[key] = value;
  }
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'scripts/catalogue.ts', 'load-openlibrary', dump.authors, dump.works, dump.editions],
    {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  return new Promise<{ code: number | null; signal: string | null; output: string }>((resolve) => {
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      if (until?.test(output) && child.exitCode === null) child.kill('SIGKILL');
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('exit', (code, signal) => resolve({ code, signal, output }));
  });
}

/** What a clean load leaves, independent of generated ids. */
async function snapshot(db: Db) {
  const works = await db.query(
    `select coalesce(w.ol_key, w.title) as k, w.title, w.author_names, w.search_vector::text as sv, w.provenance,
            w.verified, (select count(*)::int from public.editions e where e.work_id = w.id) as editions,
            (select e.ol_key from public.editions e where e.id = w.primary_edition_id) as primary_edition,
            (select string_agg(g.name, ',' order by g.name) from public.work_genres wg
             join public.genres g on g.id = wg.genre_id where wg.work_id = w.id) as genres
     from public.works w order by 1, 2`,
  );
  const editions = await db.query(
    `select e.ol_key, e.isbn, e.title, e.cover_url, e.page_count, w.ol_key as work,
            (select string_agg(a.name, ',' order by ea.position) from public.edition_authors ea
             join public.authors a on a.id = ea.author_id where ea.edition_id = e.id) as authors
     from public.editions e join public.works w on w.id = e.work_id order by e.ol_key, e.isbn`,
  );
  const [changed] = await db.query<{ at: string }>(
    `select greatest((select max(updated_at) from public.works), (select max(updated_at) from public.editions),
                     (select max(updated_at) from public.authors))::text as at`,
  );
  return { works, editions, changedAt: changed?.at };
}

async function withDb<T>(target: Target, fn: (db: Db) => Promise<T>): Promise<T> {
  const db = await target.open();
  try {
    return await fn(db);
  } finally {
    await db.close();
  }
}

describe(`load-openlibrary (${kind})`, () => {
  let dir: string;
  let dump: DumpPaths;
  let demo: { work_id: string; isbn: string; title: string };
  /** A demo work Open Library's dump lists under the same title and first author, without an ISBN we hold. */
  let byTitle: { id: string; title: string; author: string };
  let clean: Target;
  let cleanSnapshot: Awaited<ReturnType<typeof snapshot>>;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sf-oldump-'));
    clean = await newTarget();
    demo = await withDb(clean, async (db) => {
      const [row] = await db.query<{ work_id: string; isbn: string; title: string }>(
        `select e.work_id, e.isbn, w.title from public.editions e join public.works w on w.id = e.work_id
         where e.isbn is not null order by e.isbn limit 1`,
      );
      return row as { work_id: string; isbn: string; title: string };
    });
    byTitle = await withDb(clean, async (db) => {
      const [row] = await db.query<{ id: string; title: string; author: string }>(
        `select w.id, w.title, split_part(w.author_names, ', ', 1) as author from public.works w
         where w.id <> $1 and w.author_names <> '' order by w.title limit 1`,
        [demo.work_id],
      );
      return row as { id: string; title: string; author: string };
    });
    // Open Library's record of a demo book, under another title, listed with the demo edition's ISBN.
    dump = await writeOpenLibraryDump(dir, {
      works: 200,
      extra: {
        authors: [
          dumpLine('/type/author', '/authors/OL900001A', 1, {
            name: 'Someone Else',
            alternate_names: ['S. Else', 'Someone Else', 'Sam Else'],
          }),
          dumpLine('/type/author', '/authors/OL900002A', 1, { name: byTitle.author }),
        ],
        works: [
          dumpLine('/type/work', '/works/OL900001W', 1, {
            title: 'Quite Another Title',
            authors: [{ author: { key: '/authors/OL900001A' } }],
          }),
          // Listed with two authors, the demo work's first: matched by title and first author.
          dumpLine('/type/work', '/works/OL900002W', 1, {
            title: byTitle.title,
            authors: [{ author: { key: '/authors/OL900002A' } }, { author: { key: '/authors/OL900001A' } }],
          }),
        ],
        editions: [
          dumpLine('/type/edition', '/books/OL900001M', 1, {
            title: 'Quite Another Title',
            works: [{ key: '/works/OL900001W' }],
            isbn_13: [demo.isbn],
          }),
        ],
      },
    });
    const run = await runLoader(clean, dump);
    expect(run.code, run.output).toBe(0);
    expect(run.output).toMatch(/editions: [\d,]+ records, [\d,]+\/s; [\d.]+% of the load/);
    cleanSnapshot = await withDb(clean, snapshot);
  }, 240_000);

  afterAll(async () => {
    await clean?.drop();
    await rm(dir, { recursive: true, force: true });
  });

  it('loads every work, edition and author, and a demo work with the same ISBN is matched, not copied', async () => {
    await withDb(clean, async (db) => {
      const [counts] = await db.query<{ works: number; editions: number }>(
        `select (select count(*)::int from public.works where ol_key like '/works/OL%') as works,
                (select count(*)::int from public.editions where ol_key like '/books/OL%') as editions`,
      );
      expect(counts).toEqual({ works: 202, editions: 301 });
      const matched = await db.query<{ id: string; title: string; provenance: string }>(
        `select id, title, provenance from public.works where ol_key = '/works/OL900001W'`,
      );
      expect(matched).toEqual([{ id: demo.work_id, title: demo.title, provenance: 'operator' }]);
      expect(await db.query(`select 1 from public.works where title = 'Quite Another Title'`)).toEqual([]);
      const [edition] = await db.query<{ ol_key: string }>(
        'select ol_key from public.editions where isbn = $1',
        [demo.isbn],
      );
      expect(edition?.ol_key).toBe('/books/OL900001M');
    });
    await withDb(clean, async (db) => {
      const matched = await db.query(`select id, title from public.works where ol_key = '/works/OL900002W'`);
      expect(matched).toEqual([{ id: byTitle.id, title: byTitle.title }]);
      expect(await db.query('select 1 from public.works where title = $1', [byTitle.title])).toHaveLength(1);
      // Other spellings of an author's name are kept for matching; the name itself is not repeated.
      const [author] = await db.query<{ alternate_names: string[] }>(
        `select alternate_names from public.authors where ol_key = '/authors/OL900001A'`,
      );
      expect(author?.alternate_names).toEqual(['S. Else', 'Sam Else']);
      const withAlternates = await db.query<{ n: number }>(
        `select count(*)::int as n from public.authors where ol_key like '/authors/OL%' and alternate_names <> '{}'`,
      );
      expect(withAlternates[0]?.n).toBeGreaterThan(1);
      // Written in the works' insert, each loaded work's author list is exactly what its credits make it.
      const stale = await db.query(
        `select w.ol_key, w.author_names from public.works w
         where w.ol_key like '/works/OL%' and w.author_names is distinct from coalesce((
           select string_agg(a.name, ', ' order by wa.position, a.name)
           from public.work_authors wa join public.authors a on a.id = wa.author_id where wa.work_id = w.id), '')`,
      );
      expect(stale).toEqual([]);
    });
    // Every work loaded from the dump can be shelved: it has a primary edition (a matched demo work keeps
    // its own).
    expect(cleanSnapshot.works.filter((w) => w.provenance === 'openlibrary' && !w.primary_edition)).toEqual(
      [],
    );
  });

  it('loaded works are found by search like any other', async () => {
    const loaded = cleanSnapshot.works.find((w) => w.k === '/works/OL7W') as { title: string };
    const server = await startServerProcess(clean.env);
    try {
      const res = await fetch(`${server.url}/sf/search-works`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${server.anonKey}` },
        body: JSON.stringify({ query: loaded.title }),
      });
      const body = (await res.json()) as { results: { work_title: string }[] };
      expect(res.status).toBe(200);
      expect(body.results.map((r) => r.work_title)).toContain(loaded.title);
    } finally {
      await server.stop();
    }
  }, 120_000);

  it('a re-run changes nothing, and a newer revision of a record updates it', async () => {
    const again = await runLoader(clean, dump);
    expect(again.code, again.output).toBe(0);
    expect(await withDb(clean, snapshot)).toEqual(cleanSnapshot);

    await mkdir(join(dir, 'newer'));
    const newer = await writeOpenLibraryDump(join(dir, 'newer'), {
      works: 200,
      extra: {
        works: [
          dumpLine('/type/work', '/works/OL7W', 99, {
            title: 'The Renamed Lighthouse',
            authors: [{ author: { key: '/authors/OL900001A' } }, { author: { key: '/authors/OL1A' } }],
          }),
        ],
      },
    });
    const update = await runLoader(clean, newer);
    expect(update.code, update.output).toBe(0);
    const after = await withDb(clean, snapshot);
    expect(after.works.length).toBe(cleanSnapshot.works.length);
    expect(after.editions.length).toBe(cleanSnapshot.editions.length);
    const renamed = after.works.find((w) => w.k === '/works/OL7W') as {
      title: string;
      sv: string;
      author_names: string;
    };
    expect(renamed.title).toBe('The Renamed Lighthouse');
    expect(renamed.sv).toContain("'lighthous'");
    // Its new author list replaces the old one, in the dump's order, and search finds it by either author.
    const first = await withDb(clean, (db) =>
      db.query<{ name: string }>(`select name from public.authors where ol_key = '/authors/OL1A'`),
    );
    expect(renamed.author_names).toBe(`Someone Else, ${first[0]?.name}`);
    expect(renamed.sv).toContain("'someon'");
  }, 240_000);

  it('a load killed after a committed batch resumes, and ends exactly as a clean load', async () => {
    const target = await newTarget();
    try {
      const killed = await runLoader(target, dump, /works: [1-9][\d,]* records/);
      expect(killed.signal).toBe('SIGKILL');
      const half = await withDb(target, (db) =>
        db.query<{ n: number }>(`select count(*)::int as n from public.works where ol_key like '/works/OL%'`),
      );
      expect(half[0]?.n).toBeGreaterThan(0);
      expect(half[0]?.n).toBeLessThan(202);
      const resumed = await runLoader(target, dump);
      expect(resumed.code, resumed.output).toBe(0);
      const { changedAt: _a, ...rest } = await withDb(target, snapshot);
      const { changedAt: _b, ...expected } = cleanSnapshot;
      expect(rest).toEqual(expected);
    } finally {
      await target.drop();
    }
  }, 240_000);
});
