// Exports a spreadsheet opens safely (issue 26): a title or review that begins with = + - @ is written with
// OWASP's leading apostrophe in the Goodreads and StoryGraph files, and our importers take that apostrophe
// off again, so the text comes back exactly, an apostrophe the reader really typed before one included.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvRecords, writeCsv } from '../../shared/domain/library-import/csv';
import { GOODREADS_COLUMNS } from '../../shared/domain/library-import/goodreads';
import { importAndWait, signedInReader } from '../support/import-flows';
import type { Reader } from '../support/import-flows';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';
import { createTestUser } from '../support/test-users';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

// What a spreadsheet would run, and a text that really begins with an apostrophe before a formula character.
const TITLES = ['=HYPERLINK("http://evil.example","Click")', '+1 Dune', '-2 Dune', '@SUM(A1)', "'=Quoted"];
const review = (title: string) => `${title.slice(0, 1)}review of ${title.slice(1)}`;

/** A Goodreads file of books nobody holds, each rated with a review that begins like its title. */
function goodreadsFile(): string {
  const rows = TITLES.map((title, i) => {
    const cells: Record<string, string> = {
      'Book Id': String(900 + i),
      Title: title,
      Author: 'Guard Author',
      'My Rating': '4',
      'Exclusive Shelf': 'read',
      'Date Read': '2024/02/03',
      'Date Added': '2024/01/02',
      'My Review': review(title),
    };
    return GOODREADS_COLUMNS.map((c) => cells[c] ?? '');
  });
  return writeCsv(GOODREADS_COLUMNS, rows);
}

async function exported(reader: Reader, format: string): Promise<string> {
  const res = await s.sf('export-library', { format }, reader.token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.content as string;
}

async function titlesAndReviews(userId: string) {
  return s.t.deps.db.query<{ title: string; review_body: string }>(
    `select w.title, r.review_body from public.reviews r join public.works w on w.id = r.work_id
     where r.user_id = $1 order by w.title`,
    [userId],
  );
}

async function approveReaderWorks() {
  const admin = await createTestUser(s.t, { admin: true });
  const list = await s.sf('unverified-works', {}, admin.token);
  for (const work of list.body.works as { id: string }[]) {
    expect((await s.sf('approve-work', { work_id: work.id }, admin.token)).status).toBe(200);
  }
}

describe('formula characters in exports', () => {
  for (const format of ['goodreads', 'storygraph']) {
    it(`${format}: are quoted in the CSV and come back exactly after a re-import`, async () => {
      const reader = await signedInReader(s);
      const first = await importAndWait(s, reader, goodreadsFile(), { format: 'goodreads' });
      expect(first).toMatchObject({ state: 'done', failed: 0, total: TITLES.length });
      const stored = await titlesAndReviews(reader.id);
      expect(stored.map((r) => r.title).sort()).toEqual([...TITLES].sort());
      expect(stored.map((r) => r.review_body).sort()).toEqual(TITLES.map(review).sort());

      const content = await exported(reader, format);
      // The raw cells as a spreadsheet sees them: each title and review carries the apostrophe first.
      const [header = [], ...rows] = [
        ...csvRecords(content.trimEnd(), ',', { columns: 40, cellChars: 10_000 }),
      ];
      const titleAt = header.indexOf('Title');
      const reviewAt = header.indexOf(format === 'goodreads' ? 'My Review' : 'Review');
      const cells = rows.map((r) => [r[titleAt], r[reviewAt]]).sort();
      expect(cells).toEqual(
        [
          [
            '\'=HYPERLINK("http://evil.example","Click")',
            '\'=review of HYPERLINK("http://evil.example","Click")',
          ],
          ["'+1 Dune", "'+review of 1 Dune"],
          ["'-2 Dune", "'-review of 2 Dune"],
          ["'@SUM(A1)", "'@review of SUM(A1)"],
          ["''=Quoted", "'review of =Quoted"],
        ].sort(),
      );

      await approveReaderWorks();
      const fresh = await signedInReader(s);
      const again = await importAndWait(s, fresh, content, { format });
      expect(again).toMatchObject({ state: 'done', failed: 0, total: TITLES.length });
      expect(await titlesAndReviews(fresh.id)).toEqual(stored);
      expect(await exported(fresh, format)).toBe(content);
    });
  }
});
