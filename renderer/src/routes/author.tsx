// Placeholder until the author page issue builds this page; replace this file.
import { ComingSoonPage } from '../components/coming-soon-page';

export default function Author() {
  return <ComingSoonPage title="Author" />;
}
