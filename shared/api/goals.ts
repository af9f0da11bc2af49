// Contracts of the goals calls (SPEC.md §7). Progress is computed by the rules in
// shared/domain/reading-stats.ts, the same ones behind reading-stats and reading-streak.
import { z } from 'zod';
import { GOAL_TYPES } from '../domain/reading-stats';
import type { EndpointDef } from './common';
import { endpoint, ok } from './common';
import { timeZone } from './reading';

export const goalType = z.enum(GOAL_TYPES);
const targetMessage = 'Target must be a positive whole number';

export const readingGoal = z.object({
  goal_year: z.number().int(),
  goal_type: goalType,
  target_qty: z.number().int(),
  /** Books and pages are whole numbers; hours have one decimal. */
  progress: z.number(),
});
export type ReadingGoal = z.infer<typeof readingGoal>;

export const goalsEndpoints = {
  'reading-goals': endpoint(
    'user',
    z.object({ timezone: timeZone }),
    z.object({ year: z.number().int(), goals: z.array(readingGoal) }),
  ),
  'set-reading-goal': endpoint(
    'user',
    z.object({
      /** The current year; one year either side is accepted because the caller's local year may differ. */
      goal_year: z.number().int('must be a year'),
      goal_type: goalType,
      target_qty: z
        .number(targetMessage)
        .int(targetMessage)
        .positive(targetMessage)
        .max(1_000_000, 'Target must be at most 1000000'),
    }),
    ok,
  ),
} satisfies Record<string, EndpointDef>;
