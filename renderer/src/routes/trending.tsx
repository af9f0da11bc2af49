// SPEC.md §1: Trending is a placeholder page, and stays one.
import { ComingSoonPage } from '../components/coming-soon-page';

export default function Trending() {
  return <ComingSoonPage title="Trending" />;
}
