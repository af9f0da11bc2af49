// One author however a source spells them, and a matched row on the catalogue's own work (issue 26), over
// real HTTP with Open Library's recorded stand-in: a pick teaches the author we hold Open Library's key and
// alternate names and brings the series from its editions; a book found by ISBN whose Open Library author
// is spelt another way joins our author; an alternate name finds our work; and a row matched to the work we
// hold is on that work's shelf (Your Lists ticks it) with no second copy in search.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeCsv } from '@shared/domain/library-import/csv';
import { GOODREADS_COLUMNS } from '@shared/domain/library-import/goodreads';
import { seedCatalogue } from '../../server/db/seed/catalogue';
import type { SeedWork } from '../../server/db/seed/catalogue';
import { importAndWait, signedInReader } from '../support/import-flows';
import type { Reader } from '../support/import-flows';
import { startOpenLibraryFixture } from '../support/openlibrary-fixture';
import type { OpenLibraryFixture } from '../support/openlibrary-fixture';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';

interface BundleRecord {
  key: string;
  title?: string;
  isbn_13?: string[];
  works?: { key: string }[];
}
const bundle = JSON.parse(
  readFileSync(
    fileURLToPath(new URL('../fixtures/openlibrary/bundles/goodreads-190.json', import.meta.url)),
    'utf8',
  ),
) as BundleRecord[];
/** The recorded work and its edition's ISBN for a title. */
function recorded(title: string): { workKey: string; isbn13: string } {
  const work = bundle.find((r) => r.key.startsWith('/works/') && r.title === title);
  const edition = bundle.find((r) => r.works?.some((w) => w.key === work?.key));
  const isbn13 = edition?.isbn_13?.[0];
  if (!work || !isbn13) throw new Error(`no recorded work for ${title}`);
  return { workKey: work.key, isbn13 };
}

const edition = (isbn13: string, title: string) => ({
  isbn13,
  title,
  publisher: 'Penguin',
  date: '2000-01-01',
  date_string: '2000',
  page_count: 300,
  format: 'Paperback' as const,
});
const held: SeedWork[] = [
  {
    title: 'The Left Hand of Darkness',
    authors: ['Ursula K. Le Guin'],
    series: { name: 'Hainish Cycle', position: '4' },
    first_published: '1969-01-01',
    date_string: '1969',
    genres: ['Science Fiction'],
    description: 'Genly Ai on Gethen.',
    editions: [edition('9780441478125', 'The Left Hand of Darkness')],
  },
  {
    title: 'Crime and Punishment',
    authors: ['Fyodor Dostoevsky'],
    first_published: '1866-01-01',
    date_string: '1866',
    genres: ['Classics'],
    description: 'Raskolnikov.',
    editions: [edition('9780143058142', 'Crime and Punishment')],
  },
];

let ol: OpenLibraryFixture;
let s: TestServer;
let reader: Reader;
beforeAll(async () => {
  ol = await startOpenLibraryFixture();
  s = await startTestServer({ config: { openLibraryUrl: ol.url } });
  await seedCatalogue(s.t.deps.db, held);
  reader = await signedInReader(s);
});
afterAll(async () => {
  await s.close();
  await ol.close();
});

// Each row its own Goodreads book id: a repeated id is "the same book as in an earlier import".
let bookId = 9100;
function goodreadsFile(rows: Record<string, string>[]): string {
  return writeCsv(
    GOODREADS_COLUMNS,
    rows.map((r) => {
      bookId += 1;
      const cells: Record<string, string> = {
        'Book Id': String(bookId),
        'Exclusive Shelf': 'to-read',
        ...r,
      };
      return GOODREADS_COLUMNS.map((c) => cells[c] ?? '');
    }),
  );
}

const count = async (table: string) =>
  Number((await s.t.deps.db.query<{ n: number }>(`select count(*)::int as n from public.${table}`))[0]?.n);
const authorNames = (work: { work_authors: { authors: { name: string } }[] }) =>
  work.work_authors.map((a) => a.authors.name);

