// Placeholder until the dashboard issue builds this page; replace this file.
import { ComingSoonPage } from '../components/coming-soon-page';

export default function HomeTemplate() {
  return <ComingSoonPage title="Home Template" />;
}
