// A reader's followers or the readers they follow, newest first, a page at a time, in a dialog opened from
// their profile's counts. A reader who approves followers shows these to followers only (403 otherwise).
import { Alert, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { sfQueryKey } from '../../hooks/use-sf-query';
import { loadFailureMessage } from '../../lib/load-failure';
import { useBackend } from '../../platform/backend-context';
import { ReaderRow } from './reader-row';
import { ShowMoreButton } from '../../components/show-more-button';

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
  const readers = (pages.data?.pages ?? []).flatMap((p) => p.readers);
  const title = direction === 'followers' ? 'Followers' : 'Following';

  let body;
  if (pages.isError && readers.length === 0) {
    body = (
      <Alert color="red">{loadFailureMessage(pages.error, `Could not load ${title.toLowerCase()}.`)}</Alert>
    );
  } else if (!pages.data) {
    body = <Skeleton height={40} />;
  } else if (readers.length === 0) {
    body = (
      <Text size="sm" c="dimmed">
        {direction === 'followers' ? 'No followers yet.' : 'Not following anyone yet.'}
      </Text>
    );
  } else {
    body = (
      <Stack gap="sm">
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {readers.map((r) => (
            <ReaderRow key={r.id} reader={r} />
          ))}
        </Stack>
        <ShowMoreButton pages={pages} />
      </Stack>
    );
  }
  return (
    <Modal opened onClose={onClose} title={title}>
      {body}
    </Modal>
  );
}
