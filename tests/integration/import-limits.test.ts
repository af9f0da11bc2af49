// Import input bounded before it costs anything (issue 25), as a reader's client sees it through the real
// server: a header too wide is refused at once; what only a full read can find (a row too wide, a cell too
// long, too many rows) ends the import 'failed' with the reason, having stored and changed nothing; and a
// Goodreads file whose cells hold tabs, semicolons and pipes is read with its own comma and imports.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importJob } from '../../server/features/imports/import-job';
import { IMPORT_JOB } from '../../server/features/imports/import-job-kind';
import { FILE_MISSING_MESSAGE } from '../../server/features/imports/read-source';
import { SOURCE_PART_CHARS } from '../../server/features/imports/source-parts';
import { claimJobs } from '../../server/jobs/job-queue';
import { importAndWait, libraryCounts, signedInReader, waitForImport } from '../support/import-flows';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';
import { createTestUser } from '../support/test-users';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const HEADER = 'Book Id,Title,Author,ISBN13,Exclusive Shelf,Bookshelves';
const ok = (i: number) => `${i},Book ${i},Author ${i},,read,`;

const storedRows = async (importId: string) => {
  const [row] = await s.t.deps.db.query<{ n: number }>(
    'select count(*)::int as n from public.import_rows where import_id = $1',
    [importId],
  );
  return row?.n;
};

describe('import limits', () => {
  it('refuses a header wider than 100 columns at once, counting them, and stores nothing', async () => {
    const reader = await signedInReader(s);
    const content = `${HEADER}${',Extra'.repeat(100_000)}\n${ok(1)}\n`;
    const res = await s.sf('import-library', { file_name: 'wide.csv', content }, reader.token);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('The file has 100,006 columns; at most 100 can be imported.');
    expect((await s.sf('list-imports', {}, reader.token)).body).toEqual([]);
  });

  it.each([
    [
      'a row too wide',
      `${ok(1)}\n${ok(2)}${',x'.repeat(150)}`,
      'Row 2 has 156 columns; at most 100 can be imported.',
    ],
    [
      'a cell too long',
      `${ok(1)}\n3,"${'t'.repeat(100_001)}",A,,read,`,
      'Row 2 has a cell longer than 100,000 characters, the most a cell can hold.',
    ],
    [
      'too many rows',
      Array.from({ length: 100_001 }, (_, i) => ok(i + 1)).join('\n'),
      'The file has more than 100,000 rows; at most 100,000 can be imported at once.',
    ],
  ])('ends the import failed for %s, with the reason, and changes nothing', async (_what, rows, reason) => {
    const reader = await signedInReader(s);
    const before = await libraryCounts(s, reader.id);
    const started = await s.sf(
      'import-library',
      { file_name: 'bad.csv', content: `${HEADER}\n${rows}\n` },
      reader.token,
    );
    expect(started.status).toBe(200);
    const done = await waitForImport(s, reader, started.body.import_id);
    expect(done).toMatchObject({ state: 'failed', error: reason, total: 0, processed: 0, rows: [] });
    expect(await storedRows(started.body.import_id)).toBe(0);
    expect(await libraryCounts(s, reader.id)).toEqual(before);
    // The reader can start another import at once.
    const next = await importAndWait(s, reader, `${HEADER}\n${ok(1)}\n`);
    expect(next).toMatchObject({ state: 'done', total: 1 });
  });

  it('imports a Goodreads file whose cells hold tabs, semicolons and pipes', async () => {
    const reader = await signedInReader(s);
    // Rows that leave out their empty trailing cells, two tabs in each: a delimiter guess takes the tab.
    const content = `${HEADER}\n1,Tabs\tand\tmore; semis,Ann | Bo\n2,Second\t\t,Cy;\n`;
    const done = await importAndWait(s, reader, content);
    expect(done).toMatchObject({ state: 'done', total: 2, failed: 0 });
    expect(done.rows.map((r: any) => [r.title, r.author])).toEqual([
      ['Tabs\tand\tmore; semis', 'Ann | Bo'],
      ['Second', 'Cy;'],
    ]);
  });
});

describe('the file kept for the job', () => {
  const partsOf = async (t: TestServer, importId: string) => {
    const [row] = await t.t.deps.db.query<{ n: number }>(
      'select count(*)::int as n from public.import_source_parts where import_id = $1',
      [importId],
    );
    return row?.n;
  };

  it('is kept in parts, read whole (emoji across a part boundary included) and dropped once read', async () => {
    const paused = await startTestServer({ jobs: false });
    try {
      const user = await createTestUser(paused.t);
      // Three parts' worth of long titles, the second one's emoji straddling the first part's end.
      const long = (i: number) => `${i},${String(i).repeat(60_000)},Ann,,read,`;
      const before = `${HEADER}\n${long(1)}\n2,`.length;
      const title = `${'y'.repeat(SOURCE_PART_CHARS - 1 - before)}📚`;
      const rows = [long(1), `2,${title},Ann,,read,`, long(3), long(4), long(5), long(6)];
      const started = await paused.sf(
        'import-library',
        { file_name: 'parts.csv', content: `${HEADER}\n${rows.join('\n')}\n` },
        user.token,
      );
      expect(started.status).toBe(200);
      const importId = started.body.import_id as string;
      expect(await partsOf(paused, importId)).toBe(3);
      const [job] = await claimJobs(paused.t.deps.db, [IMPORT_JOB], 1, 60_000, 'test');
      if (!job) throw new Error('no job was due');
      await importJob(paused.t.deps)(job);
      const status = await waitForImport(paused, { id: user.id, token: user.token }, importId);
      expect(status).toMatchObject({ state: 'done', total: rows.length, failed: 0 });
      const [first] = await paused.t.deps.db.query<{ title: string }>(
        "select record->>'title' as title from public.import_rows where import_id = $1 and row = 2",
        [importId],
      );
      expect(first?.title).toBe(title);
      expect(await partsOf(paused, importId)).toBe(0);
    } finally {
      await paused.close();
    }
  });

  it('ends the import failed, saying so, when a part never arrived (the request keeping it died)', async () => {
    const paused = await startTestServer({ jobs: false });
    try {
      const user = await createTestUser(paused.t);
      const content = `${HEADER}\n${Array.from({ length: 5000 }, (_, i) => ok(i + 1)).join('\n')}\n`;
      const started = await paused.sf('import-library', { file_name: 'cut.csv', content }, user.token);
      const importId = started.body.import_id as string;
      await paused.t.deps.db.query(
        'delete from public.import_source_parts where import_id = $1 and part = 1',
        [importId],
      );
      await importJob(paused.t.deps)({
        id: '0',
        kind: IMPORT_JOB,
        payload: { import_id: importId },
        attempts: 1,
        maxAttempts: 50,
      });
      const status = await paused.sf('import-status', { import_id: importId }, user.token);
      expect(status.body).toMatchObject({ state: 'failed', error: FILE_MISSING_MESSAGE, total: 0, rows: [] });
      expect(await partsOf(paused, importId)).toBe(0);
    } finally {
      await paused.close();
    }
  });
});
