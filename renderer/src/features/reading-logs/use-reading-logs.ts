// The reader's logs, a page at a time by cursor, and the local copy kept up to date after an edit or a
// delete (SPEC.md §7: update-reading-log "ok updates local", delete-reading-log "ok removes locally").
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { ResponseOf } from '@shared/api/endpoints';
import type { ReadingLog } from '@shared/api/reading';
import { sfQueryKey } from '../../hooks/use-sf-query';
import { useBackend } from '../../platform/backend-context';
import { markStale } from '../../stale-data';
import type { LogUpdate } from './log-inputs';
import { applyLogUpdate } from './log-inputs';

export const LOGS_PAGE_SIZE = 20;

type LogsPage = ResponseOf<'list-reading-logs'>;
type LogsData = InfiniteData<LogsPage, string | null>;

/** Under sfQueryKey('list-reading-logs'), so invalidating that key reloads the list too. */
export const readingLogsKey = [...sfQueryKey('list-reading-logs'), 'by-cursor'] as const;

export function useReadingLogs() {
  const backend = useBackend();
  return useInfiniteQuery({
    queryKey: readingLogsKey,
    queryFn: ({ pageParam }) =>
      backend.sf(
        'list-reading-logs',
        pageParam ? { limit: LOGS_PAGE_SIZE, after: pageParam } : { limit: LOGS_PAGE_SIZE },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last: LogsPage) => last.next_cursor,
  });
}

function changeLogs(queryClient: QueryClient, change: (logs: ReadingLog[]) => ReadingLog[]) {
  queryClient.setQueryData<LogsData>(
    readingLogsKey,
    (data) => data && { ...data, pages: data.pages.map((page) => ({ ...page, logs: change(page.logs) })) },
  );
}

const findLog = (queryClient: QueryClient, id: string) =>
  queryClient
    .getQueryData<LogsData>(readingLogsKey)
    ?.pages.flatMap((page) => page.logs)
    .find((log) => log.id === id);

const sameLocation = (a: ReadingLog, b: ReadingLog) =>
  a.start_page === b.start_page &&
  a.end_page === b.end_page &&
  a.start_percent === b.start_percent &&
  a.end_percent === b.end_percent;

/** Saves a log; throws when the server refuses, so the autosave can show it. */
export function useSaveReadingLog(): (update: LogUpdate) => Promise<void> {
  const backend = useBackend();
  const queryClient = useQueryClient();
  return useCallback(
    async (update: LogUpdate) => {
      await backend.sf('update-reading-log', update);
      const before = findLog(queryClient, update.id);
      const after = before && applyLogUpdate(before, update);
      changeLogs(queryClient, (logs) => logs.map((log) => (log.id === update.id && after ? after : log)));
      const moved = !before || !after || !sameLocation(before, after);
      void markStale(queryClient, moved ? 'logLocation' : 'logNote');
    },
    [backend, queryClient],
  );
}

/** Deletes a log; throws when the server refuses. */
export function useDeleteReadingLog(): (id: string) => Promise<void> {
  const backend = useBackend();
  const queryClient = useQueryClient();
  return useCallback(
    async (id: string) => {
      await backend.sf('delete-reading-log', { log_id: id });
      changeLogs(queryClient, (logs) => logs.filter((log) => log.id !== id));
      void markStale(queryClient, 'logDelete');
    },
    [backend, queryClient],
  );
}
