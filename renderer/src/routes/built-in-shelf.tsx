// Placeholder until the shelves issue builds this page; replace this file. One file serves the five
// built-in shelf paths (/currently-reading, /read, /to-be-read, /favorites, /owned).
import { useLocation } from 'react-router-dom';
import { ComingSoonPage } from '../components/coming-soon-page';

const BUILT_IN_NAMES: Record<string, string> = {
  'currently-reading': 'Currently Reading',
  read: 'Read',
  'to-be-read': 'To Be Read',
  favorites: 'Favorites',
  owned: 'Owned',
};

export default function BuiltInShelf() {
  const slug = useLocation().pathname.replace(/^\//, '');
  return <ComingSoonPage title={BUILT_IN_NAMES[slug] ?? 'Shelf'} />;
}
