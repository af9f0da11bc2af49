// Placeholder until the stats issue builds this page; replace this file.
import { ComingSoonPage } from '../components/coming-soon-page';

export default function Stats() {
  return <ComingSoonPage title="Stats" />;
}
