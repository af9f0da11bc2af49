// The delete flow of a log: which log the dialog asks about, and which one is being deleted (its autosave
// is blocked meanwhile). Failures are silent (SPEC.md §8): the dialog closes and the log stays.
import { useState } from 'react';
import type { ReadingLog } from '@shared/api/reading';
import { useDeleteReadingLog } from './use-reading-logs';

export function useDeleteLog() {
  const deleteLog = useDeleteReadingLog();
  const [target, setTarget] = useState<ReadingLog | null>(null);
  const [deletingId, setDeletingId] = useState<string | null>(null);

  async function confirm() {
    if (!target) return;
    setDeletingId(target.id);
    try {
      await deleteLog(target.id);
    } catch (error) {
      console.error('The reading log could not be deleted.', error);
    } finally {
      setDeletingId(null);
      setTarget(null);
    }
  }

  return {
    target,
    deletingId,
    ask: (log: ReadingLog) => setTarget(log),
    cancel: () => setTarget(null),
    confirm: () => void confirm(),
  };
}
