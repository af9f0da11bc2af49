// Contracts of Recommended (issue 28): a reader's stored recommendations with their reasons, "Not
// interested", a new reader's taste choice, "Readers also enjoyed" for a work, and the signed-out list.
import { z } from 'zod';
import { empty, endpoint, id, ok } from './common';
import type { EndpointDef } from './common';
import { DISCOVERY_PAGE, discoveryBook } from './discovery';

const pageLimit = z.number().int().min(1).max(60).default(DISCOVERY_PAGE);
const rankCursor = z.number().int().min(0).max(1_000_000).optional();

/** The facts a reason is made from (shared/domain/recommendation-reasons.ts ReasonFacts). */
export const reasonFacts = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('rated'), work_id: id, title: z.string(), rating: z.number() }),
  z.object({ kind: z.literal('also_finished'), work_id: id, title: z.string(), readers: z.number().int() }),
  z.object({ kind: z.literal('also_liked'), work_id: id, title: z.string(), readers: z.number().int() }),
  z.object({ kind: z.literal('moods'), moods: z.array(z.number().int()) }),
  z.object({ kind: z.literal('genres'), genres: z.array(z.string()) }),
  z.object({ kind: z.literal('popular'), rating_average: z.number(), rating_count: z.number().int() }),
]);

export const recommendationItem = discoveryBook.extend({
  rank: z.number().int().positive(),
  reason_facts: reasonFacts,
  /** The reason in words, the source title between asterisks (reasonParts renders it in italics). */
  reason: z.string(),
});
export type RecommendationItem = z.infer<typeof recommendationItem>;

export const MAX_TASTE_GENRES = 10;
export const tasteChoice = z
  .object({
    genre_ids: z.array(z.number().int().min(1).max(2_147_483_647)).max(MAX_TASTE_GENRES),
    moods: z.array(z.number().int().min(1).max(10)).max(10),
  })
  .strict();

const workRef = z.object({ work_id: id }).strict();

export const recommendationsEndpoints = {
  /**
   * The signed-in reader's recommendations, best first, as the reader's refresh job last stored them;
   * `after` is the last card's rank. `new_reader`: nothing liked, finished or chosen yet (show the chooser).
   */
  'recommended-works': endpoint(
    'user',
    z.object({ limit: pageLimit, after: rankCursor }).strict(),
    z.object({
      items: z.array(recommendationItem),
      next_cursor: z.number().int().nullable(),
      refreshed_at: z.string().nullable(),
      new_reader: z.boolean(),
    }),
  ),
  /** Well rated and popular, for everyone (the signed-out Recommended page). */
  'popular-works': endpoint(
    'public',
    z.object({ limit: pageLimit, after: rankCursor }).strict(),
    z.object({ items: z.array(recommendationItem), next_cursor: z.number().int().nullable() }),
  ),
  /** Never recommend this work to me again (until undone); it leaves my list at once. */
  'mark-not-interested': endpoint('user', workRef, ok),
  'undo-not-interested': endpoint('user', workRef, ok),
  /** A reader's chosen genres and moods. */
  'taste-choice': endpoint('user', empty, tasteChoice),
  /** Sets the chosen genres and moods and recomputes the reader's recommendations at once. */
  'choose-taste': endpoint('user', tasteChoice, ok),
  /** Works that readers who liked or finished this one also liked or finished, in public. */
  'readers-also-enjoyed': endpoint(
    'public',
    z.object({ work_id: id, limit: z.number().int().min(1).max(24).default(8) }).strict(),
    z.object({
      items: z.array(discoveryBook.extend({ co_liked: z.number().int(), co_finished: z.number().int() })),
    }),
  ),
} satisfies Record<string, EndpointDef>;
