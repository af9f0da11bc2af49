// How the recommender (issue 28) weighs one candidate book for one reader, and which true fact explains it.
// Pure: the refresh job (server/features/recommendations/reader-refresh.ts) gathers the facts from the
// database and stores what this answers. Three signals combine:
//  - item to item: the reader's liked or finished books ("seeds") and how similar the candidate is to each,
//    from public co-likes and co-finishes;
//  - content: the candidate's genres and community moods against the reader's (from their books, their
//    reviews' moods, and what a new reader chose);
//  - a popularity prior, strong for a reader with little history and fading as the history grows.
import type { ReasonFacts } from './recommendation-reasons';

/** A book the reader liked or finished, which similar books are found from. */
export interface Seed {
  work_id: string;
  title: string;
  /** The reader's own rating, when they rated it. */
  rating: number | null;
  finished: boolean;
}

/** How much a seed says about the reader's taste: a 5-star rating most, a plain finish least. */
export function seedWeight(seed: Pick<Seed, 'rating' | 'finished'>): number {
  if (seed.rating !== null) return seed.rating >= 4 ? (seed.rating - 3) / 2 : 0;
  return seed.finished ? 0.4 : 0;
}

/** One link from a seed to the candidate in the item-to-item table. */
export interface SimilarityLink {
  seed: Seed;
  score: number;
  co_liked: number;
  co_finished: number;
}

export interface Candidate {
  work_id: string;
  links: SimilarityLink[];
  genre_ids: number[];
  genre_names: Record<number, string>;
  /** Moods picked by a good share of its public reviewers. */
  moods: number[];
  /** 0..1: how well rated and popular it is, relative to the most popular work. */
  popularity: number;
  rating_average: number | null;
  rating_count: number;
}

export interface ReaderTaste {
  /** How many books the reader has liked or finished: the more, the less the popularity prior counts. */
  history: number;
  /** Weight of each genre in the reader's books and choices, 0..1. */
  genres: Map<number, number>;
  /** Weight of each mood in the reader's reviews and choices, 0..1. */
  moods: Map<number, number>;
}

/**
 * item is 2.5 since similarities are damped by their evidence (similarity-job.ts SIMILARITY_SHRINK): a pair
 * three readers share keeps about 0.4 of its cosine, and still outweighs a genre match (docs/performance.md).
 */
export const WEIGHTS = { item: 2.5, genre: 0.35, mood: 0.35, prior: 0.5 } as const;
/** Past this many books, the popularity prior has halved. */
const PRIOR_HALF_HISTORY = 5;

export interface Scored {
  work_id: string;
  score: number;
  reason: ReasonFacts;
}

const itemContribution = (l: SimilarityLink) => seedWeight(l.seed) * l.score;

/** The candidate's moods the reader also likes, the reader's strongest first. */
function sharedMoods(c: Candidate, taste: ReaderTaste): number[] {
  return c.moods
    .filter((m) => (taste.moods.get(m) ?? 0) > 0)
    .sort((a, b) => (taste.moods.get(b) ?? 0) - (taste.moods.get(a) ?? 0) || a - b);
}

function sharedGenres(c: Candidate, taste: ReaderTaste): number[] {
  return c.genre_ids
    .filter((g) => (taste.genres.get(g) ?? 0) > 0)
    .sort((a, b) => (taste.genres.get(b) ?? 0) - (taste.genres.get(a) ?? 0) || a - b);
}

export function scoreCandidate(c: Candidate, taste: ReaderTaste): Scored {
  const item = c.links.reduce((sum, l) => sum + itemContribution(l), 0);
  const genres = sharedGenres(c, taste);
  const moods = sharedMoods(c, taste);
  const genre = c.genre_ids.length === 0 ? 0 : Math.max(0, ...genres.map((g) => taste.genres.get(g) ?? 0));
  const mood =
    c.moods.length === 0 ? 0 : moods.reduce((s, m) => s + (taste.moods.get(m) ?? 0), 0) / c.moods.length;
  const prior = c.popularity / (1 + taste.history / PRIOR_HALF_HISTORY);
  const parts = {
    item: WEIGHTS.item * item,
    genre: WEIGHTS.genre * genre,
    mood: WEIGHTS.mood * mood,
    prior: WEIGHTS.prior * prior,
  };
  const score = parts.item + parts.genre + parts.mood + parts.prior;
  return { work_id: c.work_id, score, reason: chooseReason(c, parts, genres, moods) };
}

/** The strongest signal that holds becomes the reason; each names only what the candidate's facts show. */
function chooseReason(
  c: Candidate,
  parts: { item: number; genre: number; mood: number; prior: number },
  genres: number[],
  moods: number[],
): ReasonFacts {
  const best = [...c.links].sort((a, b) => itemContribution(b) - itemContribution(a))[0];
  const strongest = Math.max(parts.item, parts.genre, parts.mood, parts.prior);
  if (best && itemContribution(best) > 0 && parts.item === strongest) {
    const { seed } = best;
    if (seed.rating !== null && seed.rating >= 4 && best.co_liked > 0)
      return { kind: 'rated', work_id: seed.work_id, title: seed.title, rating: seed.rating };
    if (seed.finished && best.co_finished > 0)
      return { kind: 'also_finished', work_id: seed.work_id, title: seed.title, readers: best.co_finished };
  }
  if (moods.length > 0 && parts.mood >= parts.genre && parts.mood > 0)
    return { kind: 'moods', moods: moods.slice(0, 3) };
  if (genres.length > 0 && parts.genre > 0)
    return {
      kind: 'genres',
      genres: genres
        .slice(0, 2)
        .map((g) => c.genre_names[g] ?? '')
        .filter(Boolean),
    };
  return { kind: 'popular', rating_average: c.rating_average ?? 0, rating_count: c.rating_count };
}

/** Ranks candidates, best first, ties by work id so a refresh is repeatable. */
export function rankCandidates(candidates: Candidate[], taste: ReaderTaste, keep: number): Scored[] {
  return candidates
    .map((c) => scoreCandidate(c, taste))
    .sort((a, b) => b.score - a.score || (a.work_id < b.work_id ? -1 : a.work_id > b.work_id ? 1 : 0))
    .slice(0, keep);
}
