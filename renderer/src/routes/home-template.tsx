// /hometemplate: the static sample of the dashboard (SPEC.md §2); it makes no real calls.
import { usePageTitle } from '../hooks/use-page-title';
import { DashboardTemplate } from '../features/dashboard/dashboard-template';

export default function HomeTemplate() {
  usePageTitle('Home');
  return <DashboardTemplate />;
}
