import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleCatalogue } from '../../../tests/fixtures/sample-catalogue';
import { createTestApp } from '../../../tests/support/test-app';
import type { TestApp } from '../../../tests/support/test-app';
import { createTestUser } from '../../../tests/support/test-users';
import type { TestUser } from '../../../tests/support/test-users';
import { progressPercent } from './public-profile';

interface EditionRef {
  id: string;
  work_id: string;
  title: string;
  page_count: number;
  isbn: string;
}

let t: TestApp;
let editions: EditionRef[];
beforeAll(async () => {
  t = await createTestApp({ seed: sampleCatalogue });
  editions = await t.deps.db.query(
    'select id, work_id, title, page_count, isbn from public.editions order by isbn',
  );
});
afterAll(() => t.close());

const edition = (i: number) => editions[i] as EditionRef;

/** Reading events straight in the table, minutes apart, so this test does not depend on the reading API. */
let minute = 0;
async function event(
  user: TestUser,
  e: EditionRef,
  event_type: string,
  fields: { end_page?: number; end_percent?: number; is_public?: boolean } = {},
) {
  minute += 1;
  await t.deps.db.query(
    `insert into public.reading_progress_events
       (user_id, edition_id, work_id, event_type, end_page, end_percent, is_public, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, now() - interval '1 day' + make_interval(mins => $8))`,
    [
      user.id,
      e.id,
      e.work_id,
      event_type,
      fields.end_page ?? null,
      fields.end_percent ?? null,
      fields.is_public ?? true,
      minute,
    ],
  );
}

async function review(
  user: TestUser,
  e: EditionRef,
  rating: number,
  headline = '',
  body: string | null = null,
) {
  await t.deps.db.query(
    'insert into public.reviews (user_id, work_id, edition_id, rating, headline, review_body) values ($1, $2, $3, $4, $5, $6)',
    [user.id, e.work_id, e.id, rating, headline, body],
  );
}

