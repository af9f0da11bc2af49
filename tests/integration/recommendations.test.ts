// Recommended over real HTTP (issue 28), with a small community signed in by supabase-js: classics readers
// and fantasy readers rate their kind 5 stars; a reader who loves a classic is recommended classics, not
// fantasy, with a reason that is true, refreshed by the per-reader job within 10 s of the rating; nothing
// shelved comes back; Not interested sticks and undo works; private events change nothing anyone else
// sees; an unverified work never appears; a new reader's chosen genres give recommendations at once.
import { MAX_TASTE_CHOICES_PER_MINUTE } from '../../server/features/recommendations/handlers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecommendationItem } from '@shared/api/recommendations';
import { seedCatalogue } from '../../server/db/seed/catalogue';
import type { SeedWork } from '../../server/db/seed/catalogue';
import { rebuildAll } from '../../server/features/recommendations/similarity-job';
import { signedInReader } from '../support/import-flows';
import type { Reader } from '../support/import-flows';
import { startTestServer } from '../support/test-server';
import type { TestServer } from '../support/test-server';

/** A valid ISBN-13 from twelve digits. */
function isbn13(twelve: string): string {
  const sum = [...twelve].reduce((s, d, i) => s + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return `${twelve}${(10 - (sum % 10)) % 10}`;
}
const kinds = { Classic: 'Classics', Saga: 'Fantasy' } as const;
const catalogue: SeedWork[] = Object.entries(kinds).flatMap(([word, genre], k) =>
  [1, 2, 3, 4, 5].map((n) => ({
    title: `${word} ${n}`,
    authors: [`${word} Author ${n}`],
    first_published: '2001-01-01',
    date_string: '2001',
    genres: [genre],
    description: `${word} number ${n}.`,
    editions: [
      {
        isbn13: isbn13(`9780000${k}${n}000`),
        title: `${word} ${n}`,
        publisher: 'Test House',
        date: '2001-01-01',
        date_string: '2001',
        page_count: 200,
        format: 'Paperback' as const,
      },
    ],
  })),
);

let s: TestServer;
const book: Record<string, { work_id: string; edition_id: string }> = {};
beforeAll(async () => {
  s = await startTestServer();
  await seedCatalogue(s.t.deps.db, catalogue);
  const rows = await s.t.deps.db.query<{ title: string; work_id: string; edition_id: string }>(
    `select w.title, w.id as work_id, (select e.id from public.editions e where e.work_id = w.id limit 1) as edition_id
     from public.works w where w.title ~ '^(Classic|Saga) \\d$'`,
  );
  for (const r of rows) book[r.title] = { work_id: r.work_id, edition_id: r.edition_id };
}, 300_000);
afterAll(() => s.close());

async function rate(r: Reader, title: string, rating: number, mood_ids: number[] = []) {
  const res = await s.sf('submit-review', { work_id: book[title]!.work_id, rating, mood_ids }, r.token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}
async function finish(r: Reader, title: string, is_public: boolean) {
  const b = book[title]!;
  for (const event_type of ['start', 'finish'] as const) {
    const res = await s.sf(
      'log-progress-event',
      { work_id: b.work_id, edition_id: b.edition_id, event_type, is_public },
      r.token,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
}
async function recommended(r: Reader): Promise<{ items: RecommendationItem[]; new_reader: boolean }> {
  const res = await s.sf('recommended-works', {}, r.token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}
const titles = (items: { title: string }[]) => items.map((i) => i.title);

/** Waits for the reader's refresh job to store a list newer than `since`; answers how long it took. */
async function refreshedAfter(r: Reader, since: Date, timeoutMs = 10_000): Promise<number> {
  s.t.deps.jobs.wake();
  const start = Date.now();
  for (;;) {
    const [row] = await s.t.deps.db.query<{ fresh: boolean }>(
      `select refreshed_at > $2 as fresh from public.reader_recommendation_refreshes where user_id = $1`,
      [r.id, since.toISOString()],
    );
    if (row?.fresh) return Date.now() - start;
    if (Date.now() - start > timeoutMs) throw new Error(`no refresh within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
async function dbNow(): Promise<Date> {
  const [row] = await s.t.deps.db.query<{ now: Date }>('select now()');
  return new Date(row!.now);
}

describe('on a catalogue nobody has rated yet', () => {
  it('gives a new reader books of the genres they choose, and says it is the genre', async () => {
    await rebuildAll(s.t.deps.db);
    const newcomer = await signedInReader(s);
    const { genres } = (await s.sf('discovery-genres', {})).body;
    const fantasy = genres.find((g: { name: string }) => g.name === 'Fantasy')!.id;
    const res = await s.sf('choose-taste', { genre_ids: [fantasy], moods: [] }, newcomer.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { items } = await recommended(newcomer);
    expect(titles(items).sort()).toEqual(['Saga 1', 'Saga 2', 'Saga 3', 'Saga 4', 'Saga 5']);
    for (const item of items) expect(item.reason).toBe('In genres you like: Fantasy');
  });
});

let classicFan: Reader;
let sagaFan: Reader;
describe('recommendations', () => {
  beforeAll(async () => {
    // The community: three readers of each kind loved their kind.
    for (const [word, mood] of [
      ['Classic', 8],
      ['Saga', 1],
    ] as const) {
      for (let i = 0; i < 3; i++) {
        const r = await signedInReader(s);
        for (let n = 1; n <= 5; n++) await rate(r, `${word} ${n}`, 5, [mood]);
      }
    }
    await rebuildAll(s.t.deps.db);
  });

  it('recommends a reader who loves a classic more classics, with a true reason, within 10 s', async () => {
    classicFan = await signedInReader(s);
    expect((await recommended(classicFan)).new_reader).toBe(true);
    const since = await dbNow();
    await rate(classicFan, 'Classic 1', 5);
    expect(await refreshedAfter(classicFan, since)).toBeLessThan(10_000);
    const { items, new_reader } = await recommended(classicFan);
    expect(new_reader).toBe(false);
    const list = titles(items);
    expect(list).not.toContain('Classic 1');
    expect(list.slice(0, 4).sort()).toEqual(['Classic 2', 'Classic 3', 'Classic 4', 'Classic 5']);
    expect(items[0]!.reason).toBe('Because you rated *Classic 1* 5 stars');
    expect(items[0]!.reason_facts).toEqual({
      kind: 'rated',
      work_id: book['Classic 1']!.work_id,
      title: 'Classic 1',
      rating: 5,
    });
  });

  it('never recommends what the reader shelved or logged', async () => {
    const res = await s.sf(
      'add-to-shelf',
      { shelf_name: 'to-be-read', edition_id: book['Classic 2']!.edition_id },
      classicFan.token,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // At once, before the refresh: the read passes over it.
    expect(titles((await recommended(classicFan)).items)).not.toContain('Classic 2');
    const since = await dbNow();
    await finish(classicFan, 'Classic 3', false);
    await refreshedAfter(classicFan, since);
    const list = titles((await recommended(classicFan)).items);
    expect(list).not.toContain('Classic 2');
    expect(list).not.toContain('Classic 3');
  });

  it('keeps a work marked Not interested away, and brings it back on undo', async () => {
    const work_id = book['Classic 4']!.work_id;
    expect((await s.sf('mark-not-interested', { work_id }, classicFan.token)).status).toBe(200);
    expect(titles((await recommended(classicFan)).items)).not.toContain('Classic 4');
    // It sticks through a refresh.
    const since = await dbNow();
    await rate(classicFan, 'Saga 5', 1);
    await refreshedAfter(classicFan, since);
    expect(titles((await recommended(classicFan)).items)).not.toContain('Classic 4');
    expect((await s.sf('undo-not-interested', { work_id }, classicFan.token)).status).toBe(200);
    expect(titles((await recommended(classicFan)).items)).toContain('Classic 4');
    // A work that does not exist is refused, and changes nothing.
    const missing = await s.sf('mark-not-interested', { work_id: crypto.randomUUID() }, classicFan.token);
    expect(missing.status).toBe(404);
  });

  it('lets private events change nothing anyone else sees', async () => {
    sagaFan = await signedInReader(s);
    await rate(sagaFan, 'Saga 1', 5);
    await rebuildAll(s.t.deps.db);
    const { refreshReader } = await import('../../server/features/recommendations/reader-refresh');
    await refreshReader(s.t.deps.db, sagaFan.id);
    const before = await recommended(sagaFan);
    const similarBefore = await s.t.deps.db.query('select * from public.work_similarities order by 1, 2');
    const alsoBefore = (await s.sf('readers-also-enjoyed', { work_id: book['Saga 1']!.work_id })).body;
    // Another reader finishes, privately, a classic and a saga, many times over.
    for (let i = 0; i < 4; i++) {
      const secret = await signedInReader(s);
      await finish(secret, 'Saga 1', false);
      await finish(secret, 'Classic 5', false);
    }
    await rebuildAll(s.t.deps.db);
    await refreshReader(s.t.deps.db, sagaFan.id);
    expect(await s.t.deps.db.query('select * from public.work_similarities order by 1, 2')).toEqual(
      similarBefore,
    );
    expect((await s.sf('readers-also-enjoyed', { work_id: book['Saga 1']!.work_id })).body).toEqual(
      alsoBefore,
    );
    expect((await recommended(sagaFan)).items).toEqual(before.items);
    expect(titles(before.items).slice(0, 4).sort()).toEqual(['Saga 2', 'Saga 3', 'Saga 4', 'Saga 5']);
  });

  it('never shows an unverified work', async () => {
    await s.t.deps.db.query('update public.works set verified = false where id = $1', [
      book['Saga 2']!.work_id,
    ]);
    try {
      expect(titles((await recommended(sagaFan)).items)).not.toContain('Saga 2');
      await rebuildAll(s.t.deps.db);
      const { refreshReader } = await import('../../server/features/recommendations/reader-refresh');
      await refreshReader(s.t.deps.db, sagaFan.id);
      expect(titles((await recommended(sagaFan)).items)).not.toContain('Saga 2');
      const also = await s.sf('readers-also-enjoyed', { work_id: book['Saga 1']!.work_id });
      expect(titles(also.body.items)).not.toContain('Saga 2');
      expect(titles((await s.sf('popular-works', {})).body.items)).not.toContain('Saga 2');
      expect((await s.sf('readers-also-enjoyed', { work_id: book['Saga 2']!.work_id })).status).toBe(404);
    } finally {
      await s.t.deps.db.query('update public.works set verified = true where id = $1', [
        book['Saga 2']!.work_id,
      ]);
    }
  });

  it('gives a new reader recommendations from chosen genres at once', async () => {
    const newcomer = await signedInReader(s);
    expect((await recommended(newcomer)).new_reader).toBe(true);
    const { genres } = (await s.sf('discovery-genres', {})).body;
    const fantasy = genres.find((g: { name: string }) => g.name === 'Fantasy')!.id;
    const bad = await s.sf('choose-taste', { genre_ids: [999_999], moods: [] }, newcomer.token);
    expect(bad.status).toBe(400);
    expect((await recommended(newcomer)).new_reader).toBe(true);
    const res = await s.sf('choose-taste', { genre_ids: [fantasy], moods: [1] }, newcomer.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { items, new_reader } = await recommended(newcomer);
    expect(new_reader).toBe(false);
    expect(titles(items.slice(0, 4)).every((t) => t.startsWith('Saga'))).toBe(true);
    expect((await s.sf('taste-choice', {}, newcomer.token)).body).toEqual({
      genre_ids: [fantasy],
      moods: [1],
    });
  });

  it('counts taste choices: past ten a minute the reader is refused and their choice stays as it was', async () => {
    const chooser = await signedInReader(s);
    const { genres } = (await s.sf('discovery-genres', {})).body;
    const ids = genres.map((g: { id: number }) => g.id);
    for (let i = 0; i < MAX_TASTE_CHOICES_PER_MINUTE; i++) {
      const res = await s.sf('choose-taste', { genre_ids: [ids[i % ids.length]], moods: [] }, chooser.token);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const kept = (await s.sf('taste-choice', {}, chooser.token)).body;
    const refused = await s.sf('choose-taste', { genre_ids: [ids[0]], moods: [1] }, chooser.token);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('limit_reached');
    expect((await s.sf('taste-choice', {}, chooser.token)).body).toEqual(kept);
  });

  it('shows signed-out visitors what is well rated and popular, and refuses them the personal list', async () => {
    const res = await s.sf('popular-works', {});
    expect(res.status).toBe(200);
    expect(res.body.items.length).toBeGreaterThan(0);
    expect(res.body.items[0].reason).toMatch(/^Well rated and popular: /);
    expect((await s.sf('recommended-works', {})).status).toBe(401);
  });
});
