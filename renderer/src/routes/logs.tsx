// Placeholder until the reading logs issue builds this page; replace this file.
import { ComingSoonPage } from '../components/coming-soon-page';

export default function ReadingLogs() {
  return <ComingSoonPage title="Reading Logs" />;
}
