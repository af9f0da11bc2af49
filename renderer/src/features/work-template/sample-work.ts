// The hard-coded sample behind /worktemplate (SPEC.md §1, §2 "Work template"): a made-up book, its lists
// and a handful of made-up reviews for the insights. Nothing here comes from, or goes to, the server.
import type { InsightReview } from '@shared/domain/insights';

export const SAMPLE_WORK = {
  title: 'The Lantern Road',
  authors: ['Mira Calloway'],
  firstPublished: 'March 14, 2019',
  ratingSum: 170.5,
  ratingCount: 41,
  genres: ['Fantasy', 'Adventure', 'Coming of Age'],
  description:
    'When the lamps along the old coast road go dark one by one, a lamplighter’s apprentice sets out to ' +
    'learn why. Her journey takes her through drowned villages, a library that rearranges itself at ' +
    'night and a city that has forgotten the sea, in a story about keeping small lights burning.',
  edition: {
    publisher: 'Harbor & Finch',
    year: 2020,
    pages: 412,
    isbn10: '0000000000',
    isbn13: '9780000000000',
  },
} as const;

/** The lists of the 'Add to Lists' dialog, as the spec names them. */
export const SAMPLE_LISTS = ['Want to Read', 'Currently Reading', 'Read', 'Fantasy Classics', 'Favorites'];

const review = (
  tone_q: number,
  pace_q: number,
  story_focus_q: number,
  recommend_yes: boolean | null,
  moods: number[],
  qualities: number[],
  content_warnings: Record<string, number> = {},
): InsightReview => ({ tone_q, pace_q, story_focus_q, recommend_yes, moods, qualities, content_warnings });

export const SAMPLE_REVIEWS: InsightReview[] = [
  review(4, 2, 2, true, [1, 4, 8], [1, 3], { '4': 2 }),
  review(3, 2, 3, true, [1, 2], [1, 5]),
  review(4, 1, 2, true, [4, 8, 2], [3], { '1': 1, '4': 1 }),
  review(2, 3, 1, false, [1, 3], [2]),
  review(4, 2, 2, null, [2, 8], [1, 3, 5], { '4': 3 }),
];
