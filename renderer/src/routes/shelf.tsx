// Placeholder until the shelves issue builds this page; replace this file.
import { ComingSoonPage } from '../components/coming-soon-page';

export default function Shelf() {
  return <ComingSoonPage title="Shelf" />;
}
