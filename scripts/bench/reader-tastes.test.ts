import { describe, expect, it } from 'vitest';
import { rng } from './random';
import {
  NICHES_PER_GENRE,
  TasteUniverse,
  moodsOfGenre,
  nicheOf,
  reviewMoods,
  tasteRating,
} from './reader-tastes';
import type { TastedEdition } from './reader-tastes';

/** 3,000 works over genres 1-6, genre 1 the most common. */
function universe(): TasteUniverse {
  const rand = rng(3);
  const works: TastedEdition[] = [];
  for (let i = 0; i < 3000; i++) {
    const id = `00000000-0000-4000-8000-${i.toString(16).padStart(12, '0')}`;
    const genre = 1 + Math.floor(6 * rand() ** 2);
    works.push({ editionId: id, workId: id, pageCount: 200, genreIds: rand() < 0.3 ? [genre, 6] : [genre] });
  }
  return new TasteUniverse(works);
}

describe('reader tastes', () => {
  const tastes = universe();

  it("gives each reader genres, two niches inside their first genre and their genres' moods", () => {
    const rand = rng(5);
    for (let i = 0; i < 50; i++) {
      const taste = tastes.taste(rand);
      expect(taste.genres.length).toBeGreaterThanOrEqual(1);
      expect(taste.niches).toHaveLength(2);
      for (const niche of taste.niches) expect(niche.startsWith(`${taste.genres[0]}:`)).toBe(true);
      expect(taste.moods).toEqual([...new Set(taste.genres.flatMap(moodsOfGenre))]);
    }
  });

  it('has readers read mostly within their tastes, and rate their niches highest', () => {
    const rand = rng(9);
    const taste = tastes.taste(rand);
    const books = tastes.books(taste, 200, rand);
    expect(new Set(books.map((b) => b.workId)).size).toBe(books.length);
    const inNiche = books.filter((b) => taste.niches.includes(nicheOf(b) ?? ''));
    const inGenres = books.filter((b) => b.genreIds.some((g) => taste.genres.includes(g)));
    expect(inNiche.length / books.length).toBeGreaterThan(0.3);
    expect(inGenres.length / books.length).toBeGreaterThan(0.6);
    for (const b of inNiche) expect(tasteRating(taste, b, rand)).toBeGreaterThanOrEqual(4);
    const outside = books.filter((b) => !b.genreIds.some((g) => taste.genres.includes(g)));
    for (const b of outside) expect(tasteRating(taste, b, rand)).toBeLessThanOrEqual(4);
  });

  it("picks review moods from the work's genres, now and then one more", () => {
    const rand = rng(1);
    const work = tastes.all[0]!;
    const own = new Set(work.genreIds.flatMap(moodsOfGenre));
    let foreign = 0;
    for (let i = 0; i < 200; i++) foreign += reviewMoods(work, rand).filter((m) => !own.has(m)).length;
    expect(foreign).toBeGreaterThan(0);
    expect(foreign).toBeLessThan(40);
  });

  it('spreads a genre over its niches', () => {
    const niches = [...tastes.byNiche.keys()].filter((n) => n.startsWith('1:'));
    expect(niches.length).toBe(NICHES_PER_GENRE);
  });
});
