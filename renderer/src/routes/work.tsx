// Placeholder until the work page issue builds this page; replace this file.
import { ComingSoonPage } from '../components/coming-soon-page';

export default function Work() {
  return <ComingSoonPage title="Work" />;
}
