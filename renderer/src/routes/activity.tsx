// /activity: Friends Activity in full (issue 27).
import { ActivityPage } from '../features/social/activity-page';

export default function Activity() {
  return <ActivityPage />;
}
