// Placeholder until the admin issue builds this page; replace this file.
import { ComingSoonPage } from '../components/coming-soon-page';

export default function AdminResetGenre() {
  return <ComingSoonPage title="Reset Genre" />;
}
