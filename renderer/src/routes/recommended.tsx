// SPEC.md §1: Recommended is a placeholder page, and stays one.
import { ComingSoonPage } from '../components/coming-soon-page';

export default function Recommended() {
  return <ComingSoonPage title="Recommended" />;
}
