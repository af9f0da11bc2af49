// /admin/unverified-works: admins only; the route table sends everyone else to / (like /admin/reset-genre).
import { UnverifiedWorksPage } from '../features/admin-unverified/unverified-works-page';

export default function AdminUnverifiedWorks() {
  return <UnverifiedWorksPage />;
}
