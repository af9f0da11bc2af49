// Readers in a dialog, a page at a time: who liked a review or an activity line, a reader's followers, the
// readers they follow. One list so they all load, fail, show emptiness and page alike.
import { Alert, Modal, Skeleton, Stack, Text } from '@mantine/core';
import type { ReaderCard } from '@shared/api/social';
import { ShowMoreButton } from '../../components/show-more-button';
import type { PagedQuery } from '../../components/show-more-button';
import { loadFailureMessage } from '../../lib/load-failure';
import { ReaderRow } from './reader-row';

export interface ReaderPages extends PagedQuery {
  data: { pages: { readers: ReaderCard[] }[] } | undefined;
  isError: boolean;
  error: unknown;
}

export function ReaderListDialog({
  title,
  pages,
  failureMessage,
  emptyText,
  onClose,
}: {
  title: string;
  pages: ReaderPages;
  /** Said when the first page cannot be loaded. */
  failureMessage: string;
  emptyText: string;
  onClose: () => void;
}) {
  const readers = (pages.data?.pages ?? []).flatMap((p) => p.readers);
  let body;
  if (pages.isError && readers.length === 0) {
    body = <Alert color="red">{loadFailureMessage(pages.error, failureMessage)}</Alert>;
  } else if (!pages.data) {
    body = <Skeleton height={40} />;
  } else if (readers.length === 0) {
    body = (
      <Text size="sm" c="dimmed">
        {emptyText}
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
