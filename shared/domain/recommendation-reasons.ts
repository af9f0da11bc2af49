// Why a book is recommended (issue 28): the facts a reason is made from, as the recommender stores them
// beside each recommendation, and the one place that turns them into words. The words say only what the
// facts say, so a reason is as true as the facts the recommender found (recommendation-scoring.ts).
import { MOODS } from './review-options';

export type ReasonFacts =
  /** The reader rated `title` this many stars, and readers who liked it also liked this one. */
  | { kind: 'rated'; work_id: string; title: string; rating: number }
  /** `readers` readers finished both `title` (which this reader finished) and this one, in public. */
  | { kind: 'also_finished'; work_id: string; title: string; readers: number }
  /** `readers` readers liked (4 stars or more) both `title` and this one, in public. */
  | { kind: 'also_liked'; work_id: string; title: string; readers: number }
  /** The work's community moods that are also the reader's (mood ids of review-options MOODS). */
  | { kind: 'moods'; moods: number[] }
  /** Genres of the work the reader reads or chose. */
  | { kind: 'genres'; genres: string[] }
  /** Well rated and popular: the community's average and how many rated it. */
  | { kind: 'popular'; rating_average: number; rating_count: number };

const moodLabel = (id: number) => MOODS.find((m) => m.id === id)?.label.toLowerCase() ?? null;

const stars = (rating: number) =>
  `${Number.isInteger(rating) ? rating : rating.toFixed(2).replace(/0$/, '')} ${rating === 1 ? 'star' : 'stars'}`;

/**
 * Why a work shows under `source`'s "Readers also enjoyed": the larger of the public co-likes and co-finishes
 * the item-to-item data counted between them (likes on a tie, the stronger signal), or null when it counted
 * neither, so no reason is claimed.
 */
export function alsoEnjoyedFacts(
  source: { work_id: string; title: string },
  counts: { co_liked: number; co_finished: number },
): ReasonFacts | null {
  const { co_liked, co_finished } = counts;
  if (co_liked <= 0 && co_finished <= 0) return null;
  return co_liked >= co_finished
    ? { kind: 'also_liked', work_id: source.work_id, title: source.title, readers: co_liked }
    : { kind: 'also_finished', work_id: source.work_id, title: source.title, readers: co_finished };
}

/** Plain text of the reason; the title is wrapped in asterisks for the card to set in italics. */
export function explainRecommendation(facts: ReasonFacts): string {
  switch (facts.kind) {
    case 'rated':
      return `Because you rated *${facts.title}* ${stars(facts.rating)}`;
    case 'also_finished':
      return `Readers who finished *${facts.title}* also finished this`;
    case 'also_liked':
      return `Readers who liked *${facts.title}* also liked this`;
    case 'moods':
      return `Matches your moods: ${facts.moods
        .map(moodLabel)
        .filter((m) => m !== null)
        .join(', ')}`;
    case 'genres':
      return `In genres you like: ${facts.genres.join(', ')}`;
    case 'popular':
      return `Well rated and popular: ${facts.rating_average.toFixed(1)} average from ${facts.rating_count} ${facts.rating_count === 1 ? 'rating' : 'ratings'}`;
  }
}

/** The reason split into plain and title parts, for a card to render the title in italics without HTML. */
export function reasonParts(text: string): { text: string; title: boolean }[] {
  return text
    .split(/(\*[^*]+\*)/)
    .filter((part) => part !== '')
    .map((part) =>
      part.startsWith('*') && part.endsWith('*') && part.length > 2
        ? { text: part.slice(1, -1), title: true }
        : { text: part, title: false },
    );
}
