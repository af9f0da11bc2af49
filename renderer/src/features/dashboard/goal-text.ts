// Words and figures of the goals card (SPEC.md §2 "Goals card", §9 pace and cap).
import { localDay } from '@shared/domain/local-day';
import type { GoalType } from '@shared/domain/reading-stats';
import { goalPace } from '@shared/domain/reading-stats';

export const GOAL_TYPE_LABELS: Record<GoalType, string> = { books: 'Books', pages: 'Pages', hours: 'Hours' };

/** 'N ahead' or 'N behind' of where the reader would be reading evenly through the year. */
export function paceText(target: number, progress: number, today: string): string {
  const pace = goalPace(target, progress, today);
  return pace < 0 ? `${-pace} behind` : `${pace} ahead`;
}

/** Today in the reader's zone, as the pace needs it. */
export const todayIn = (timeZone: string, now: Date = new Date()) => localDay(now, timeZone);

/** Hours come with one decimal; books and pages are whole. */
export const formatGoalFigure = (value: number) =>
  Number.isInteger(value)
    ? value.toLocaleString('en-US')
    : value.toLocaleString('en-US', { maximumFractionDigits: 1 });
