// A running import: a bar, the counts so far and the time left. Screen readers hear it through the
// panel's one live region (see progressAnnouncement). The bar is neither striped nor animated: an import
// can run for minutes, and endless motion beside the rest of the page is what WCAG 2.2.2 rules out.
import { Group, Progress, Stack, Text } from '@mantine/core';
import type { ImportStatus } from '@shared/api/imports';
import { countsWords } from './import-states';
import { formatTimeLeft } from './time-left';

export function ImportProgress({ status, timeLeft }: { status: ImportStatus; timeLeft: number | null }) {
  const percent = status.total > 0 ? Math.floor((status.processed / status.total) * 100) : 0;
  const queued = status.state === 'queued';

  return (
    <Stack gap="xs">
      <Progress value={percent} size="lg" aria-label="Import progress" transitionDuration={200} />
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm" fw={500}>
          {queued
            ? 'Waiting to start…'
            : `${status.processed.toLocaleString('en-US')} of ${status.total.toLocaleString('en-US')} rows`}
        </Text>
        {!queued && (
          <Text size="sm" c="dimmed">
            {formatTimeLeft(timeLeft)}
          </Text>
        )}
      </Group>
      <Text size="sm" c="dimmed">
        {countsWords(status)}
      </Text>
    </Stack>
  );
}
