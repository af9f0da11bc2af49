// /hometemplate (SPEC.md §2): the dashboard's look with hard-coded sample data. Update, resume, pause and
// goal-save only show their spinner for about a second and close; nothing is sent anywhere.
import { useState } from 'react';
import { deviceTimeZone, yearOf } from '@shared/domain/local-day';
import { TEMPLATE_ACTION_DELAY_MS } from '@shared/domain/product';
import type { BookLinks, DashboardActions } from './dashboard-actions';
import { DashboardView } from './dashboard-view';
import { RecommendedPanel, SampleFriendsActivityPanel } from './sample-panels';
import { todayIn } from './goal-text';
import { TEMPLATE_BOOKS, TEMPLATE_STREAK, templateGoals } from './template-data';

const wait = () => new Promise<void>((resolve) => setTimeout(resolve, TEMPLATE_ACTION_DELAY_MS));

const templateActions: DashboardActions = { logEvent: wait, saveGoal: wait };

// The sample books are not in the catalogue: their titles lead to the work template, authors nowhere.
const templateLinks: BookLinks = { work: () => '/worktemplate', author: () => null };

export function DashboardTemplate() {
  const [today] = useState(() => todayIn(deviceTimeZone() ?? 'UTC'));
  const year = yearOf(today);
  const [goals] = useState(() => templateGoals(year));
  return (
    <DashboardView
      currentlyReading={{ items: TEMPLATE_BOOKS, loading: false, error: null }}
      goals={{ year, goals, loading: false, today }}
      streak={{ streak: TEMPLATE_STREAK, loading: false }}
      actions={templateActions}
      links={templateLinks}
      friendsActivity={<SampleFriendsActivityPanel />}
      recommended={<RecommendedPanel />}
    />
  );
}
