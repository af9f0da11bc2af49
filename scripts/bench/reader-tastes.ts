// Readers with real tastes for the synthetic population (issue 28), so that a recommender can be measured
// against popularity on it (scripts/bench/recommendation-eval.ts). The model, in full:
//  - Every work has a primary genre (its first in work_genres) and a niche inside it: one of NICHES_PER_GENRE
//    groups picked by a hash of its id. Niches are a latent sub-taste (a subgenre, a school of writers)
//    that no metadata names: only readers' behaviour can reveal them.
//  - Every genre carries two moods (moodsOfGenre), so a work's moods follow from its genres.
//  - A reader is a cluster of tastes: 1-2 genres (by the bookshop skew of synthetic-catalogue.ts), 2 niches
//    inside the first, and the moods of those genres.
//  - Of the books a reader reads, half come from their niches, three in ten from their genres, and the rest
//    from everything by popularity; within each group popular books come up more often (Zipf).
//  - Ratings follow taste: a niche book 4-5 stars, a book of their genres 3-5, anything else 1-4. A review
//    picks each of the work's moods with a chance of 0.7 and a random mood with 0.1.
import type { Rand } from './random';
import { pick, skewedPick, zipfIndex } from './random';
import type { Edition } from './reader-rows';

export const NICHES_PER_GENRE = 20;
const SHARE_FROM_NICHES = 0.5;
const SHARE_FROM_GENRES = 0.3;

/** A work of the universe with the genres its taste is judged by. */
export interface TastedEdition extends Edition {
  genreIds: number[];
}

export interface ReaderTaste {
  genres: number[];
  niches: string[];
  moods: number[];
}

/** The two moods (review-options MOODS ids 1-10) a genre carries, the same on every run. */
export function moodsOfGenre(genreId: number): number[] {
  const first = 1 + (genreId % 10);
  const second = 1 + ((genreId * 3 + 4) % 10);
  return first === second ? [first] : [first, second];
}

/** A stable small hash of a work id (its hex digits), for the niche. */
function hashOf(id: string): number {
  let h = 0;
  for (const c of id.replace(/-/g, '').slice(-8)) h = (h * 16 + parseInt(c, 16)) >>> 0;
  return h;
}

export const nicheOf = (work: TastedEdition): string | null =>
  work.genreIds.length === 0 ? null : `${work.genreIds[0]}:${hashOf(work.workId) % NICHES_PER_GENRE}`;

function addTo<K>(map: Map<K, TastedEdition[]>, key: K, work: TastedEdition) {
  const list = map.get(key);
  if (list) list.push(work);
  else map.set(key, [work]);
}

/** The universe indexed by genre and niche, each list in the universe's popularity order. */
export class TasteUniverse {
  readonly byGenre = new Map<number, TastedEdition[]>();
  readonly byNiche = new Map<string, TastedEdition[]>();
  /** Genres by how many works carry them, most first: readers' favourites follow the bookshop's skew. */
  readonly genres: number[];

  constructor(readonly all: TastedEdition[]) {
    for (const work of all) {
      for (const g of work.genreIds) addTo(this.byGenre, g, work);
      const niche = nicheOf(work);
      if (niche) addTo(this.byNiche, niche, work);
    }
    this.genres = [...this.byGenre.entries()].sort((a, b) => b[1].length - a[1].length).map(([g]) => g);
  }

  /** A reader's cluster of tastes. */
  taste(rand: Rand): ReaderTaste {
    const genres = [skewedPick(this.genres, rand(), 1.8)];
    if (rand() < 0.5) {
      const second = skewedPick(this.genres, rand(), 1.8);
      if (second !== genres[0]) genres.push(second);
    }
    const niches = new Set<string>();
    while (niches.size < 2) niches.add(`${genres[0]}:${Math.floor(rand() * NICHES_PER_GENRE)}`);
    return {
      genres,
      niches: [...niches].filter((n) => this.byNiche.has(n)),
      moods: [...new Set(genres.flatMap(moodsOfGenre))],
    };
  }

  /** `count` distinct books for a reader of this taste, picked as the model above says. */
  books(taste: ReaderTaste, count: number, rand: Rand): TastedEdition[] {
    const chosen = new Map<string, TastedEdition>();
    const wanted = Math.min(count, this.all.length);
    const zipf = (list: TastedEdition[]) => list[zipfIndex(list.length, rand())] as TastedEdition;
    for (let tries = 0; chosen.size < wanted && tries < wanted * 20; tries++) {
      const r = rand();
      let list = this.all;
      if (r < SHARE_FROM_NICHES && taste.niches.length > 0)
        list = this.byNiche.get(pick(taste.niches, rand())) ?? this.all;
      else if (r < SHARE_FROM_NICHES + SHARE_FROM_GENRES)
        list = this.byGenre.get(pick(taste.genres, rand())) ?? this.all;
      const work = zipf(list);
      chosen.set(work.editionId, work);
    }
    return [...chosen.values()];
  }
}

/** The reader's rating of a work, in quarter stars, as the model above says. */
export function tasteRating(taste: ReaderTaste, work: TastedEdition, rand: Rand): number {
  const niche = nicheOf(work);
  const [low, high] =
    niche !== null && taste.niches.includes(niche)
      ? [4, 5]
      : work.genreIds.some((g) => taste.genres.includes(g))
        ? [3, 5]
        : [1, 4];
  return Math.round((low + rand() * (high - low)) * 4) / 4;
}

/** The moods a reviewer picks for a work: mostly the work's own (its genres'), sometimes another. */
export function reviewMoods(work: TastedEdition, rand: Rand): number[] {
  const moods = new Set(work.genreIds.flatMap(moodsOfGenre).filter(() => rand() < 0.7));
  if (rand() < 0.1) moods.add(1 + Math.floor(rand() * 10));
  return [...moods].sort((a, b) => a - b);
}
