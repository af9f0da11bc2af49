// One import, as it stands: its progress while it runs, then its counts, actions and report.
import { Alert, Badge, Group, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IMPORT_FORMAT_NAMES } from '@shared/api/imports';
import { formatShortDate } from '../../lib/format-date';
import { loadFailureMessage } from '../../lib/load-failure';
import { ImportActions } from './import-actions';
import { ImportProgress } from './import-progress';
import { ImportReport } from './import-report';
import {
  STATE_COLOURS,
  STATE_WORDS,
  isInProgress,
  outcomeWords,
  progressAnnouncement,
} from './import-states';
import { useImportWatch } from './use-import-watch';

export function ImportPanel({ importId }: { importId: string }) {
  const { query, status, timeLeft } = useImportWatch(importId);

  if (!status) {
    return (
      <Paper withBorder p="md" component="section" aria-label="Import">
        {query.isError ? (
          <Text c="red" role="alert">
            {loadFailureMessage(query.error, 'Unable to load this import.')}
          </Text>
        ) : (
          <Text c="dimmed" role="status">
            Loading the import…
          </Text>
        )}
      </Paper>
    );
  }

  const running = isInProgress(status.state);
  return (
    <Paper withBorder p={{ base: 'md', xs: 'lg' }} component="section" aria-labelledby="import-panel-heading">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Title order={2} size="h4" id="import-panel-heading" style={{ overflowWrap: 'anywhere' }}>
              {status.file_name}
            </Title>
            <Text size="sm" c="dimmed">
              {IMPORT_FORMAT_NAMES[status.format]} · {formatShortDate(status.created_at)}
            </Text>
          </Stack>
          <Badge color={status.undone_at ? 'gray' : STATE_COLOURS[status.state]} variant="light">
            {status.undone_at ? 'Undone' : STATE_WORDS[status.state]}
          </Badge>
        </Group>
        {/* One live region for the import's whole life: a region that appears with its text is not read. */}
        <VisuallyHidden role="status" aria-live="polite">
          {progressAnnouncement(status)}
        </VisuallyHidden>
        {running ? (
          <ImportProgress status={status} timeLeft={timeLeft} />
        ) : (
          <>
            <Text fw={500}>{outcomeWords(status)}</Text>
            {status.error && (
              <Alert color="red" title="The import stopped">
                {status.error}
              </Alert>
            )}
            {status.undone_at && (
              <Alert color="gray">
                Undone on {formatShortDate(status.undone_at)}: everything this import added was removed.
              </Alert>
            )}
            <ImportActions summary={status} />
            <ImportReport summary={status} />
          </>
        )}
      </Stack>
    </Paper>
  );
}