describe('public-profile', () => {
  it('shows the public card, shelves with counts, current reading, and review numbers to anyone', async () => {
    const reader = await createTestUser(t, { firstName: 'Jo', admin: true });
    await t.deps.db.query(`update public.profiles set last_name = 'March', avatar_url = $2 where id = $1`, [
      reader.id,
      `public/${reader.id}.png`,
    ]);
    const custom = (await t.sf('create-shelf', { name: 'Attic' }, reader.token)).body.id;
    await t.sf('add-to-shelf', { shelf_name: 'read', edition_id: edition(0).id }, reader.token);
    await t.sf('add-to-shelf', { shelf_name: 'read', edition_id: edition(1).id }, reader.token);
    await t.sf('add-to-shelf', { shelf_id: custom, edition_id: edition(2).id }, reader.token);

    await event(reader, edition(0), 'start');
    await event(reader, edition(0), 'progress', { end_page: 120 });
    await event(reader, edition(1), 'start');
    await event(reader, edition(1), 'progress', { end_percent: 33.4 });
    await event(reader, edition(1), 'pause');
    await event(reader, edition(2), 'start');
    await event(reader, edition(2), 'finish', { end_page: edition(2).page_count });

    await review(reader, edition(0), 4.5, 'Loved it');
    await review(reader, edition(2), 3.25);
    await review(reader, edition(4), 5, '', 'Only a body');

    const shelves = (await t.sf('list-shelves', {}, reader.token)).body;
    // Built-ins only once they hold something (they are made on first use, maybe by a private event).
    const expectedShelves = shelves
      .filter((s: any) => s.slug === 'read' || s.slug === null)
      .map((s: any) => ({ id: s.id, name: s.name, count: s.slug === 'read' ? 2 : s.id === custom ? 1 : 0 }));
    const [author0] = await t.deps.db.query<{ id: string; name: string }>(
      `select a.id, a.name from public.edition_authors ea join public.authors a on a.id = ea.author_id
       where ea.edition_id = $1 order by ea.position limit 1`,
      [edition(0).id],
    );

    for (const token of [undefined, t.deps.keys.anonKey, (await createTestUser(t)).token, reader.token]) {
      const res = await t.sf('public-profile', { username: reader.username }, token);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        profile: {
          id: reader.id,
          username: reader.username,
          first_name: 'Jo',
          last_name: 'March',
          avatar_url: `public/${reader.id}.png`,
        },
        followers: 0,
        following: 0,
        restricted: false,
        shelves: expectedShelves,
        shelves_total: 2,
        reading: [
          {
            edition_id: edition(1).id,
            work_id: edition(1).work_id,
            title: edition(1).title,
            author: expect.objectContaining({ id: expect.any(String), name: expect.any(String) }),
            cover_url: `${t.deps.config.publicUrl}/covers/isbn/${edition(1).isbn}`,
            page_count: edition(1).page_count,
            progress_percent: 33,
          },
          {
            edition_id: edition(0).id,
            work_id: edition(0).work_id,
            title: edition(0).title,
            author: author0,
            cover_url: expect.any(String),
            page_count: edition(0).page_count,
            progress_percent: Math.round((120 / edition(0).page_count) * 100),
          },
        ],
        reviews: 2,
        ratings: 3,
        avg_rating: 4.25,
      });
      expect(JSON.stringify(res.body)).not.toMatch(/is_admin|email/);
    }
  });

  it('never shows private progress, nor lets it change what others see', async () => {
    const reader = await createTestUser(t);
    // Private from the start: not listed at all.
    await event(reader, edition(0), 'start', { is_public: false });
    await event(reader, edition(0), 'progress', { end_page: 50, is_public: false });
    // Public start, then private progress: listed at the last public position (0).
    await event(reader, edition(1), 'start');
    await event(reader, edition(1), 'progress', { end_percent: 80, is_public: false });
    // Public progress, then a private finish: still reading as far as anyone else can tell.
    await event(reader, edition(2), 'start');
    await event(reader, edition(2), 'progress', { end_percent: 40 });
    await event(reader, edition(2), 'finish', { end_percent: 100, is_public: false });
    // Finished in public, then restarted in public: the old position does not carry over.
    await event(reader, edition(3), 'start');
    await event(reader, edition(3), 'progress', { end_percent: 90 });
    await event(reader, edition(3), 'finish');
    await event(reader, edition(3), 'start');
    // Did not finish: gone from the list.
    await event(reader, edition(4), 'start');
    await event(reader, edition(4), 'dnf');

    const res = await t.sf('public-profile', { username: reader.username });
    expect(res.body.reading.map((r: any) => [r.edition_id, r.progress_percent])).toEqual([
      [edition(3).id, 0],
      [edition(2).id, 40],
      [edition(1).id, 0],
    ]);
    expect(res.body).toMatchObject({
      shelves: [],
      shelves_total: 0,
      reviews: 0,
      ratings: 0,
      avg_rating: null,
    });
  });

  it('lists at most 10 books in progress, newest first', async () => {
    const reader = await createTestUser(t);
    const { id: workId } = (await t.deps.db.query<{ id: string }>('select id from public.works limit 1'))[0]!;
    const many: EditionRef[] = [];
    for (let i = 0; i < 12; i++) {
      const [e] = await t.deps.db.query<EditionRef>(
        `insert into public.editions (work_id, title, page_count) values ($1, $2, 100)
         returning id, work_id, title, page_count, isbn`,
        [workId, `Volume ${i}`],
      );
      many.push(e!);
      await event(reader, e!, 'start');
    }
    const res = await t.sf('public-profile', { username: reader.username });
    expect(res.body.reading.map((r: any) => r.title)).toEqual(
      many
        .slice(2)
        .reverse()
        .map((e) => e.title),
    );
    expect(res.body.reading[0]!.cover_url).toBeNull();
  });

  it('finds usernames case-insensitively; 404 Profile not found otherwise; 400 for a blank name', async () => {
    const reader = await createTestUser(t);
    expect((await t.sf('public-profile', { username: reader.username.toUpperCase() })).body.profile.id).toBe(
      reader.id,
    );
    expect(await t.sf('public-profile', { username: 'nobody_here' })).toEqual({
      status: 404,
      body: { error: 'Profile not found', code: 'not_found' },
    });
    expect((await t.sf('public-profile', { username: '%' })).status).toBe(404);
    for (const body of [{}, { username: '' }, { username: '   ' }, { username: 5 }]) {
      expect((await t.sf('public-profile', body)).status).toBe(400);
    }
  });
});

describe('progressPercent', () => {
  it('uses the percent when known, else page / page_count, capped to 0..100 and rounded', () => {
    expect(progressPercent(33.5, 10, 100)).toBe(34);
    expect(progressPercent(null, 50, 200)).toBe(25);
    expect(progressPercent(null, 250, 200)).toBe(100);
    expect(progressPercent(null, 50, null)).toBe(0);
    expect(progressPercent(null, null, 300)).toBe(0);
    expect(progressPercent(0, 120, 100)).toBe(0);
  });
});
