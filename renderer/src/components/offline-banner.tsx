// The word on working offline, the same on the desktop app and the web (issue 29): shown while the offline
// layer cannot reach the server (screens then show the answers it cached), while changes made offline wait
// to be sent, and for each change the server refused when it was sent, with the server's own message,
// until the reader dismisses it. Coming back online refetches every screen so the cached answers give way
// to the server's.
import { Alert, Button, Container, Group, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { OfflineState } from '@shared/desktop-bridge';
import { useBackend } from '../platform/backend-context';
import type { OfflineClient } from '../platform/offline-client';
import { runWithoutNetwork } from '../query-client';

const WHAT: Record<string, string> = {
  'log-progress-event': 'Reading progress',
  'update-reading-log': 'A journal or log edit',
  'add-to-shelf': 'Adding a book to a shelf',
  'remove-from-shelf': 'Removing a book from a shelf',
};

const changes = (n: number) => (n === 1 ? '1 change' : `${n} changes`);

function useOfflineState(client: OfflineClient): OfflineState {
  return useSyncExternalStore(client.subscribe, client.state, client.state);
}

function Banner({ client }: { client: OfflineClient }) {
  const state = useOfflineState(client);
  const queryClient = useQueryClient();
  const wasOnline = useRef(state.online);

  useEffect(() => runWithoutNetwork(queryClient), [queryClient]);
  useEffect(() => {
    if (state.online && !wasOnline.current) void queryClient.invalidateQueries();
    wasOnline.current = state.online;
  }, [state.online, queryClient]);
  // Each change sent replaces a provisional answer with the server's.
  const pendingBefore = useRef(state.pending);
  useEffect(() => {
    if (state.pending < pendingBefore.current) void queryClient.invalidateQueries();
    pendingBefore.current = state.pending;
  }, [state.pending, queryClient]);

  if (state.online && state.pending === 0 && state.refused.length === 0) return null;
  return (
    <Container size="md" pt="md">
      <Stack gap="xs">
        {!state.online && (
          <Alert color="yellow" title="You are offline" role="status">
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Text size="sm">
                Showing your saved books and logs.{' '}
                {state.pending > 0
                  ? `${changes(state.pending)} will be sent when the connection is back.`
                  : 'Changes you make are kept and sent when the connection is back.'}
              </Text>
              <Button size="xs" variant="default" onClick={() => void client.retry()}>
                Try again
              </Button>
            </Group>
          </Alert>
        )}
        {state.online && state.pending > 0 && (
          <Alert color="blue" role="status">
            Sending {changes(state.pending)} made offline…
          </Alert>
        )}
        {state.refused.map((refusal) => (
          <Alert
            key={refusal.id}
            color="red"
            title="A change made offline was not saved"
            withCloseButton
            closeButtonLabel="Dismiss"
            onClose={() => void client.dismiss(refusal.id)}
          >
            {WHAT[refusal.name] ?? 'A change'} from {new Date(refusal.queuedAt).toLocaleString()}:{' '}
            {refusal.message}
          </Alert>
        ))}
      </Stack>
    </Container>
  );
}

/** Nothing where the Backend has no offline support (a browser without IndexedDB). */
export function OfflineBanner() {
  const { offline } = useBackend();
  return offline ? <Banner client={offline} /> : null;
}
