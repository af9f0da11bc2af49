// Keeps one import's counts up to date while it runs (import-status, polled through react-query), and
// tells the desktop shell about it: taskbar progress while it runs, a notification when an import the
// reader watched here finishes. When it ends, everything an import can change is refetched.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { ImportStatus } from '@shared/api/imports';
import { sfQueryKey } from '../../hooks/use-sf-query';
import { importReportPath } from '../../paths';
import { useBackend } from '../../platform/backend-context';
import { countsWords, isInProgress } from './import-states';
import { secondsLeft } from './time-left';
import type { ProgressSample } from './time-left';

/** Often enough that the bar visibly moves, rarely enough that a long import costs the server little. */
export const POLL_INTERVAL_MS = 1000;

export interface WatchedImport {
  status: ImportStatus;
  /** The first time this page saw the import running, to measure its pace from; null when not running. */
  firstRunning: ProgressSample | null;
  latest: ProgressSample;
}

export function importWatchKey(importId: string) {
  // Counts only: one row keeps the answer small; the report pages through the rows itself.
  return sfQueryKey('import-status', { import_id: importId, limit: 1 });
}

export function useImportWatch(importId: string) {
  const backend = useBackend();
  const queryClient = useQueryClient();
  const key = importWatchKey(importId);

  const query = useQuery({
    queryKey: key,
    queryFn: async (): Promise<WatchedImport> => {
      const previous = queryClient.getQueryData<WatchedImport>(key);
      const status = await backend.sf('import-status', { import_id: importId, limit: 1 });
      const latest = { processed: status.processed, at: Date.now() };
      const stillRunning = status.state === 'running' && previous?.status.state === 'running';
      const firstRunning =
        status.state !== 'running' ? null : stillRunning ? (previous.firstRunning ?? latest) : latest;
      return { status, firstRunning, latest };
    },
    refetchInterval: (q) => (isInProgress(q.state.data?.status.state) ? POLL_INTERVAL_MS : false),
  });

  const status = query.data?.status;
  const state = status?.state;
  const fraction = status && status.total > 0 ? status.processed / status.total : 0;
  const active = isInProgress(state);

  useEffect(() => {
    if (!active) return;
    backend.setTaskbarProgress?.(fraction);
  }, [backend, active, fraction]);

  useEffect(() => {
    if (!active) return;
    // Leaving the page, or the import ending, clears the taskbar: nobody would update it any more.
    return () => backend.setTaskbarProgress?.(null);
  }, [backend, active]);

  const seenInProgress = useRef(false);
  useEffect(() => {
    if (!status) return;
    if (isInProgress(status.state)) {
      seenInProgress.current = true;
      return;
    }
    if (!seenInProgress.current) return;
    seenInProgress.current = false;
    // Shelves, reads, reviews, goals and the catalogue itself may all have changed.
    void queryClient.invalidateQueries({ queryKey: ['sf'] });
    backend.notify?.({
      kind: 'import-finished',
      title: status.state === 'done' ? 'Import finished' : 'Import failed',
      body:
        status.state === 'done'
          ? `${status.file_name}: ${countsWords(status)}.`
          : `${status.file_name}: ${status.error ?? 'the import stopped.'}`,
      // A click opens this import's report, not just the page.
      path: importReportPath(status.import_id),
    });
  }, [backend, queryClient, status]);

  const timeLeft =
    query.data?.firstRunning && status
      ? secondsLeft(query.data.firstRunning, query.data.latest, status.total)
      : null;

  return { query, status, timeLeft };
}
