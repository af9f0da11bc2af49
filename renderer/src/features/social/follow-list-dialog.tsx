// A reader's followers or the readers they follow, newest first, a page at a time, in a dialog opened from
// their profile's counts. A reader who approves followers shows these to followers only (403 otherwise).
import { useInfiniteQuery } from '@tanstack/react-query';
import { sfQueryKey } from '../../hooks/use-sf-query';
import { useBackend } from '../../platform/backend-context';
import { ReaderListDialog } from './reader-list-dialog';

export type FollowDirection = 'followers' | 'following';
const PAGE = 30;

export function FollowListDialog({
  username,
  direction,
  onClose,
}: {
  username: string;
  direction: FollowDirection;
  onClose: () => void;
}) {
  const backend = useBackend();
  const name = direction === 'followers' ? 'reader-followers' : 'reader-following';
  const pages = useInfiniteQuery({
    queryKey: [...sfQueryKey(name, { username, limit: PAGE }), 'pages'],
    queryFn: ({ pageParam }) =>
      backend.sf(name, { username, limit: PAGE, ...(pageParam ? { after: pageParam } : {}) }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
  const title = direction === 'followers' ? 'Followers' : 'Following';
  return (
    <ReaderListDialog
      title={title}
      pages={pages}
      failureMessage={`Could not load ${title.toLowerCase()}.`}
      emptyText={direction === 'followers' ? 'No followers yet.' : 'Not following anyone yet.'}
      onClose={onClose}
    />
  );
}
