// /hometemplate (SPEC.md §2): the dashboard's look with hard-coded sample data. Update, resume, pause and
// goal-save only show their spinner for about a second and close; nothing is sent anywhere.
import { useState } from 'react';
import { yearOf } from '@shared/domain/local-day';
import type { BookLinks, DashboardActions } from './dashboard-actions';
import { DashboardView } from './dashboard-view';
import { todayIn } from './goal-text';
import { readerTimeZone } from './reader-time-zone';
import { TEMPLATE_BOOKS, TEMPLATE_STREAK, templateGoals } from './template-data';

/** SPEC.md §9: template mock action delay 1 s. */
export const TEMPLATE_DELAY_MS = 1000;

const wait = () => new Promise<void>((resolve) => setTimeout(resolve, TEMPLATE_DELAY_MS));

const templateActions: DashboardActions = { logEvent: wait, saveGoal: wait };

// The sample books are not in the catalogue: their titles lead to the work template, authors nowhere.
const templateLinks: BookLinks = { work: () => '/worktemplate', author: () => null };

export function DashboardTemplate() {
  const [today] = useState(() => todayIn(readerTimeZone()));
  const year = yearOf(today);
  const [goals] = useState(() => templateGoals(year));
  return (
    <DashboardView
      currentlyReading={{ items: TEMPLATE_BOOKS, loading: false, error: null }}
      goals={{ year, goals, loading: false, today }}
      streak={{ streak: TEMPLATE_STREAK, loading: false }}
      actions={templateActions}
      links={templateLinks}
    />
  );
}
