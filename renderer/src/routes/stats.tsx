// Stats (SPEC.md §2): the reader's books, pages and pages per day, and the reading-insight charts. The
// charts' styles load with this route's chunk, not with the first page.
import '@mantine/charts/styles.css';
import { usePageTitle } from '../hooks/use-page-title';
import { StatsPage } from '../features/stats/stats-page';

export default function Stats() {
  usePageTitle('Stats');
  return <StatsPage />;
}
