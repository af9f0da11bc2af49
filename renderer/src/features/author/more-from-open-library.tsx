// "More by this author from Open Library" (issue 26): the author's other works there, asked after the page's
// own works, each added on pick.
import { useSfQuery } from '../../hooks/use-sf-query';
import { RemoteWorksSection } from '../open-library/remote-works-section';

export const MORE_FROM_OPEN_LIBRARY = 'More by this author from Open Library';

export function MoreFromOpenLibrary({ authorId }: { authorId: string }) {
  const answer = useSfQuery(
    'author-openlibrary-works',
    { author_id: authorId },
    { retry: false, staleTime: 5 * 60 * 1000 },
  );
  return <RemoteWorksSection title={MORE_FROM_OPEN_LIBRARY} id="more-from-open-library" answer={answer} />;
}