describe('authors through Open Library keys and alternate names', () => {
  it("a pick credits the author we hold, who learns Open Library's key and names; the series comes from its editions", async () => {
    const authors = await count('authors');
    const picked = await s.sf(
      'import-openlibrary-work',
      { ol_key: recorded('The Tombs of Atuan').workKey },
      reader.token,
    );
    expect(picked.status, JSON.stringify(picked.body)).toBe(200);
    const work = (await s.sf('work-details', { work_id: picked.body.work_id }, reader.token)).body;
    expect(work).toMatchObject({
      title: 'The Tombs of Atuan',
      series: { name: 'Earthsea Cycle', position: '2' },
    });
    expect(authorNames(work)).toEqual(['Ursula K. Le Guin']);
    expect(await count('authors')).toBe(authors);
    const [leGuin] = await s.t.deps.db.query<{ ol_key: string; alternate_names: string[] }>(
      "select ol_key, alternate_names from public.authors where name = 'Ursula K. Le Guin'",
    );
    expect(leGuin?.ol_key).toMatch(/^\/authors\/OL91\d+A$/);
    expect(leGuin?.alternate_names).toEqual(expect.arrayContaining(['Ursula Kroeber Le Guin']));
  });

  it('a book found by ISBN whose Open Library author is spelt another way joins the author we hold, and an alternate name then finds our work', async () => {
    const [works, authors] = [await count('works'), await count('authors')];
    const first = await importAndWait(
      s,
      reader,
      goodreadsFile([
        {
          Title: 'The Gambler',
          Author: 'Fyodor Dostoyevsky',
          ISBN13: `="${recorded('The Gambler').isbn13}"`,
        },
      ]),
      { format: 'goodreads' },
    );
    expect(first).toMatchObject({ state: 'done', failed: 0 });
    expect(first.rows[0]).toMatchObject({ outcome: 'matched', reason: 'Found on Open Library by ISBN' });
    const gambler = (await s.sf('work-details', { work_id: first.rows[0].work_id }, reader.token)).body;
    expect(authorNames(gambler)).toEqual(['Fyodor Dostoevsky']);
    expect(await count('works')).toBe(works + 1);
    expect(await count('authors')).toBe(authors);

    // Open Library's record taught our Dostoevsky his Cyrillic name, which no transliteration fold reaches.
    const second = await importAndWait(
      s,
      reader,
      goodreadsFile([{ Title: 'Crime and Punishment', Author: 'Фёдор Михайлович Достоевский' }]),
      { format: 'goodreads' },
    );
    expect(second.rows[0]).toMatchObject({
      outcome: 'matched',
      reason: "Title and author in the catalogue (the author's name spelt another way)",
    });
    expect(await count('works')).toBe(works + 1);
    expect(await count('authors')).toBe(authors);
  });
});

describe("the reader's view after matching", () => {
  it('a matched row is on the catalogue work: Your Lists ticks To Be Read and search shows one copy', async () => {
    const status = await importAndWait(
      s,
      reader,
      goodreadsFile([
        { Title: 'The Left Hand of Darkness (Hainish Cycle, #4)', Author: 'Ursula K. LeGuin', ISBN13: '=""' },
      ]),
      { format: 'goodreads' },
    );
    const [row] = status.rows as { outcome: string; work_id: string }[];
    const [ours] = await s.t.deps.db.query<{ id: string; primary_edition_id: string }>(
      "select id, primary_edition_id from public.works where title = 'The Left Hand of Darkness'",
    );
    expect(row).toMatchObject({ outcome: 'matched', work_id: ours?.id });

    const shelves = (await s.sf('list-shelves', {}, reader.token)).body as { id: string; slug: string }[];
    const toRead = shelves.find((sh) => sh.slug === 'to-be-read');
    const ticked = await s.sf(
      'edition-shelves',
      { edition_id: ours?.primary_edition_id, work_id: ours?.id },
      reader.token,
    );
    expect(toRead).toBeDefined();
    expect(ticked.body).toEqual([toRead?.id]);

    const search = await s.sf('search-works', { query: 'The Left Hand of Darkness' }, reader.token);
    const titles = (search.body.results as { title?: string; work_title?: string }[]).map(
      (r) => r.title ?? r.work_title,
    );
    expect(titles.filter((t) => t === 'The Left Hand of Darkness')).toHaveLength(1);
  });
});
