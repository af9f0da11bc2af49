// Placeholder until the search issue builds this page; replace this file.
import { useParams } from 'react-router-dom';
import { ComingSoonPage } from '../components/coming-soon-page';

export default function Search() {
  const { searchText = '' } = useParams();
  return <ComingSoonPage title={`Search Results for: ${searchText}`} />;
}
