import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../tests/support/test-app';
import { createTestUser } from '../../../tests/support/test-users';
import type { TestUser } from '../../../tests/support/test-users';
import type { ReadingEventType } from '@shared/domain/reading-state';
import { READING_EVENT_TYPES } from '@shared/domain/reading-state';
import type { EditionName, TestEdition } from './testing/reading-data';
import { builtInShelfEditions, logEvent, readingTestApp } from './testing/reading-data';

let t: TestApp;
let ed: Record<EditionName, TestEdition>;
beforeAll(async () => {
  ({ t, ed } = await readingTestApp());
});
afterAll(() => t.close());

const eventCount = async (userId: string) =>
  (
    await t.deps.db.query<{ n: number }>(
      'select count(*) as n from reading_progress_events where user_id = $1',
      [userId],
    )
  )[0]?.n;

describe('log-progress-event: happy path and answer', () => {
  it('logs a start and answers the stored event with its edition', async () => {
    const u = await createTestUser(t);
    const { status, body } = await logEvent(t, u.token, ed.pride, 'start');
    expect(status).toBe(200);
    expect(body).toEqual({
      ok: true,
      event: {
        id: expect.any(String),
        user_id: u.id,
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        event_type: 'start',
        start_page: null,
        end_page: null,
        start_percent: null,
        end_percent: null,
        edition_id: ed.pride.id,
        work_id: ed.pride.work_id,
        journal_md: null,
        is_public: true,
        editions: { id: ed.pride.id, title: 'Pride and Prejudice' },
      },
    });
  });

  it('stores pages, percentages, privacy and a sanitised journal', async () => {
    const u = await createTestUser(t);
    await logEvent(t, u.token, ed.emma, 'start');
    const pages = await logEvent(t, u.token, ed.emma, 'progress', {
      start_page: 1,
      end_page: 120,
      is_public: false,
      journal_md: '<p>Loved it<script>alert(1)</script></p><img src=x onerror="alert(1)">',
    });
    expect(pages.status).toBe(200);
    expect(pages.body.event).toMatchObject({
      start_page: 1,
      end_page: 120,
      is_public: false,
      journal_md: '<p>Loved it</p>',
    });
    const percent = await logEvent(t, u.token, ed.emma, 'progress', {
      start_percent: 25.5,
      end_percent: 40.25,
    });
    expect(percent.body.event).toMatchObject({
      start_percent: 25.5,
      end_percent: 40.25,
      start_page: null,
      is_public: true,
    });
  });

  it('refuses a work that is not the edition’s (400) and an unknown edition (404), writing nothing', async () => {
    const u = await createTestUser(t);
    const mismatch = await t.sf(
      'log-progress-event',
      { work_id: ed.emma.work_id, edition_id: ed.pride.id, event_type: 'start' },
      u.token,
    );
    expect(mismatch).toEqual({
      status: 400,
      body: { error: 'This edition is not an edition of that work.', code: 'invalid_input' },
    });
    const unknown = await t.sf(
      'log-progress-event',
      { work_id: ed.pride.work_id, edition_id: randomUUID(), event_type: 'start' },
      u.token,
    );
    expect(unknown).toEqual({ status: 404, body: { error: 'Edition not found', code: 'not_found' } });
    expect(await eventCount(u.id)).toBe(0);
  });

  it('refuses anonymous callers and malformed bodies', async () => {
    expect((await logEvent(t, undefined, ed.pride, 'start')).status).toBe(401);
    expect((await logEvent(t, t.deps.keys.anonKey, ed.pride, 'start')).status).toBe(401);
    const u = await createTestUser(t);
    for (const body of [
      { work_id: ed.pride.work_id, edition_id: ed.pride.id, event_type: 'read' },
      { work_id: ed.pride.work_id, edition_id: 'nope', event_type: 'start' },
      { edition_id: ed.pride.id, event_type: 'start' },
      { work_id: ed.pride.work_id, edition_id: ed.pride.id, event_type: 'start', start_page: 1.5 },
      { work_id: ed.pride.work_id, edition_id: ed.pride.id, event_type: 'start', start_percent: '5' },
      { work_id: ed.pride.work_id, edition_id: ed.pride.id, event_type: 'start', is_public: 'no' },
    ]) {
      const res = await t.sf('log-progress-event', body, u.token);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('invalid_input');
    }
    expect(await eventCount(u.id)).toBe(0);
  });
});

