// Settings → Blocked and muted (issue 27): the readers the reader blocked and muted, most recent first, a
// page at a time, each with its undo. Blocking and muting are done from a profile or a reader card.
import { Alert, Button, Stack, Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ReaderCard } from '@shared/api/social';
import { sfQueryKey } from '../../hooks/use-sf-query';
import { loadFailureMessage } from '../../lib/load-failure';
import { useBackend } from '../../platform/backend-context';
import { readerName } from '../social/activity-text';
import { ReaderRow } from '../social/reader-row';
import { useSocialActions } from '../social/use-social-actions';
import { SettingsCard } from './settings-card';
import { ShowMoreButton } from '../../components/show-more-button';

export const BLOCKED_TITLE = 'Blocked and muted';
const PAGE = 30;

function ReaderList({
  which,
  heading,
  empty,
  undo,
  undoLabel,
}: {
  which: 'blocked-readers' | 'muted-readers';
  heading: string;
  empty: string;
  undo: (id: string) => Promise<void>;
  undoLabel: string;
}) {
  const backend = useBackend();
  const [error, setError] = useState<string | null>(null);
  const pages = useInfiniteQuery({
    queryKey: [...sfQueryKey(which, { limit: PAGE }), 'pages'],
    queryFn: ({ pageParam }) =>
      backend.sf(which, { limit: PAGE, ...(pageParam ? { after: pageParam } : {}) }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
  const readers: ReaderCard[] = (pages.data?.pages ?? []).flatMap((p) => p.readers);
  const run = async (id: string) => {
    setError(null);
    try {
      await undo(id);
    } catch (e) {
      setError(loadFailureMessage(e, 'Could not undo it. Try again.'));
    }
  };
  return (
    <Stack gap="xs" component="section" aria-label={heading}>
      <Text fw={600}>{heading}</Text>
      {pages.isError && (
        <Alert color="red">{loadFailureMessage(pages.error, 'Could not load the list.')}</Alert>
      )}
      {pages.isSuccess && readers.length === 0 && (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      )}
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
      <Stack gap="sm" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {readers.map((reader) => (
          <ReaderRow
            key={reader.id}
            reader={reader}
            actions={
              <Button
                size="xs"
                variant="default"
                onClick={() => void run(reader.id)}
                aria-label={`${undoLabel} ${readerName(reader)}`}
              >
                {undoLabel}
              </Button>
            }
          />
        ))}
      </Stack>
      <ShowMoreButton pages={pages} variant="subtle" size="xs" />
    </Stack>
  );
}

export function BlockedReadersSection() {
  const actions = useSocialActions();
  return (
    <SettingsCard title={BLOCKED_TITLE}>
      <Text size="sm" c="dimmed">
        A blocked reader and you cannot follow or see each other. A muted reader stays out of your Friends
        Activity and notifications and is not told.
      </Text>
      <ReaderList
        which="blocked-readers"
        heading="Blocked readers"
        empty="You have not blocked anyone."
        undo={actions.unblock}
        undoLabel="Unblock"
      />
      <ReaderList
        which="muted-readers"
        heading="Muted readers"
        empty="You have not muted anyone."
        undo={actions.unmute}
        undoLabel="Unmute"
      />
    </SettingsCard>
  );
}
