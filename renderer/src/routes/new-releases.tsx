// SPEC.md §1: New Releases is a placeholder page, and stays one.
import { ComingSoonPage } from '../components/coming-soon-page';

export default function NewReleases() {
  return <ComingSoonPage title="New Releases" />;
}
