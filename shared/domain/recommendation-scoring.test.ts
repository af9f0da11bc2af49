import { describe, expect, it } from 'vitest';
import { MOODS } from './review-options';
import { explainRecommendation } from './recommendation-reasons';
import { rankCandidates, scoreCandidate, seedWeight } from './recommendation-scoring';
import type { Candidate, ReaderTaste, Seed } from './recommendation-scoring';

const dune: Seed = { work_id: 'dune', title: 'Dune', rating: 5, finished: true };
const emma: Seed = { work_id: 'emma', title: 'Emma', rating: null, finished: true };
const disliked: Seed = { work_id: 'bad', title: 'Bad Book', rating: 2, finished: true };

const candidate = (over: Partial<Candidate>): Candidate => ({
  work_id: 'c',
  links: [],
  genre_ids: [],
  genre_names: {},
  moods: [],
  popularity: 0,
  rating_average: 4,
  rating_count: 10,
  ...over,
});
const taste = (over: Partial<ReaderTaste> = {}): ReaderTaste => ({
  history: 3,
  genres: new Map(),
  moods: new Map(),
  ...over,
});

describe('seedWeight', () => {
  it('counts a 5-star rating most, a plain finish less, a low rating not at all', () => {
    expect(seedWeight(dune)).toBe(1);
    expect(seedWeight({ rating: 4, finished: false })).toBe(0.5);
    expect(seedWeight(emma)).toBeGreaterThan(0);
    expect(seedWeight(emma)).toBeLessThan(0.5);
    expect(seedWeight(disliked)).toBe(0);
  });
});

describe('scoreCandidate', () => {
  it('ranks a book liked by readers of a loved book above a merely popular one', () => {
    const similar = candidate({
      work_id: 'a',
      links: [{ seed: dune, score: 0.6, co_liked: 4, co_finished: 2 }],
    });
    const popular = candidate({ work_id: 'b', popularity: 1 });
    expect(rankCandidates([popular, similar], taste(), 10).map((s) => s.work_id)).toEqual(['a', 'b']);
  });
  it('lets the popularity prior lead for a reader with no history, and fade as it grows', () => {
    const popular = candidate({ popularity: 1 });
    expect(scoreCandidate(popular, taste({ history: 0 })).score).toBeGreaterThan(
      scoreCandidate(popular, taste({ history: 50 })).score,
    );
  });
  it('prefers the genres and moods the reader likes', () => {
    const t = taste({ genres: new Map([[1, 1]]), moods: new Map([[9, 1]]) });
    const mine = candidate({ work_id: 'a', genre_ids: [1], moods: [9] });
    const other = candidate({ work_id: 'b', genre_ids: [2], moods: [3] });
    expect(rankCandidates([other, mine], t, 10).map((s) => s.work_id)).toEqual(['a', 'b']);
  });
  it('gives nothing for a link from a book the reader rated low', () => {
    const c = candidate({ links: [{ seed: disliked, score: 1, co_liked: 5, co_finished: 5 }] });
    expect(scoreCandidate(c, taste()).score).toBe(0);
  });
});

/** The facts of every reason, checked against what the candidate and the reader really are. */
describe('an explanation names only facts that hold', () => {
  const t = taste({
    genres: new Map([
      [1, 1],
      [2, 0.5],
    ]),
    moods: new Map([
      [9, 1],
      [8, 0.6],
    ]),
  });
  const cases: Candidate[] = [
    candidate({ links: [{ seed: dune, score: 0.9, co_liked: 3, co_finished: 0 }] }),
    candidate({ links: [{ seed: emma, score: 0.9, co_liked: 0, co_finished: 4 }] }),
    // Dune linked by co-finishes only: the reason may not claim readers who liked it.
    candidate({ links: [{ seed: dune, score: 0.9, co_liked: 0, co_finished: 2 }] }),
    candidate({ moods: [9, 8, 3], genre_ids: [5] }),
    candidate({ genre_ids: [1, 7], genre_names: { 1: 'Fantasy', 7: 'Poetry' } }),
    candidate({ popularity: 1, rating_average: 4.4, rating_count: 120 }),
  ];
  for (const [i, c] of cases.entries()) {
    it(`case ${i}`, () => {
      const { reason } = scoreCandidate(c, t);
      const text = explainRecommendation(reason);
      switch (reason.kind) {
        case 'rated': {
          const link = c.links.find((l) => l.seed.work_id === reason.work_id)!;
          expect(link.seed.rating).toBe(reason.rating);
          expect(link.co_liked).toBeGreaterThan(0);
          expect(text).toContain(`*${link.seed.title}*`);
          break;
        }
        case 'also_finished': {
          const link = c.links.find((l) => l.seed.work_id === reason.work_id)!;
          expect(link.seed.finished).toBe(true);
          expect(link.co_finished).toBe(reason.readers);
          expect(text).toContain(`*${link.seed.title}*`);
          break;
        }
        case 'moods':
          for (const m of reason.moods) {
            expect(c.moods).toContain(m);
            expect(t.moods.get(m)).toBeGreaterThan(0);
          }
          for (const mood of MOODS)
            expect(text.includes(mood.label.toLowerCase())).toBe(reason.moods.includes(mood.id));
          break;
        case 'genres':
          for (const name of reason.genres) {
            const id = Number(Object.entries(c.genre_names).find(([, n]) => n === name)![0]);
            expect(c.genre_ids).toContain(id);
            expect(t.genres.get(id)).toBeGreaterThan(0);
          }
          expect(text).not.toContain('Poetry');
          break;
        case 'popular':
          expect(reason.rating_count).toBe(c.rating_count);
          expect(reason.rating_average).toBe(c.rating_average);
          break;
      }
    });
  }
  it('uses each kind of reason across the cases', () => {
    expect(new Set(cases.map((c) => scoreCandidate(c, t).reason.kind))).toEqual(
      new Set(['rated', 'also_finished', 'moods', 'genres', 'popular']),
    );
  });
});
