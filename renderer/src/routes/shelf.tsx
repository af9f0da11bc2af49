// /shelf/{id}: the reader's own shelf page when signed in, the public shelf otherwise (SPEC.md §2). Each
// view is its own chunk, so a visitor never downloads the drag-and-drop shelf editor.
import { lazy, Suspense } from 'react';
import { useParams } from 'react-router-dom';
import { PageLoader } from '../components/page-loader';
import { useSession } from '../session/session-context';

const ShelfPage = lazy(() => import('../features/shelves/shelf-page'));
const PublicShelfView = lazy(() => import('../features/public-shelf/public-shelf-view'));

export default function Shelf() {
  const { shelfId = '' } = useParams();
  const { status } = useSession();
  if (status === 'loading') return <PageLoader />;
  return (
    <Suspense fallback={<PageLoader />}>
      {status === 'signed-in' ? <ShelfPage shelf={{ id: shelfId }} /> : <PublicShelfView shelfId={shelfId} />}
    </Suspense>
  );
}
