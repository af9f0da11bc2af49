// /admin/reset-genre: admins only; the route table sends everyone else to / (SPEC.md §2, §6).
import { ResetGenrePage } from '../features/admin-genre/reset-genre-page';

export default function AdminResetGenre() {
  return <ResetGenrePage />;
}
