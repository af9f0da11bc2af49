// Reading Logs (SPEC.md §2, §4). Desktop: the list in a left sidebar, the selected log on the right, the
// first log selected once loaded. Below 640 px: the list while nothing is selected, else the log with a
// back arrow. Deleting the selected log selects the first remaining one (or none).
import { ActionIcon, Box, Group, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { MOBILE_QUERY } from '../../theme';
import { DeleteLogDialog } from './delete-log-dialog';
import { BackArrowIcon } from '../../components/icons';
import { LogDetail } from './log-detail';
import { LogList } from './log-list';
import classes from './reading-logs-page.module.css';
import { useDeleteLog } from './use-delete-log';
import { useReadingLogs } from './use-reading-logs';

function NoLogSelected() {
  return (
    <Stack align="center" gap={4} py="xl" ta="center">
      <Text fw={600}>No log selected</Text>
      <Text c="dimmed" size="sm">
        Choose a log from the sidebar to view and edit it
      </Text>
    </Stack>
  );
}

export function ReadingLogsPage() {
  const mobile = useMediaQuery(MOBILE_QUERY, false, { getInitialValueInEffect: false });
  const query = useReadingLogs();
  const logs = useMemo(() => query.data?.pages.flatMap((page) => page.logs) ?? [], [query.data]);
  const [chosenId, setChosenId] = useState<string | null>(null);
  const deletion = useDeleteLog();

  const chosen = logs.find((log) => log.id === chosenId);
  const selected = chosen ?? (mobile ? null : (logs[0] ?? null));

  const list = (
    <LogList
      logs={logs}
      status={query.status}
      selectedId={selected?.id ?? null}
      hasMore={query.hasNextPage}
      loadingMore={query.isFetchingNextPage}
      onLoadMore={() => void query.fetchNextPage()}
      onSelect={(log) => setChosenId(log.id)}
      onDelete={deletion.ask}
    />
  );
  const detail = selected && (
    <LogDetail key={selected.id} log={selected} blocked={deletion.deletingId === selected.id} />
  );

  let body;
  if (mobile) {
    body = detail ? (
      <Stack gap="sm">
        <Group>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label="Back to logs"
            onClick={() => setChosenId(null)}
          >
            <BackArrowIcon />
          </ActionIcon>
        </Group>
        {detail}
      </Stack>
    ) : (
      list
    );
  } else {
    body = (
      <div className={classes.layout}>
        <Box component="aside" className={classes.sidebar} aria-label="Logs">
          {list}
        </Box>
        <Box className={classes.pane}>
          {detail ?? (query.status === 'pending' ? null : <NoLogSelected />)}
        </Box>
      </div>
    );
  }

  return (
    <Box px="md" py="lg" maw={1400} mx="auto">
      <Title order={1} mb="lg">
        Reading Logs
      </Title>
      {body}
      <DeleteLogDialog
        opened={deletion.target !== null}
        deleting={deletion.deletingId !== null}
        onCancel={deletion.cancel}
        onConfirm={deletion.confirm}
      />
    </Box>
  );
}
