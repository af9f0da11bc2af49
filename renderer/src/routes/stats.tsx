// Stats (SPEC.md §2): the reader's books, pages and pages per day.
import { usePageTitle } from '../hooks/use-page-title';
import { StatsPage } from '../features/stats/stats-page';

export default function Stats() {
  usePageTitle('Stats');
  return <StatsPage />;
}
