// Which goals a fresh reading-goals answer shows reached that the answer before it did not: those raise the
// "goal reached" notification once, when main sees the crossing in the answers it proxies.
import { z } from 'zod';

const goals = z.object({
  year: z.number(),
  goals: z.array(z.object({ goal_type: z.string(), target_qty: z.number(), progress: z.number() })),
});
export type ReachedGoal = z.infer<typeof goals>['goals'][number] & { year: number };

export function newlyReachedGoals(previous: unknown, next: unknown): ReachedGoal[] {
  const before = goals.safeParse(previous);
  const after = goals.safeParse(next);
  if (!before.success || !after.success || before.data.year !== after.data.year) return [];
  return after.data.goals
    .filter((goal) => goal.target_qty > 0 && goal.progress >= goal.target_qty)
    .filter((goal) => {
      const earlier = before.data.goals.find((g) => g.goal_type === goal.goal_type);
      // A goal just set (no earlier answer) that is already met is not news.
      return (
        earlier !== undefined && earlier.target_qty === goal.target_qty && earlier.progress < goal.target_qty
      );
    })
    .map((goal) => ({ ...goal, year: after.data.year }));
}

const UNITS: Record<string, string> = { books: 'books', pages: 'pages', hours: 'hours' };

export function goalNotice(goal: ReachedGoal) {
  const unit = UNITS[goal.goal_type] ?? goal.goal_type;
  return {
    kind: 'goal-reached' as const,
    title: 'Reading goal reached',
    body: `You reached your ${goal.year} goal of ${goal.target_qty} ${unit}.`,
    path: '/',
  };
}
