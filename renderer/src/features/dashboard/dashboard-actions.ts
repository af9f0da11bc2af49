// What the dashboard's cards and dialogs ask of their owner. The real dashboard sends these to the server;
// the /hometemplate sample only waits (SPEC.md §2), so the same components serve both.
import type { CurrentlyReadingItem } from '@shared/api/reading';
import type { GoalType } from '@shared/domain/reading-stats';
import type { LogProgressRequest } from './progress-form';
import { authorPath, workPath } from '../../paths';

export interface DashboardActions {
  /** Logs an event for a listed book; throws (SfError) when the server refuses it. */
  logEvent(item: CurrentlyReadingItem, request: LogProgressRequest): Promise<void>;
  /** Sets the year's target for one goal type. */
  saveGoal(goalType: GoalType, targetQty: number): Promise<void>;
}

/** Where a book's title and author lead; an author link may be absent (plain text). */
export interface BookLinks {
  work(workId: string, editionId: string): string;
  author(authorId: string): string | null;
}

export const catalogueLinks: BookLinks = {
  work: workPath,
  author: authorPath,
};
