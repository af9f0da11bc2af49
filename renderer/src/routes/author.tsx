// /author/{author_id} (SPEC.md §2 "Author page").
import { useParams } from 'react-router-dom';
import { AuthorPage } from '../features/author/author-page';

export default function Author() {
  const { authorId = '' } = useParams();
  return <AuthorPage key={authorId} authorId={authorId} />;
}
