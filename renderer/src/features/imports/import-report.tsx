// The final report: every row of the file with its outcome, filtered by outcome, each book linking to its
// work page. Rows come a page at a time (import-status pages them by row number), so a 5,000-row report
// never arrives or renders at once.
import { Anchor, Badge, Button, Chip, Group, Paper, Stack, Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { IMPORT_ROWS_PAGE_SIZE } from '@shared/api/imports';
import type { ImportRow, ImportSummary } from '@shared/api/imports';
import { sfQueryKey } from '../../hooks/use-sf-query';
import { workPath } from '../../paths';
import { useBackend } from '../../platform/backend-context';
import { FINAL_OUTCOMES, OUTCOME_COLOURS, OUTCOME_WORDS } from './import-states';
import type { FinalOutcome } from './import-states';
import classes from './imports.module.css';

type Filter = FinalOutcome | 'all';

export function ImportReport({ summary }: { summary: ImportSummary }) {
  const backend = useBackend();
  const [filter, setFilter] = useState<Filter>('all');
  const outcome = filter === 'all' ? undefined : filter;
  const rows = useInfiniteQuery({
    queryKey: sfQueryKey('import-status', {
      import_id: summary.import_id,
      outcome,
      limit: IMPORT_ROWS_PAGE_SIZE,
    }),
    queryFn: ({ pageParam }) =>
      backend.sf('import-status', {
        import_id: summary.import_id,
        outcome,
        after_row: pageParam,
        limit: IMPORT_ROWS_PAGE_SIZE,
      }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page) => page.next_after_row ?? undefined,
  });
  const shown = rows.data?.pages.flatMap((page) => page.rows) ?? [];
  const total = filter === 'all' ? summary.total : summary[filter];

  return (
    <Stack gap="sm" component="section" aria-labelledby="import-report-heading">
      <Text component="h3" fw={600} id="import-report-heading">
        Report
      </Text>
      <Chip.Group multiple={false} value={filter} onChange={(value) => setFilter(value as Filter)}>
        <Group gap="xs" role="radiogroup" aria-label="Show rows">
          <Chip value="all" size="sm">
            All ({summary.total.toLocaleString('en-US')})
          </Chip>
          {FINAL_OUTCOMES.map((outcome) => (
            <Chip key={outcome} value={outcome} size="sm" color={OUTCOME_COLOURS[outcome]}>
              {OUTCOME_WORDS[outcome]} ({summary[outcome].toLocaleString('en-US')})
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      {rows.isPending ? (
        <Text size="sm" c="dimmed" role="status">
          Loading the report…
        </Text>
      ) : rows.isError ? (
        <Text size="sm" c="red" role="alert">
          Unable to load the report.
        </Text>
      ) : shown.length === 0 ? (
        <Text size="sm" c="dimmed">
          No rows here.
        </Text>
      ) : (
        <ul className={classes.list} aria-label="Imported rows">
          {shown.map((row) => (
            <ReportRow key={row.row} row={row} />
          ))}
        </ul>
      )}
      {rows.hasNextPage && (
        <Group justify="center">
          <Button
            variant="default"
            onClick={() => void rows.fetchNextPage()}
            loading={rows.isFetchingNextPage}
          >
            Show more rows ({shown.length.toLocaleString('en-US')} of {total.toLocaleString('en-US')})
          </Button>
        </Group>
      )}
    </Stack>
  );
}

function ReportRow({ row }: { row: ImportRow }) {
  return (
    <li>
      <Paper withBorder px="sm" py="xs" mb="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Stack gap={2} className={classes.wrap}>
            <Text size="sm">
              <Text span c="dimmed" size="xs" mr={6}>
                Row {row.row}
              </Text>
              {row.work_id ? (
                <Anchor component={Link} to={workPath(row.work_id)} fw={500}>
                  {row.title || 'Untitled'}
                </Anchor>
              ) : (
                <Text span fw={500}>
                  {row.title || 'Untitled'}
                </Text>
              )}
              {row.author && <Text span c="dimmed">{` by ${row.author}`}</Text>}
            </Text>
            {row.reason && (
              <Text size="xs" c={row.outcome === 'failed' ? 'red.8' : 'dimmed'}>
                {row.reason}
              </Text>
            )}
          </Stack>
          <Badge color={OUTCOME_COLOURS[row.outcome]} variant="light" style={{ flexShrink: 0 }}>
            {row.outcome === 'pending' ? 'Pending' : OUTCOME_WORDS[row.outcome]}
          </Badge>
        </Group>
      </Paper>
    </li>
  );
}
