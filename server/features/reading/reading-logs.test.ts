import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../tests/support/test-app';
import { createTestUser } from '../../../tests/support/test-users';
import type { EditionName, TestEdition } from './testing/reading-data';
import { insertEventAt, logEvent, readingTestApp } from './testing/reading-data';

let t: TestApp;
let ed: Record<EditionName, TestEdition>;
beforeAll(async () => {
  ({ t, ed } = await readingTestApp());
});
afterAll(() => t.close());

const storedLog = async (id: string) =>
  (
    await t.deps.db.query<Record<string, unknown>>(
      'select journal_md, start_page, end_page, start_percent, end_percent from reading_progress_events where id = $1',
      [id],
    )
  )[0];

describe('list-reading-logs', () => {
  it('lists an imported read as one line: its end with the start’s date, the start not apart', async () => {
    const u = await createTestUser(t);
    const imported = { imported_read: true };
    // A read with both dates (StoryGraph), a finish-only read (Goodreads), and a read the reader logged.
    const start = await insertEventAt(t, u.id, ed.pride, 'start', '2023-04-20T12:00:00Z', imported);
    const finish = await insertEventAt(t, u.id, ed.pride, 'finish', '2023-05-01T12:00:00Z', imported);
    await insertEventAt(t, u.id, ed.emma, 'finish', '2023-06-02T12:00:00Z', imported);
    await insertEventAt(t, u.id, ed.omens, 'start', '2024-01-02T10:00:00Z');
    const { body } = await t.sf('list-reading-logs', {}, u.token);
    expect(
      body.logs.map((l: any) => [
        l.editions.title,
        l.event_type,
        l.imported,
        l.read_started_at?.slice(0, 10) ?? null,
      ]),
    ).toEqual([
      ['Good Omens', 'start', false, null],
      ['Emma', 'finish', true, null],
      ['Pride and Prejudice', 'finish', true, '2023-04-20'],
    ]);
    // Deleting that line deletes the read: its folded start goes with it.
    expect((await t.sf('delete-reading-log', { log_id: finish }, u.token)).status).toBe(200);
    const left = await t.deps.db.query(
      'select id from public.reading_progress_events where id = any($1::uuid[])',
      [[start, finish]],
    );
    expect(left).toEqual([]);
  });

  it('lists the caller’s logs newest first with edition titles and covers, not other readers’', async () => {
    const u = await createTestUser(t);
    const other = await createTestUser(t);
    await logEvent(t, u.token, ed.pride, 'start');
    await logEvent(t, u.token, ed.pride, 'progress', {
      start_page: 1,
      end_page: 30,
      journal_md: 'Chapter one',
    });
    await logEvent(t, u.token, ed.emma, 'start', { is_public: false });
    await logEvent(t, other.token, ed.omens, 'start');
    const { status, body } = await t.sf('list-reading-logs', {}, u.token);
    expect(status).toBe(200);
    expect(body.next_cursor).toBeNull();
    expect(body.logs.map((l: any) => [l.editions.title, l.event_type])).toEqual([
      ['Emma', 'start'],
      ['Pride and Prejudice', 'progress'],
      ['Pride and Prejudice', 'start'],
    ]);
    expect(body.logs[1]).toEqual({
      id: expect.any(String),
      created_at: expect.any(String),
      event_type: 'progress',
      journal_md: '<p>Chapter one</p>',
      start_page: 1,
      end_page: 30,
      start_percent: null,
      end_percent: null,
      is_public: true,
      work_id: ed.pride.work_id,
      editions: {
        id: ed.pride.id,
        title: 'Pride and Prejudice',
        cover_url: `${t.deps.config.publicUrl}/covers/isbn/9780141439518`,
      },
      imported: false,
      read_started_at: null,
    });
    expect(body.logs[0]!.is_public).toBe(false);
  });

  it('pages by cursor without gaps or repeats, also for events in the same millisecond', async () => {
    const u = await createTestUser(t);
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      ids.push(await insertEventAt(t, u.id, ed.emma, 'progress', `2025-01-0${i + 1}T10:00:00.000Z`));
    }
    // Two events a microsecond apart and two in the very same instant.
    ids.push(await insertEventAt(t, u.id, ed.emma, 'progress', '2025-01-06T10:00:00.000001Z'));
    ids.push(await insertEventAt(t, u.id, ed.emma, 'progress', '2025-01-06T10:00:00.000002Z'));
    ids.push(await insertEventAt(t, u.id, ed.emma, 'progress', '2025-01-06T10:00:00.000002Z'));
    const seen: string[] = [];
    let after: string | undefined;
    let pages = 0;
    do {
      const { body } = await t.sf('list-reading-logs', { limit: 3, ...(after ? { after } : {}) }, u.token);
      seen.push(...body.logs.map((l: any) => l.id));
      after = body.next_cursor ?? undefined;
      pages += 1;
    } while (after && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(8);
    expect(new Set(seen)).toEqual(new Set(ids));
    expect(seen.slice(3, 8)).toEqual(ids.slice(0, 5).reverse());
  });

  it('refuses anonymous callers and malformed cursors', async () => {
    expect((await t.sf('list-reading-logs', {})).status).toBe(401);
    const u = await createTestUser(t);
    const bad = await t.sf('list-reading-logs', { after: "2025-01-01' or 1=1" }, u.token);
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('after: is not a cursor from this API');
    expect((await t.sf('list-reading-logs', { limit: 0 }, u.token)).status).toBe(400);
    expect((await t.sf('list-reading-logs', { limit: 101 }, u.token)).status).toBe(400);
  });
});

