import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasValidCheckDigit } from '@shared/domain/isbn';
import { GENRES } from '../../metadata/genre-map';
import { openTestDb } from '../../../tests/support/test-db';
import type { TestDb } from '../../../tests/support/test-db';
import type { SeedWork } from './catalogue';
import { loadDemoCatalogue, seedCatalogue } from './catalogue';

let works: SeedWork[];
beforeAll(async () => {
  works = await loadDemoCatalogue();
});

describe('the demo catalogue data', () => {
  it('has at least 300 works, each with authors, a date and an edition', () => {
    expect(works.length).toBeGreaterThanOrEqual(300);
  });

  it('has a correct check digit on every ISBN-13, and no ISBN twice', () => {
    const isbns = works.flatMap((w) => w.editions.map((e) => e.isbn13));
    const bad = isbns.filter((isbn) => !hasValidCheckDigit(isbn));
    expect(bad).toEqual([]);
    expect(new Set(isbns).size).toBe(isbns.length);
  });

  it('has no work twice', () => {
    const keys = works.map((w) => `${w.title.toLowerCase()}|${w.authors[0]?.toLowerCase()}`);
    const dupes = keys.filter((k, i) => keys.indexOf(k) !== i);
    expect(dupes).toEqual([]);
  });

  it('uses only the genre vocabulary', () => {
    const unknown = works.flatMap((w) => w.genres).filter((g) => !(GENRES as readonly string[]).includes(g));
    expect(unknown).toEqual([]);
  });

  it('spans the eras and the genres', () => {
    const years = works.map((w) => Number(w.first_published.slice(0, 4)));
    expect(years.filter((y) => y < 1900).length).toBeGreaterThan(30);
    expect(years.filter((y) => y >= 1950).length).toBeGreaterThan(100);
    expect(new Set(works.flatMap((w) => w.genres)).size).toBeGreaterThanOrEqual(20);
  });
});

describe('seeding', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await openTestDb();
  });
  afterAll(() => t.drop());

  const counts = async () =>
    (
      await t.db.query<Record<string, number>>(
        `select (select count(*) from works) as works, (select count(*) from editions) as editions,
                (select count(*) from authors) as authors, (select count(*) from work_genres) as work_genres,
                (select count(*) from works where primary_edition_id is null) as without_primary`,
      )
    )[0];

  it('loads every work once, and a second run adds nothing', async () => {
    expect(await seedCatalogue(t.db, works)).toBe(works.length);
    const first = await counts();
    expect(first).toMatchObject({
      works: works.length,
      editions: works.reduce((n, w) => n + w.editions.length, 0),
      without_primary: 0,
    });
    expect(await seedCatalogue(t.db, works)).toBe(0);
    expect(await counts()).toEqual(first);
  });

  it('makes every seeded work findable by its title', async () => {
    const sample = works.filter((_, i) => i % 37 === 0);
    for (const w of sample) {
      const rows = await t.db.query<{ title: string }>(
        `select title from works where search_vector @@ websearch_to_tsquery('english', f_unaccent($1))`,
        [w.title],
      );
      expect(
        rows.map((r) => r.title),
        w.title,
      ).toContain(w.title);
    }
  });
});