// SPEC.md §4 as a table; each state is reached by its own path and every event is tried from it.
const PATHS: Record<string, ReadingEventType[]> = {
  none: [],
  start: ['start'],
  progress: ['start', 'progress'],
  pause: ['start', 'pause'],
  resume: ['start', 'pause', 'resume'],
  finish: ['start', 'finish'],
  dnf: ['start', 'dnf'],
};
const ALLOWED: Record<string, ReadingEventType[]> = {
  none: ['start'],
  start: ['progress', 'pause', 'finish', 'dnf'],
  progress: ['progress', 'pause', 'finish', 'dnf'],
  pause: ['resume'],
  resume: ['progress', 'pause', 'finish', 'dnf'],
  finish: ['start'],
  dnf: ['start'],
};
const NAMES: Record<string, string> = {
  none: 'not started',
  start: 'started',
  progress: 'in progress',
  pause: 'paused',
  resume: 'resumed',
  finish: 'finished',
  dnf: 'did not finish',
};

describe('log-progress-event: transitions per reader and edition', () => {
  for (const [state, path] of Object.entries(PATHS)) {
    it(`from ${state}: allows ${ALLOWED[state]?.join(', ')} and refuses the rest with 409`, async () => {
      for (const next of READING_EVENT_TYPES) {
        const u = await createTestUser(t);
        for (const step of path) expect((await logEvent(t, u.token, ed.wuthering, step)).status).toBe(200);
        const res = await logEvent(t, u.token, ed.wuthering, next);
        if (ALLOWED[state]?.includes(next)) {
          expect(res.status, `${state} -> ${next}`).toBe(200);
        } else {
          expect(res, `${state} -> ${next}`).toEqual({
            status: 409,
            body: {
              error: `Cannot log '${next}': this edition is ${NAMES[state]}. Allowed next: ${ALLOWED[state]?.join(', ')}.`,
              code: 'invalid_transition',
              details: { current_state: state, allowed: ALLOWED[state] },
            },
          });
          expect(await eventCount(u.id)).toBe(path.length);
        }
      }
    });
  }

  it('keeps states apart per edition and per reader', async () => {
    const a = await createTestUser(t);
    const b = await createTestUser(t);
    await logEvent(t, a.token, ed.pride, 'start');
    await logEvent(t, a.token, ed.pride, 'pause');
    // Another work and another reader start from nothing.
    expect((await logEvent(t, a.token, ed.emma, 'start')).status).toBe(200);
    expect((await logEvent(t, b.token, ed.pride, 'start')).status).toBe(200);
    expect((await logEvent(t, a.token, ed.pride, 'progress')).status).toBe(409);
    expect((await logEvent(t, b.token, ed.pride, 'progress')).status).toBe(200);
  });

  it('lets only one of many parallel events through a transition only one may take', async () => {
    const u = await createTestUser(t);
    const starts = await Promise.all(
      Array.from({ length: 6 }, () => logEvent(t, u.token, ed.omens, 'start')),
    );
    expect(starts.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    const pauses = await Promise.all(
      Array.from({ length: 6 }, () => logEvent(t, u.token, ed.omens, 'pause')),
    );
    expect(pauses.filter((r) => r.status === 200)).toHaveLength(1);
    const finishes = await Promise.all([
      logEvent(t, u.token, ed.omens, 'resume'),
      logEvent(t, u.token, ed.omens, 'resume'),
      logEvent(t, u.token, ed.omens, 'resume'),
    ]);
    expect(finishes.filter((r) => r.status === 200)).toHaveLength(1);
    const rows = await t.deps.db.query<{ event_type: string }>(
      'select event_type from reading_progress_events where user_id = $1 order by created_at, id',
      [u.id],
    );
    expect(rows.map((r) => r.event_type)).toEqual(['start', 'pause', 'resume']);
    expect(await builtInShelfEditions(t, u.id, 'currently-reading')).toEqual([ed.omens.id]);
  });
});

describe('log-progress-event: SPEC.md §5 ranges', () => {
  let u: TestUser;
  beforeAll(async () => {
    u = await createTestUser(t);
    await logEvent(t, u.token, ed.pride, 'start'); // 480 pages
  });
  const progress = (values: Record<string, unknown>, type: ReadingEventType = 'progress') =>
    logEvent(t, u.token, ed.pride, type, values);
  const refused = (error: string) => ({ status: 400, body: { error, code: 'invalid_input' } });

  it('checks pages against the edition’s page count', async () => {
    expect(await progress({ start_page: 0, end_page: 10 })).toEqual(
      refused('Start page must be between 1 and 480'),
    );
    expect(await progress({ start_page: 481 })).toEqual(refused('Start page must be between 1 and 480'));
    expect(await progress({ start_page: -3 })).toEqual(refused('Start page must be between 1 and 480'));
    expect(await progress({ end_page: 0 })).toEqual(refused('End page must be at least 1'));
    expect(await progress({ start_page: 1, end_page: 481 })).toEqual(refused('End page must be at most 480'));
    expect(await progress({ start_page: 20, end_page: 19 })).toEqual(
      refused('End page must be greater than or equal to start page'),
    );
  });

  it('checks percentages', async () => {
    expect(await progress({ start_percent: -0.5 })).toEqual(
      refused('Start percentage must be between 0 and 100'),
    );
    expect(await progress({ start_percent: 10, end_percent: 101 })).toEqual(
      refused('End percentage must be between 0 and 100'),
    );
    expect(await progress({ start_percent: 30, end_percent: 29 })).toEqual(
      refused('End percentage must be greater than or equal to start percentage'),
    );
    expect(await progress({ start_page: 1, end_percent: 29 })).toEqual(
      refused('Send either page values or percentage values, not both.'),
    );
  });

  it('wrote none of the refused events', async () => {
    expect(await eventCount(u.id)).toBe(1);
  });

  it('fills finish defaults: end page = page count, end percent = 100', async () => {
    const a = await createTestUser(t);
    await logEvent(t, a.token, ed.pride, 'start');
    const pages = await logEvent(t, a.token, ed.pride, 'finish', { start_page: 400 });
    expect(pages.body.event).toMatchObject({ start_page: 400, end_page: 480, end_percent: null });
    await logEvent(t, a.token, ed.emma, 'start');
    const percent = await logEvent(t, a.token, ed.emma, 'finish', { start_percent: 90 });
    expect(percent.body.event).toMatchObject({ start_percent: 90, end_percent: 100, end_page: null });
    await logEvent(t, a.token, ed.wuthering, 'start');
    const bare = await logEvent(t, a.token, ed.wuthering, 'finish');
    expect(bare.body.event).toMatchObject({ start_page: null, end_page: 416 });
  });

  it('bounds only what can be stored when the page count is unknown, and finishes at 100%', async () => {
    const [edition] = await t.deps.db.query<{ id: string; work_id: string }>(
      `insert into editions (work_id, title) values ($1, 'Good Omens (no page count)') returning id, work_id`,
      [ed.omens.work_id],
    );
    const unknown = { ...(edition as { id: string; work_id: string }), title: 'x', page_count: null };
    const a = await createTestUser(t);
    await logEvent(t, a.token, unknown, 'start');
    expect(
      (await logEvent(t, a.token, unknown, 'progress', { start_page: 900, end_page: 2000 })).status,
    ).toBe(200);
    expect(await logEvent(t, a.token, unknown, 'progress', { start_page: 100_001 })).toEqual(
      refused('Start page must be between 1 and 100000'),
    );
    const finish = await logEvent(t, a.token, unknown, 'finish');
    expect(finish.body.event).toMatchObject({ end_percent: 100, end_page: null });
  });

  it('lets a dnf skip the range checks, but not storage limits', async () => {
    const a = await createTestUser(t);
    await logEvent(t, a.token, ed.emma, 'start'); // 474 pages
    expect(await logEvent(t, a.token, ed.emma, 'dnf', { start_page: 100_001 })).toEqual(
      refused('Page numbers must be between 0 and 100000'),
    );
    expect(await logEvent(t, a.token, ed.emma, 'dnf', { end_percent: 150 })).toEqual(
      refused('Percentages must be between 0 and 100'),
    );
    const dnf = await logEvent(t, a.token, ed.emma, 'dnf', { start_page: 999, end_page: 3 });
    expect(dnf.status).toBe(200);
    expect(dnf.body.event).toMatchObject({ event_type: 'dnf', start_page: 999, end_page: 3 });
  });
});

describe('log-progress-event: one edition of a work at a time', () => {
  it('refuses to start a second edition while another is being read, paused included', async () => {
    // Even when both starts race: the work-wide lock lets exactly one through.
    const racer = await createTestUser(t);
    const raced = await Promise.all(
      [ed.pride, ed.prideModern].map((e) => logEvent(t, racer.token, e, 'start')),
    );
    expect(raced.map((r) => r.status).sort()).toEqual([200, 409]);

    const u = await createTestUser(t);
    await logEvent(t, u.token, ed.pride, 'start');
    await logEvent(t, u.token, ed.pride, 'pause');
    const second = await logEvent(t, u.token, ed.prideModern, 'start');
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({
      code: 'another_edition_active',
      error: 'You are already reading another edition of this book.',
      details: { edition_id: ed.pride.id },
    });
    expect(await eventCount(u.id)).toBe(2);
  });

  it('lets the reader start another edition once the first is finished or abandoned', async () => {
    const u = await createTestUser(t);
    await logEvent(t, u.token, ed.pride, 'start');
    await logEvent(t, u.token, ed.pride, 'dnf');
    expect((await logEvent(t, u.token, ed.prideModern, 'start')).status).toBe(200);
    // Another reader's active edition never blocks anyone else.
    const other = await createTestUser(t);
    expect((await logEvent(t, other.token, ed.pride, 'start')).status).toBe(200);
  });
});
