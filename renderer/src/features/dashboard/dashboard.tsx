// The Reading Dashboard of a signed-in reader (SPEC.md §2): their books in progress, goals and streak,
// read with the reader's own time zone so "today" and "this year" are theirs.
import { useEffect, useState } from 'react';
import { deviceTimeZone, yearOf } from '@shared/domain/local-day';
import { useSfQuery } from '../../hooks/use-sf-query';
import { actionErrorMessage } from './action-error';
import { catalogueLinks } from './dashboard-actions';
import { FriendsActivityPanel } from '../social/friends-activity-panel';
import { RecommendedForYouPanel } from '../discovery/recommended-for-you-panel';
import { DashboardView } from './dashboard-view';
import { todayIn } from './goal-text';
import { useDashboardActions } from './use-dashboard-actions';

/** SPEC.md §8: streak and goal failures are silent or logged only. */
function useLoggedFailure(what: string, error: Error | null) {
  useEffect(() => {
    if (error) console.warn(`Loading the ${what} failed`, error);
  }, [what, error]);
}

export function Dashboard() {
  // Without a zone the browser can name, UTC is the least surprising day boundary.
  const [timeZone] = useState(() => deviceTimeZone() ?? 'UTC');
  const today = todayIn(timeZone);
  const reading = useSfQuery('currently-reading', {});
  const goals = useSfQuery('reading-goals', { timezone: timeZone });
  const streak = useSfQuery('reading-streak', { timezone: timeZone });
  useLoggedFailure('reading goals', goals.error);
  useLoggedFailure('reading streak', streak.error);
  const year = goals.data?.year ?? yearOf(today);
  const actions = useDashboardActions(year);

  return (
    <DashboardView
      currentlyReading={{
        items: reading.data?.items,
        loading: reading.isPending,
        error: reading.error ? actionErrorMessage(reading.error) : null,
      }}
      goals={{ year, goals: goals.data?.goals, loading: goals.isPending, today }}
      streak={{ streak: streak.data?.streak, loading: streak.isPending }}
      actions={actions}
      links={catalogueLinks}
      friendsActivity={<FriendsActivityPanel />}
      recommended={<RecommendedForYouPanel />}
    />
  );
}
