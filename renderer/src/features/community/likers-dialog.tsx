// Who liked a review or a Friends Activity line, newest first, a page at a time, in a dialog opened from the
// like count. The server leaves out readers blocked either way with the viewer (the visibility rule), so
// the list may be shorter than the count: a number names nobody, a list does.
import { Alert, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { LikeTarget } from '@shared/api/community';
import { LIKERS_PAGE } from '@shared/api/community';
import { ShowMoreButton } from '../../components/show-more-button';
import { sfQueryKey } from '../../hooks/use-sf-query';
import { loadFailureMessage } from '../../lib/load-failure';
import { useBackend } from '../../platform/backend-context';
import { ReaderRow } from '../social/reader-row';

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
  const readers = (pages.data?.pages ?? []).flatMap((p) => p.readers);

  let body;
  if (pages.isError && readers.length === 0) {
    body = <Alert color="red">{loadFailureMessage(pages.error, 'Could not load who liked this.')}</Alert>;
  } else if (!pages.data) {
    body = <Skeleton height={40} />;
  } else if (readers.length === 0) {
    body = (
      <Text size="sm" c="dimmed">
        No likes to show.
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
    <Modal opened onClose={onClose} title={`Who liked ${label}`}>
      {body}
    </Modal>
  );
}
