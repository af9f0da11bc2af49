// Reading Logs (SPEC.md §2): the reader's logs with their journals.
import { usePageTitle } from '../hooks/use-page-title';
import { ReadingLogsPage } from '../features/reading-logs/reading-logs-page';

export default function ReadingLogs() {
  usePageTitle('Reading Logs');
  return <ReadingLogsPage />;
}
