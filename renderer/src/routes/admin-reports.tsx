// /admin/reports: admins only; the route table sends everyone else to / (like /admin/unverified-works).
import { ReportsPage } from '../features/admin-reports/reports-page';

export default function AdminReports() {
  return <ReportsPage />;
}
