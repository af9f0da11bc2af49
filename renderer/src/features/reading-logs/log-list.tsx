// The list of logs (SPEC.md §2 "Reading Logs", §9): 5 skeletons while loading, 'No logs yet.' when there
// are none, and a button for the next page while the server has more.
import { Alert, Box, Button, Skeleton, Stack } from '@mantine/core';
import type { ReadingLog } from '@shared/api/reading';
import { EmptyState } from '../../components/empty-state';
import { LogListItem } from './log-list-item';

export const LOG_SKELETONS = 5;

interface LogListProps {
  logs: ReadingLog[];
  status: 'pending' | 'error' | 'success';
  selectedId: string | null;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore(): void;
  onSelect(log: ReadingLog): void;
  onDelete(log: ReadingLog): void;
}

export function LogList(props: LogListProps) {
  const { logs, status, selectedId, hasMore, loadingMore } = props;
  if (status === 'pending') {
    return (
      <Stack gap="xs" role="status" aria-label="Loading logs">
        {Array.from({ length: LOG_SKELETONS }, (_, i) => (
          <Skeleton key={i} height={60} radius="md" data-testid="log-skeleton" />
        ))}
      </Stack>
    );
  }
  if (status === 'error') return <Alert color="red">Unable to load logs.</Alert>;
  if (logs.length === 0) {
    return (
      <EmptyState
        message="No logs yet."
        hint="Each start, progress update and finish you record becomes a log here, with room for a journal."
        action={{ label: 'Go to your dashboard', to: '/' }}
      />
    );
  }
  return (
    <Stack gap="xs">
      <Box component="ul" aria-label="Reading logs" m={0} p={0} style={{ listStyle: 'none' }}>
        {logs.map((log) => (
          <LogListItem
            key={log.id}
            log={log}
            selected={log.id === selectedId}
            onSelect={() => props.onSelect(log)}
            onDelete={() => props.onDelete(log)}
          />
        ))}
      </Box>
      {hasMore && (
        <Button variant="light" onClick={props.onLoadMore} loading={loadingMore}>
          Load more logs
        </Button>
      )}
    </Stack>
  );
}