describe('update-reading-log', () => {
  it('stores the journal as sanitised paragraphs: no script, no event attributes, no javascript: links', async () => {
    const u = await createTestUser(t);
    const { body } = await logEvent(t, u.token, ed.pride, 'start');
    const id = body.event.id;
    const journal =
      '<p onclick="steal()">A <b>bold</b> <i>move</i><script>alert(1)</script></p>' +
      '<img src=x onerror="alert(1)"><p><a href="javascript:alert(1)">bad</a> <a href="https://example.org" onmouseover="x()">good</a></p>' +
      '<style>p{display:none}</style><h2>Heading</h2><p>   </p><iframe src="https://evil.test"></iframe>';
    expect(await t.sf('update-reading-log', { id, journal_md: journal }, u.token)).toEqual({
      status: 200,
      body: { ok: true },
    });
    expect((await storedLog(id))?.journal_md).toBe(
      '<p>A <b>bold</b> <i>move</i></p><p>bad <a href="https://example.org">good</a></p><p>Heading</p>',
    );
    const listed = await t.sf('list-reading-logs', {}, u.token);
    expect(listed.body.logs[0]!.journal_md).not.toMatch(
      /script|onerror|onclick|javascript|<img|<iframe|style/i,
    );
  });

  it('clears the journal with null or blank text and leaves it when absent', async () => {
    const u = await createTestUser(t);
    const id = (await logEvent(t, u.token, ed.pride, 'start', { journal_md: 'first' })).body.event.id;
    await t.sf('update-reading-log', { id, start_page: 1, end_page: 2 }, u.token);
    expect((await storedLog(id))?.journal_md).toBe('<p>first</p>');
    await t.sf('update-reading-log', { id, journal_md: '<p> </p><p><br></p>' }, u.token);
    expect((await storedLog(id))?.journal_md).toBeNull();
    await t.sf('update-reading-log', { id, journal_md: 'again' }, u.token);
    await t.sf('update-reading-log', { id, journal_md: null }, u.token);
    expect((await storedLog(id))?.journal_md).toBeNull();
  });

  it('switches between page-based and percent-based values and clears the location with nulls', async () => {
    const u = await createTestUser(t);
    const id = (await logEvent(t, u.token, ed.pride, 'start')).body.event.id;
    await t.sf('update-reading-log', { id, start_page: 5, end_page: null }, u.token);
    expect(await storedLog(id)).toMatchObject({ start_page: 5, end_page: null, start_percent: null });
    await t.sf('update-reading-log', { id, start_percent: 12.5, end_percent: 20 }, u.token);
    expect(await storedLog(id)).toMatchObject({
      start_page: null,
      end_page: null,
      start_percent: 12.5,
      end_percent: 20,
    });
    await t.sf('update-reading-log', { id, start_page: null, end_page: null }, u.token);
    expect(await storedLog(id)).toMatchObject({
      start_page: null,
      end_page: null,
      start_percent: null,
      end_percent: null,
    });
    // No bounds beyond storage: pages past the page count and end before start are kept (SPEC.md §5).
    await t.sf('update-reading-log', { id, start_page: 900, end_page: 2 }, u.token);
    expect(await storedLog(id)).toMatchObject({ start_page: 900, end_page: 2 });
  });

  it('refuses mixed values, non-integers and what cannot be stored, changing nothing', async () => {
    const u = await createTestUser(t);
    const id = (await logEvent(t, u.token, ed.pride, 'start')).body.event.id;
    await t.sf('update-reading-log', { id, start_page: 3, end_page: 9 }, u.token);
    const cases: [Record<string, unknown>, string][] = [
      [{ start_page: 1, end_percent: 5 }, 'Send either page values or percentage values, not both.'],
      [{ start_page: 1.5 }, 'start_page: must be a whole number'],
      [{ end_page: 100_001 }, 'end_page: must be 0 to 100000'],
      [{ start_percent: -1 }, 'start_percent: must be 0 to 100'],
      [{ end_percent: 100.1 }, 'end_percent: must be 0 to 100'],
      [{ journal_md: 'x'.repeat(200_001) }, 'journal_md: the journal is at most 200000 characters'],
    ];
    for (const [change, error] of cases) {
      const res = await t.sf('update-reading-log', { id, ...change }, u.token);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error, code: 'invalid_input' });
    }
    expect(await storedLog(id)).toMatchObject({ start_page: 3, end_page: 9, journal_md: null });
  });

  it('answers 401 anonymously and 404 for another reader’s or a missing log, changing nothing', async () => {
    const owner = await createTestUser(t);
    const other = await createTestUser(t);
    const id = (await logEvent(t, owner.token, ed.pride, 'start', { journal_md: 'mine' })).body.event.id;
    expect((await t.sf('update-reading-log', { id, journal_md: 'x' })).status).toBe(401);
    const notFound = { status: 404, body: { error: 'Reading log not found', code: 'not_found' } };
    expect(await t.sf('update-reading-log', { id, journal_md: 'hacked' }, other.token)).toEqual(notFound);
    expect(await t.sf('update-reading-log', { id: randomUUID(), journal_md: 'x' }, owner.token)).toEqual(
      notFound,
    );
    expect((await storedLog(id))?.journal_md).toBe('<p>mine</p>');
  });
});

