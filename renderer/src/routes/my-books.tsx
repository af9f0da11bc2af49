// Placeholder until the shelves issue builds this page; replace this file.
import { ComingSoonPage } from '../components/coming-soon-page';

export default function MyBooks() {
  return <ComingSoonPage title="My Books" />;
}
