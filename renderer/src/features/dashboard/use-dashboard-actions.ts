// The real dashboard's actions: log an event and update the Currently Reading list in place (SPEC.md §4),
// save a goal. Afterwards the answers an event or goal makes stale are marked so (stale-data.ts).
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { ResponseOf } from '@shared/api/endpoints';
import { sfQueryKey } from '../../hooks/use-sf-query';
import { useBackend } from '../../platform/backend-context';
import { markStale } from '../../stale-data';
import { applyLoggedEvent } from './currently-reading-cache';
import type { DashboardActions } from './dashboard-actions';

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
        void markStale(queryClient, 'readingEventListedInPlace');
      },
      async saveGoal(goalType, targetQty) {
        await backend.sf('set-reading-goal', {
          goal_year: goalYear,
          goal_type: goalType,
          target_qty: targetQty,
        });
        await markStale(queryClient, 'goal');
      },
    }),
    [backend, queryClient, goalYear],
  );
}
