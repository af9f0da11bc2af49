// The real dashboard's actions: log an event and update the Currently Reading list in place (SPEC.md §4),
// save a goal. Afterwards exactly the answers an event or goal changes are marked stale.
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { EndpointName, ResponseOf } from '@shared/api/endpoints';
import { isInProgress } from '@shared/domain/reading-state';
import { sfQueryKey } from '../../components/use-sf-query';
import { useBackend } from '../../platform/backend-context';
import { applyLoggedEvent } from './currently-reading-cache';
import type { DashboardActions } from './dashboard-actions';

/** Every event counts towards stats, goals and the streak, and shows in the logs and on the profile. */
const CHANGED_BY_ANY_EVENT: EndpointName[] = [
  'reading-streak',
  'reading-goals',
  'reading-stats',
  'list-reading-logs',
  'reading-events',
  'public-profile',
];
/** A finish moves the book to Read and a DNF takes it off Currently Reading (the built-in shelves). */
const CHANGED_BY_ENDING: EndpointName[] = [
  'get-shelf-items',
  'shelf-counts',
  'edition-shelves',
  'list-shelves',
];

export function useDashboardActions(goalYear: number): DashboardActions {
  const backend = useBackend();
  const queryClient = useQueryClient();

  return useMemo<DashboardActions>(
    () => ({
      async logEvent(_item, request) {
        const { event } = await backend.sf('log-progress-event', request);
        queryClient.setQueryData<ResponseOf<'currently-reading'>>(
          sfQueryKey('currently-reading', {}),
          (old) => old && { items: applyLoggedEvent(old.items, event) },
        );
        const changed = isInProgress(event.event_type)
          ? CHANGED_BY_ANY_EVENT
          : [...CHANGED_BY_ANY_EVENT, ...CHANGED_BY_ENDING];
        for (const name of changed) void queryClient.invalidateQueries({ queryKey: sfQueryKey(name) });
      },
      async saveGoal(goalType, targetQty) {
        await backend.sf('set-reading-goal', {
          goal_year: goalYear,
          goal_type: goalType,
          target_qty: targetQty,
        });
        await queryClient.invalidateQueries({ queryKey: sfQueryKey('reading-goals') });
      },
    }),
    [backend, queryClient, goalYear],
  );
}
