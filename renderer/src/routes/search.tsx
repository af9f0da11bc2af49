// /search/{searchText}: the navigation bar's search box lands here (SPEC.md §2).
import { useParams } from 'react-router-dom';
import { usePageTitle } from '../hooks/use-page-title';
import { SearchResults } from '../features/search/search-results';

export default function Search() {
  const { searchText = '' } = useParams();
  usePageTitle('Search');
  return <SearchResults text={searchText} />;
}
