// The reader's imports, newest first, a page at a time (list-imports pages by created_at); each opens its
// report in the panel above.
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { IMPORT_FORMAT_NAMES } from '@shared/api/imports';
import type { ImportSummary } from '@shared/api/imports';
import { sfQueryKey } from '../../hooks/use-sf-query';
import { formatShortDate } from '../../lib/format-date';
import { useBackend } from '../../platform/backend-context';
import { STATE_COLOURS, STATE_WORDS, countsWords } from './import-states';
import classes from './imports.module.css';

export const PAST_IMPORTS_PAGE = 20;

/** The list's first page, which the page also reads to find a running import (same key, one request). */
export const pastImportsKey = sfQueryKey('list-imports', { limit: PAST_IMPORTS_PAGE });

export function usePastImports() {
  const backend = useBackend();
  return useInfiniteQuery({
    queryKey: pastImportsKey,
    queryFn: ({ pageParam }) => backend.sf('list-imports', { limit: PAST_IMPORTS_PAGE, before: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) =>
      page.length === PAST_IMPORTS_PAGE ? page[page.length - 1]!.created_at : undefined,
  });
}

export function PastImports({
  selectedId,
  onSelect,
}: {
  selectedId: string | null;
  onSelect(importId: string): void;
}) {
  const imports = usePastImports();
  const all = imports.data?.pages.flat() ?? [];

  if (imports.isPending) {
    return (
      <Text size="sm" c="dimmed" role="status">
        Loading your imports…
      </Text>
    );
  }
  if (imports.isError) {
    return (
      <Text size="sm" c="red" role="alert">
        Unable to load your imports.
      </Text>
    );
  }
  if (all.length === 0) return <Text c="dimmed">No imports yet.</Text>;

  return (
    <Stack gap="xs">
      <ul className={classes.list} aria-label="Past imports">
        {all.map((summary) => (
          <PastImport
            key={summary.import_id}
            summary={summary}
            selected={summary.import_id === selectedId}
            onSelect={() => onSelect(summary.import_id)}
          />
        ))}
      </ul>
      {imports.hasNextPage && (
        <Group justify="center">
          <Button
            variant="default"
            onClick={() => void imports.fetchNextPage()}
            loading={imports.isFetchingNextPage}
          >
            Show older imports
          </Button>
        </Group>
      )}
    </Stack>
  );
}

function PastImport({
  summary,
  selected,
  onSelect,
}: {
  summary: ImportSummary;
  selected: boolean;
  onSelect(): void;
}) {
  return (
    <li>
      <Paper withBorder px="md" py="sm" mb="xs">
        <Group justify="space-between" align="center" gap="sm" wrap="wrap">
          <Stack gap={2} className={classes.wrap} style={{ flex: '1 1 16rem', minWidth: 0 }}>
            <Group gap="xs" wrap="wrap">
              <Text fw={500}>{summary.file_name}</Text>
              <Badge color={summary.undone_at ? 'gray' : STATE_COLOURS[summary.state]} variant="light">
                {summary.undone_at ? 'Undone' : STATE_WORDS[summary.state]}
              </Badge>
            </Group>
            <Text size="sm" c="dimmed">
              {IMPORT_FORMAT_NAMES[summary.format]} · {formatShortDate(summary.created_at)} ·{' '}
              {summary.total.toLocaleString('en-US')} rows
            </Text>
            <Text size="sm" c="dimmed">
              {countsWords(summary)}
            </Text>
          </Stack>
          <Button
            variant={selected ? 'light' : 'default'}
            size="xs"
            onClick={onSelect}
            aria-pressed={selected}
            // The visible words first (WCAG 2.5.3), then which import, for a list of look-alike buttons.
            aria-label={`${selected ? 'Shown above' : 'Show report'}: ${summary.file_name}, ${formatShortDate(summary.created_at)}`}
          >
            {selected ? 'Shown above' : 'Show report'}
          </Button>
        </Group>
      </Paper>
    </li>
  );
}