describe('delete-reading-log', () => {
  it('deletes the owner’s log, which changes the edition’s reading state', async () => {
    const u = await createTestUser(t);
    await logEvent(t, u.token, ed.emma, 'start');
    const finish = (await logEvent(t, u.token, ed.emma, 'finish')).body.event.id;
    expect((await logEvent(t, u.token, ed.emma, 'progress')).status).toBe(409);
    expect(await t.sf('delete-reading-log', { log_id: finish }, u.token)).toEqual({
      status: 200,
      body: { ok: true },
    });
    expect(await storedLog(finish)).toBeUndefined();
    expect((await logEvent(t, u.token, ed.emma, 'progress')).status).toBe(200);
  });

  it('answers 401 anonymously and 404 for another reader’s or a missing log, deleting nothing', async () => {
    const owner = await createTestUser(t);
    const other = await createTestUser(t);
    const id = (await logEvent(t, owner.token, ed.pride, 'start')).body.event.id;
    expect((await t.sf('delete-reading-log', { log_id: id })).status).toBe(401);
    const notFound = { status: 404, body: { error: 'Reading log not found', code: 'not_found' } };
    expect(await t.sf('delete-reading-log', { log_id: id }, other.token)).toEqual(notFound);
    expect(await t.sf('delete-reading-log', { log_id: randomUUID() }, owner.token)).toEqual(notFound);
    expect((await t.sf('delete-reading-log', { log_id: 'x' }, owner.token)).status).toBe(400);
    expect(await storedLog(id)).toBeDefined();
  });
});
