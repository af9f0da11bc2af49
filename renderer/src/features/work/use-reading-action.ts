// The reader's state for the work page's action (SPEC.md §4 "Work page action"): the latest event on the
// shown edition and the latest on any edition of the work, read through reading-events.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReadingEventType, WorkPageAction } from '@shared/domain/reading-state';
import { workPageAction } from '@shared/domain/reading-state';
import { useSfQuery } from '../../hooks/use-sf-query';
import { useBackend } from '../../platform/backend-context';
import { SfError } from '../../platform/errors';
import { markStale } from '../../stale-data';

export interface ReadingActionState {
  /** null while loading or when the state could not be read. */
  action: WorkPageAction | null;
  failed: boolean;
  /** The edition being read when the action is 'another-edition-active'. */
  otherEdition: { id: string; title: string } | null;
  /**
   * When the reader last finished this work (any edition), if that is the latest thing they did with it:
   * the page then says so and offers reading it again rather than a bare 'Start Reading'.
   */
  finishedAt: string | null;
  start(): void;
  resume(): void;
  busy: boolean;
  error: string | null;
}

/** The server's text for a refused event (SPEC.md §8 "Work"), else the fallback. */
function progressErrorText(error: unknown): string {
  return error instanceof SfError && error.error ? error.error : 'Something went wrong';
}

export function useReadingAction(workId: string, editionId: string): ReadingActionState {
  const backend = useBackend();
  const queryClient = useQueryClient();
  const onEdition = useSfQuery('reading-events', { work_id: workId, edition_id: editionId, limit: 1 });
  const onWork = useSfQuery('reading-events', { work_id: workId, limit: 1 });

  const logEvent = useMutation({
    // One write: the server puts a started book on Currently Reading in the event's own transaction.
    mutationFn: (eventType: Extract<ReadingEventType, 'start' | 'resume'>) =>
      backend.sf('log-progress-event', { work_id: workId, edition_id: editionId, event_type: eventType }),
    onSettled: () => markStale(queryClient, 'readingEvent'),
  });

  const latestOnWork = onWork.data?.events[0] ?? null;
  const action =
    onEdition.data && onWork.data
      ? workPageAction(editionId, onEdition.data.events[0]?.event_type ?? null, latestOnWork)
      : null;

  return {
    action,
    failed: onEdition.isError || onWork.isError,
    otherEdition: action === 'another-edition-active' && latestOnWork ? latestOnWork.editions : null,
    finishedAt: action === 'none' && latestOnWork?.event_type === 'finish' ? latestOnWork.created_at : null,
    start: () => logEvent.mutate('start'),
    resume: () => logEvent.mutate('resume'),
    busy: logEvent.isPending,
    error: logEvent.isError ? progressErrorText(logEvent.error) : null,
  };
}
