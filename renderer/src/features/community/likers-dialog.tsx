// Who liked a review or a Friends Activity line, newest first, a page at a time, in a dialog opened from the
// like count. The server leaves out readers blocked either way with the viewer (the visibility rule), so
// the list may be shorter than the count: a number names nobody, a list does.
import { useInfiniteQuery } from '@tanstack/react-query';
import type { LikeTarget } from '@shared/api/community';
import { LIKERS_PAGE } from '@shared/api/community';
import { sfQueryKey } from '../../hooks/use-sf-query';
import { useBackend } from '../../platform/backend-context';
import { ReaderListDialog } from '../social/reader-list-dialog';

export function LikersDialog({
  target,
  label,
  onClose,
}: {
  target: LikeTarget;
  /** What was liked, for the title ("Who liked review by ada"). */
  label: string;
  onClose: () => void;
}) {
  const backend = useBackend();
  const pages = useInfiniteQuery({
    queryKey: [...sfQueryKey('likers', { ...target, limit: LIKERS_PAGE }), 'pages'],
    queryFn: ({ pageParam }) =>
      backend.sf('likers', { ...target, limit: LIKERS_PAGE, ...(pageParam ? { after: pageParam } : {}) }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
  return (
    <ReaderListDialog
      title={`Who liked ${label}`}
      pages={pages}
      failureMessage="Could not load who liked this."
      emptyText="No likes to show."
      onClose={onClose}
    />
  );
}
