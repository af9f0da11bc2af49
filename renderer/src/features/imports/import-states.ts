// Words and colours for an import's state and its rows' outcomes, shared by the progress panel, the report
// and the list of past imports so all three say the same thing.
import type { ImportState, ImportSummary, RowOutcome } from '@shared/api/imports';

/** Queued and running imports are still moving: the page polls them and the reader cannot start another. */
export const isInProgress = (state: ImportState | undefined): boolean =>
  state === 'queued' || state === 'running';

export const STATE_WORDS: Record<ImportState, string> = {
  queued: 'Waiting to start',
  running: 'Importing',
  done: 'Finished',
  failed: 'Failed',
};

export const STATE_COLOURS: Record<ImportState, string> = {
  queued: 'gray',
  running: 'blue',
  done: 'teal',
  failed: 'red',
};

export type FinalOutcome = Exclude<RowOutcome, 'pending'>;
export const FINAL_OUTCOMES: readonly FinalOutcome[] = ['matched', 'created', 'skipped', 'failed'];

export const OUTCOME_WORDS: Record<FinalOutcome, string> = {
  matched: 'Matched',
  created: 'Created',
  skipped: 'Skipped',
  failed: 'Failed',
};

export const OUTCOME_COLOURS: Record<RowOutcome, string> = {
  pending: 'gray',
  matched: 'teal',
  created: 'blue',
  skipped: 'yellow',
  failed: 'red',
};

/** '120 matched, 3 created, 0 skipped, 1 failed': every row accounted for, in one line. */
export function countsWords(summary: Pick<ImportSummary, FinalOutcome>): string {
  return FINAL_OUTCOMES.map((outcome) => `${summary[outcome].toLocaleString('en-US')} ${outcome}`).join(', ');
}

/** The one line a running import shows when it ends. */
export function outcomeWords(status: Pick<ImportSummary, 'state' | 'total' | 'processed' | FinalOutcome>) {
  const n = (value: number) => value.toLocaleString('en-US');
  return status.state === 'failed'
    ? `Import failed after ${n(status.processed)} of ${n(status.total)} rows: ${countsWords(status)}.`
    : `Import finished: ${n(status.total)} rows, ${countsWords(status)}.`;
}

/**
 * What screen readers hear: the state, and every tenth of the way while it runs rather than each poll, so
 * the page does not talk over everything else once a second.
 */
export function progressAnnouncement(
  status: Pick<ImportSummary, 'state' | 'total' | 'processed' | FinalOutcome>,
): string {
  if (status.state === 'queued') return 'Import waiting to start.';
  if (status.state === 'running') {
    const percent = status.total > 0 ? (status.processed / status.total) * 100 : 0;
    return `Importing: ${Math.floor(percent / 10) * 10}% done.`;
  }
  return outcomeWords(status);
}
