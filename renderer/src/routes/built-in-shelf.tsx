// The five built-in shelves (/currently-reading, /read, /to-be-read, /favorites, /owned): the shelf page by
// slug, the path being the slug.
import { useLocation } from 'react-router-dom';
import ShelfPage from '../features/shelves/shelf-page';

export default function BuiltInShelf() {
  const slug = useLocation().pathname.replace(/^\/+|\/+$/g, '');
  return <ShelfPage shelf={{ slug }} />;
}
