// Reading goals: one per type per year, progress computed by the shared stats rules over the local days of
// the caller's current year (shared/domain/reading-stats.ts), so it agrees with reading-stats.
import type { ReadingGoal } from '@shared/api/goals';
import { localDay, yearOf } from '@shared/domain/local-day';
import type { GoalType } from '@shared/domain/reading-stats';
import { GOAL_TYPES, goalProgress } from '@shared/domain/reading-stats';
import type { Queryable } from '../../db/db';
import { badRequest } from '../../http/errors';
import { cachedSummary } from '../insights/summary-cache';
import { readingStatsOf } from '../reading/stats-events';

export async function readingGoals(
  db: Queryable,
  userId: string,
  timeZone: string,
  now: Date,
): Promise<{ year: number; goals: ReadingGoal[] }> {
  const year = yearOf(localDay(now, timeZone));
  // Goals are kept with the reader's figures: setting one bumps the reader's version too (migration 0060).
  return cachedSummary(db, userId, `goals\u0000${timeZone}\u0000${year}`, async () => {
    const rows = await db.query<{ goal_type: GoalType; target_qty: number }>(
      'select goal_type, target_qty from public.reading_goals where user_id = $1 and goal_year = $2',
      [userId, year],
    );
    if (rows.length === 0) return { year, goals: [] };
    const stats = await readingStatsOf(db, userId, timeZone, year);
    const goals = rows
      .sort((a, b) => GOAL_TYPES.indexOf(a.goal_type) - GOAL_TYPES.indexOf(b.goal_type))
      .map((g) => ({
        goal_year: year,
        goal_type: g.goal_type,
        target_qty: g.target_qty,
        progress: goalProgress(g.goal_type, stats),
      }));
    return { year, goals };
  });
}

/**
 * Goals are for the current year; the caller's local year may be one either side of the server's UTC year
 * (time zones reach 14 hours from UTC), so those are accepted too.
 */
export async function setReadingGoal(
  db: Queryable,
  userId: string,
  goal: { goal_year: number; goal_type: GoalType; target_qty: number },
  now: Date,
): Promise<void> {
  const utcYear = now.getUTCFullYear();
  if (Math.abs(goal.goal_year - utcYear) > 1) {
    throw badRequest(`Goal year must be the current year (${utcYear - 1} to ${utcYear + 1}).`);
  }
  await db.query(
    `insert into public.reading_goals (user_id, goal_year, goal_type, target_qty) values ($1, $2, $3, $4)
     on conflict (user_id, goal_year, goal_type)
     do update set target_qty = excluded.target_qty, updated_at = now()`,
    [userId, goal.goal_year, goal.goal_type, goal.target_qty],
  );
}
